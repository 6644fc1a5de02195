import type { Language } from "@domain/languages";
import type { QuotedPayment } from "@domain/payments";
import type { PriceBreakdownJson } from "@domain/price-breakdown";
import { errorBody, jsonBody, send } from "@web/lib/http";

/**
 * Calls the public pages make from the browser (never at import time, never on the server), through
 * the browser's one API client core (web/lib/http.ts). The XSRF token is the cookie the page came
 * with; a failure is an answer to explain on the page, not an exception.
 */

export type ApiAnswer<T> =
  | {
      ok: true;
      status: number;
      body: T;
      /** The server answered with what an earlier call of the same Idempotency-Key made (`Idempotent-Replayed`). */
      replayed: boolean;
    }
  | {
      ok: false;
      status: number;
      message: string;
      errors?: Record<string, string[]>;
      /** The rule behind a refusal, when the server names it (`availability`, `price`). */
      rules?: string[];
    };

export async function callApi<T>(
  path: string,
  language: Language,
  init: { method?: "GET" | "POST" | "PUT"; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const response = await send(path, { ...init, language, xsrf: "cookie" });
  const parsed = await jsonBody(response);
  if (response.ok) {
    const body = (parsed === undefined ? {} : parsed) as T;
    return {
      ok: true,
      status: response.status,
      body,
      replayed: response.headers.get("idempotent-replayed") === "true",
    };
  }
  const { message, errors, rules } = errorBody(parsed);
  return { ok: false, status: response.status, message: message ?? "", errors, rules };
}

/** The server's quote for the review page (GET /api/publicLanding/{name}/quote): every line, and the rules' verdict. */
export type Quote = PriceBreakdownJson & {
  /** The vehicle's deposit: held at pickup, or on the card when `payment` says so. */
  deposit_cents: number;
  /** How the booking would be paid (issue 27); null when all is paid at pickup. */
  payment: QuotedPayment | null;
  available: boolean;
  /** What the rules refuse (200 all the same: the page explains). */
  problems?: { rule: string; field: string; message: string }[];
};
