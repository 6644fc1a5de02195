import type { TFunction } from "i18next";

/**
 * A validation message for display. Zod schemas in domain/ carry message keys ("passwordMin"),
 * which the "api" namespace translates; messages from the server arrive already translated and,
 * being no key of it, pass through. Reading the namespace instead of domain/messages.ts keeps both
 * languages' messages off the screens that load it (a form brings it with its checks).
 */
export function displayMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t(`api:${message}`, { defaultValue: message });
}
