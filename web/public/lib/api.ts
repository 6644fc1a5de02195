import type { Language } from "../../../domain/languages";

/** Calls the public pages make from the browser (never at import time, never on the server). */

export type ApiAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string; errors?: Record<string, string[]> };

function xsrfHeader(): Record<string, string> {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie);
  return match?.[1] ? { "X-XSRF-TOKEN": decodeURIComponent(match[1]) } : {};
}

export async function callApi<T>(
  path: string,
  language: Language,
  init: { method?: "GET" | "POST"; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const method = init.method ?? "GET";
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      "Accept-Language": language,
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(method === "GET" ? {} : xsrfHeader()),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, status: response.status, body: body as T };
  return {
    ok: false,
    status: response.status,
    message: typeof body.message === "string" ? body.message : "",
    errors: body.errors as Record<string, string[]> | undefined,
  };
}

/** The server's quote for the review page (GET /api/publicLanding/{name}/quote): every line, and the rules' verdict. */
export type Quote = {
  days: number;
  price_per_day_cents: number;
  rental_lines?: { season: string | null; days: number; price_per_day_cents: number; total_cents: number }[];
  rental_cents: number;
  /** Percent. */
  discount_rate?: number;
  discount_cents?: number;
  fees?: {
    kind: "oneWay" | "afterHoursPickup" | "afterHoursReturn" | "youngDriver";
    total_cents: number;
    per_day_cents: number | null;
  }[];
  fees_cents?: number;
  deposit_cents?: number;
  addons: { id: number; name: string; price_cents: number; quantity: number; total_cents: number }[];
  addons_cents: number;
  subtotal_cents: number;
  tax_label: string;
  tax_rate: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
  available: boolean;
  /** What the rules refuse (200 all the same: the page explains). */
  problems?: { rule: string; field: string; message: string }[];
};
