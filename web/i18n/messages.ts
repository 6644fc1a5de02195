import { isApiMessageKey } from "@domain/messages";
import type { TFunction } from "i18next";

/**
 * A validation message for display. Zod schemas in domain/ carry message keys ("passwordMin"),
 * which are translated here; messages from the server arrive already translated and pass through.
 */
export function displayMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isApiMessageKey(message) ? t(`api:${message}`) : message;
}
