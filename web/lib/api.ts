import { IDLE_REQUEST_HEADER } from "@domain/limits";
import i18n, { currentLanguage } from "../i18n/setup";
import { errorBody, type HttpMethod, jsonBody, send } from "./http";

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
  method?: HttpMethod;
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

function unexpectedError(status: number): ApiError {
  return new ApiError(status, i18n.t("errors.unexpected"));
}

/**
 * Whether a 503 is one of the server's own, which says in the user's language what cannot be
 * reached just now (Stripe, the files' storage, the database) and that trying later will do. Fastify's
 * own 503 while the server closes says "Service Unavailable" in English beside its `statusCode`; a
 * proxy's is not JSON.
 */
const saysWhatIsUnavailable = (status: number, body: unknown) =>
  status === 503 && typeof body === "object" && body !== null && !("statusCode" in body);

/** A failed answer as an ApiError: the server's message and field errors, or our own sentence for a 5xx or no message. */
export function toApiError(status: number, body: unknown): ApiError {
  const { message, errors, rules } = errorBody(body);
  // Other 5xx bodies are generic by design; show our own translated sentence for them.
  if (message === undefined || status === 0 || (status >= 500 && !saysWhatIsUnavailable(status, body))) {
    return unexpectedError(status);
  }
  return new ApiError(status, message, errors, rules);
}

/** One call with the session cookie, CSRF header and the dashboard's language; a failure throws an ApiError. */
async function call(path: string, options: RequestOptions, accept?: string): Promise<Response> {
  const idle = options.idle ?? isIdle();
  let response: Response;
  try {
    response = await send(path, {
      method: options.method,
      body: options.body,
      signal: options.signal,
      headers: idle ? { ...options.headers, [IDLE_REQUEST_HEADER]: "1" } : options.headers,
      language: currentLanguage(),
      accept,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    // No answer at all (offline, the server down): say so, not "an unexpected error".
    throw new ApiError(0, i18n.t("errors.unreachable"));
  }
  if (!response.ok) {
    const error = toApiError(response.status, await jsonBody(response));
    if (response.status === 401 && options.endSessionOn401 !== false) unauthorizedHandler();
    throw error;
  }
  return response;
}

/** Calls the same-origin API and resolves with its JSON answer (undefined for a 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await call(path, options);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw unexpectedError(response.status);
  }
}

/** Fetches a file the API makes (a CSV export) as a Blob, through the same checks as apiRequest. */
export async function apiDownload(
  path: string,
  accept: string,
  options: Omit<RequestOptions, "method" | "body"> = {},
): Promise<Blob> {
  const response = await call(path, options, accept);
  return response.blob();
}
