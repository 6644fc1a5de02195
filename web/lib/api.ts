import { IDLE_REQUEST_HEADER } from "../../domain/limits";
import i18n, { currentLanguage } from "../i18n/setup";

/** Any failed call: the HTTP status (0 when the network failed), a readable message and field errors. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    /** The rules behind a refusal, when the server names them (`availability` for a car taken). */
    public readonly rules?: string[],
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The first message the server gave for a field, or undefined. */
  fieldMessage(field: string): string | undefined {
    return this.errors?.[field]?.[0];
  }

  /** The same error with the field `from`, and those under it, named `to` instead (a form's own names). */
  under(from: string, to: string): ApiError {
    const renamed = Object.entries(this.errors ?? {}).map(([field, messages]) => [
      field === from || field.startsWith(`${from}.`) ? `${to}${field.slice(from.length)}` : field,
      messages,
    ]);
    return new ApiError(this.status, this.message, Object.fromEntries(renamed), this.rules);
  }
}

/** The server answered 404: the thing is gone (or never was the caller's), so retrying cannot help. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
  /**
   * A 401 normally ends the local session. The login call opts out: there a 401 or 422 is an
   * answer about the credentials, not about a session.
   */
  endSessionOn401?: boolean;
  /** Whether the call is made with nobody at the page (the idle header); unset: the idle check decides. */
  idle?: boolean;
};

const XSRF_COOKIE = "XSRF-TOKEN";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

let unauthorizedHandler: () => void = () => {};

/** Registers what happens when any call answers 401 (the dashboard asks for the password again). */
export function onUnauthorized(handler: () => void) {
  unauthorizedHandler = handler;
}

let isIdle: () => boolean = () => false;

/**
 * Registers how to tell that nobody is at the page (the dashboard: no input for a minute). Calls
 * made then carry the idle header, so a poll or a refresh keeps no session open (issue 25.3).
 */
export function setIdleCheck(check: () => boolean) {
  isIdle = check;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(";")) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

let csrfCookieRequest: Promise<void> | null = null;

/** The XSRF token the server checks on unsafe methods; fetched once when the cookie is missing. */
async function xsrfToken(): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
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

function unexpectedError(status: number): ApiError {
  return new ApiError(status, i18n.t("errors.unexpected"));
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: unknown; errors?: unknown; rules?: unknown };
    if (typeof body.message !== "string") return unexpectedError(response.status);
    const errors =
      body.errors && typeof body.errors === "object" ? (body.errors as Record<string, string[]>) : undefined;
    // 5xx bodies are generic by design; show our own translated sentence for them.
    if (response.status >= 500) return unexpectedError(response.status);
    const rules = Array.isArray(body.rules) ? body.rules.filter((rule) => typeof rule === "string") : undefined;
    return new ApiError(response.status, body.message, errors, rules);
  } catch {
    return unexpectedError(response.status);
  }
}

/** Calls the same-origin API with the session cookie, CSRF header and the dashboard's language. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers = new Headers({ ...options.headers, Accept: "application/json", "Accept-Language": currentLanguage() });
  if (options.idle ?? isIdle()) headers.set(IDLE_REQUEST_HEADER, "1");
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  if (!SAFE_METHODS.has(method)) {
    const token = await xsrfToken();
    if (token) headers.set("X-XSRF-TOKEN", token);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: "same-origin", signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw unexpectedError(0);
  }

  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && options.endSessionOn401 !== false) unauthorizedHandler();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw unexpectedError(response.status);
  }
}
