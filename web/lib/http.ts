import type { Language } from "@domain/languages";

/**
 * How the browser talks to the API, for the dashboard (web/lib/api.ts, web/lib/upload.ts) and the
 * public pages (web/public/lib/api.ts) alike: same-origin with the cookies, the language in
 * Accept-Language, the XSRF token on unsafe methods, and a failed answer's body read one way.
 * Nothing here translates or keeps a session: each client says what a failure means to its people.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type HttpRequest = {
  method?: HttpMethod;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
  /** The language answers and messages should be in. */
  language: Language;
  /** What the answer should be: JSON unless told (`text/csv` for an export). */
  accept?: string;
  /**
   * Where the XSRF token of an unsafe method comes from: its cookie, asked from the server first
   * when missing (`ask`, the dashboard), or the cookie the page came with only (`cookie`, the
   * public pages: a visitor without our cookies needs none, and is given none). A call sent without
   * a token and refused (403) is sent again once, asking first: the browser kept an owner's session
   * but not its token (one from before the token lasted as long as the session).
   */
  xsrf?: "ask" | "cookie";
};

const XSRF_COOKIE = "XSRF-TOKEN";
/** Set on an answer refused by the server's CSRF check only (server/http/auth.ts). */
const XSRF_REFUSED_HEADER = "X-XSRF-Refused";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

let csrfCookieRequest: Promise<void> | null = null;

/** The XSRF token the server checks on unsafe methods; with `ask`, fetched once when the cookie is missing. */
async function xsrfToken(xsrf: "ask" | "cookie"): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing || xsrf === "cookie") return existing;
  csrfCookieRequest ??= fetch("/api/sanctum/csrf-cookie", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  })
    .then(() => undefined)
    .finally(() => {
      csrfCookieRequest = null;
    });
  await csrfCookieRequest;
  return readCookie(XSRF_COOKIE);
}

/** The headers every call carries (Accept, Accept-Language, X-XSRF-TOKEN on unsafe methods), after the caller's own. */
export async function requestHeaders(request: Omit<HttpRequest, "body" | "signal">): Promise<Headers> {
  const method = request.method ?? "GET";
  const headers = new Headers({
    ...request.headers,
    Accept: request.accept ?? "application/json",
    "Accept-Language": request.language,
  });
  if (!SAFE_METHODS.has(method)) {
    const token = await xsrfToken(request.xsrf ?? "ask");
    if (token) headers.set("X-XSRF-TOKEN", token);
  }
  return headers;
}

/** Sends a same-origin request with the headers above; a network failure rejects as `fetch` does. */
export async function send(path: string, request: HttpRequest): Promise<Response> {
  const headers = await requestHeaders(request);
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(request.body);
  }
  const response = await fetch(path, {
    method: request.method ?? "GET",
    headers,
    body,
    credentials: "same-origin",
    signal: request.signal,
  });
  // The CSRF check refuses before doing anything (and says it was the check), so sending again
  // changes nothing twice.
  const refusedWithoutToken =
    request.xsrf === "cookie" && !headers.has("X-XSRF-TOKEN") && response.headers.get(XSRF_REFUSED_HEADER) === "1";
  return refusedWithoutToken ? send(path, { ...request, xsrf: "ask" }) : response;
}

/** An answer's JSON body, or undefined when it has none or it is not JSON. */
export const jsonBody = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/** What a failed answer says: its message (undefined when it gives none), field errors and the rules behind it. */
export type ErrorBody = { message?: string; errors?: Record<string, string[]>; rules?: string[] };

/** Reads a failed answer's JSON body (`{ message, errors, rules }`), whatever else it holds. */
export function errorBody(body: unknown): ErrorBody {
  if (!body || typeof body !== "object") return {};
  const { message, errors, rules } = body as { message?: unknown; errors?: unknown; rules?: unknown };
  return {
    message: typeof message === "string" ? message : undefined,
    errors: errors && typeof errors === "object" ? (errors as Record<string, string[]>) : undefined,
    rules: Array.isArray(rules) ? rules.filter((rule) => typeof rule === "string") : undefined,
  };
}
