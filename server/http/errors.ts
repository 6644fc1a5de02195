import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { type Language, languageFromHeader } from "@domain/languages";
import { type ApiMessageKey, isApiMessageKey, translate } from "@domain/messages";
import { RESERVED_LANDING_NAMES } from "@domain/routes";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ZodError } from "zod";
import { isDatabaseUnavailable } from "../db/errors";
import { sendErrorPage, statusPageHtml } from "../ssr";
import { t } from "./language";
import { securityHeaders } from "./security";

/**
 * An error that is the request's answer. One the client is to fix (a 4xx) captures no stack: it
 * is never logged, and capturing one was 2 % of the server's time on the booking's 409 path
 * (issue 29). One of ours (a 5xx) keeps its stack, which the error handler logs.
 */
class AnswerError extends Error {
  constructor(message: string, statusCode: number) {
    const stackTraceLimit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** An error a person should read: a status and a message key translated per request. */
export class HttpError extends AnswerError {
  constructor(
    public readonly statusCode: number,
    public readonly key: ApiMessageKey,
    public readonly params: Record<string, string | number> = {},
    /** The rental rules that stopped the request (issue 10), for the client to tell them apart. */
    public readonly rules: string[] = [],
  ) {
    super(key, statusCode);
  }
}

/** A message key of domain/messages.ts, with the values its text needs. */
export type FieldMessage = ApiMessageKey | { key: ApiMessageKey; params: Record<string, string | number> };

/** A 422 with messages per field. */
export class ValidationError extends AnswerError {
  constructor(
    public readonly fields: Record<string, FieldMessage[]>,
    /** The rental rules that refused the input (issue 10): `minDays`, `closedDay`, ... */
    public readonly rules: string[] = [],
  ) {
    super("validation", 422);
  }

  static field(field: string, key: ApiMessageKey, params?: Record<string, string | number>): ValidationError {
    return new ValidationError({ [field]: [params ? { key, params } : key] });
  }

  static fromZod(error: ZodError): ValidationError {
    return new ValidationError(
      groupIssues(error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }))),
    );
  }
}

type Issue = { path: string; message: string };

function groupIssues(issues: Issue[]): Record<string, ApiMessageKey[]> {
  const fields: Record<string, ApiMessageKey[]> = {};
  for (const issue of issues) {
    const key: ApiMessageKey = isApiMessageKey(issue.message) ? issue.message : "invalid";
    const field = issue.path || "body";
    fields[field] ??= [];
    if (!fields[field].includes(key)) fields[field].push(key);
  }
  return fields;
}

function sendValidation(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, FieldMessage[]>,
  rules: string[] = [],
) {
  const errors = Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map((m) => (typeof m === "string" ? t(request, m) : t(request, m.key, m.params))),
    ]),
  );
  const first = Object.values(errors)[0]?.[0] ?? t(request, "validationFailed");
  return reply.status(422).send(rules.length > 0 ? { message: first, errors, rules } : { message: first, errors });
}

const statusKeys: Record<number, ApiMessageKey> = {
  400: "badRequest",
  401: "unauthenticated",
  403: "forbidden",
  404: "notFound",
  413: "payloadTooLarge",
  415: "unsupportedMediaType",
  429: "tooManyRequests",
};

/** Postgres SQLSTATE class 22, "data exception", as pg and PGlite report it (possibly wrapped). */
function isDataException(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  const sqlState = typeof code === "string" ? code : cause?.code;
  return typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState);
}

/** A browser asking for a page (not the API): it gets an HTML error page rather than JSON. */
function wantsPage(request: FastifyRequest) {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.url.startsWith("/api/") &&
    request.headers.accept?.includes("text/html") === true
  );
}

/** One error handler for the whole API: every error leaves as `{ message }` or the 422 shape. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationError) return sendValidation(request, reply, error.fields, error.rules);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that cannot name anything (a malformed slug or reference) is a 404, not a form error.
      // Stryker disable next-line OptionalChaining: zod names every issue (the type allows none).
      const notFound = error.validation.find(
        (issue) => issue.message === "notFound" || issue.message?.endsWith("NotFound"),
      );
      if (error.validationContext === "params" && notFound && isApiMessageKey(notFound.message ?? "")) {
        return reply.status(404).send({ message: t(request, notFound.message as ApiMessageKey) });
      }
      return sendValidation(
        request,
        reply,
        groupIssues(
          error.validation.map((issue) => ({
            // Stryker disable next-line Regex: a JSON pointer is empty or starts with its only leading "/".
            path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
            message: issue.message ?? "invalid",
          })),
        ),
      );
    }
    if (error instanceof HttpError) {
      // A 5xx of ours (storage unreachable) is the operator's problem: keep its cause in the log.
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, `request failed: ${error.key}`);
      if (error.statusCode === 503) reply.header("retry-after", "60");
      // A limit that tells the person when to try again tells programs too (Retry-After, seconds):
      // the general rate limit did, the sign-in's, the bookings' and the reset links' did not.
      if (error.statusCode === 429 && typeof error.params.minutes === "number") {
        reply.header("retry-after", String(error.params.minutes * 60));
      }
      const message = t(request, error.key, error.params);
      return reply
        .status(error.statusCode)
        .send(error.rules.length > 0 ? { message, rules: error.rules } : { message });
    }
    if (isDataException(error)) {
      // Postgres refused a value (a NUL byte in text, a number out of range): the input was bad.
      return reply.status(400).send({ message: t(request, "badRequest") });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "request failed: database unavailable");
      reply.header("retry-after", "5");
      if (wantsPage(request)) return sendErrorPage(request, reply, 503);
      return reply.status(503).send({ message: t(request, "serviceUnavailable") });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      if (wantsPage(request)) return sendErrorPage(request, reply, 500);
      return reply.status(500).send({ message: t(request, "serverError"), request_id: request.id });
    }
    const key = statusKeys[status] ?? "badRequest";
    return reply.status(status).send({ message: t(request, key) });
  });
}

/**
 * Fastify's `frameworkErrors` option: errors met before a route is found (a path with a broken
 * %-escape such as `/api/vehicles/%ZZ`). Without it Fastify answers them itself, in English, with
 * its own `{ error, code, message, statusCode }` body echoing the path and none of our headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({ message: t(request, statusKeys[status] ?? "badRequest") });
}

/**
 * Fastify's `clientErrorHandler`: a request Node refuses before Fastify sees it, as our `{ message }`
 * rather than Fastify's English `{ error, message, statusCode }`. An address or headers over Node's
 * 16 KB answer 431 (an attacker's walk got English JSON for a searched list with a 20,000-character
 * query), headers too slow 408, anything unreadable 400. The headers were never parsed: the language
 * is read from the bytes that did arrive, and said in both when none names it (a long address
 * arrives in pieces before its Accept-Language). The rest the client sends is read and dropped, so
 * it gets to read the answer instead of a broken connection; a client that goes on is cut after 5 s.
 */
export function clientErrors(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, key]: [number, ApiMessageKey] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "headersTooLarge"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "requestTimeout"]
        : [400, "badRequest"];
  const sent = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : "";
  const named = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(sent)?.[1];
  const languages: [Language, ...Language[]] = named ? [languageFromHeader(named)] : ["es", "en"];
  const answer =
    status === 431 && asksForPage(sent) ? tooLongPage(languages, siteHomeOf(sent)) : jsonAnswer(status, key, languages);
  // A client too slow is cut at once, as the limits it ran into mean (client-timeouts.ts).
  if (!socket.writable || status === 408) {
    if (socket.writable) socket.write(answer);
    socket.destroy();
    return;
  }
  socket.on("error", () => socket.destroy());
  socket.setTimeout(5_000, () => socket.destroy());
  socket.resume();
  socket.end(answer);
}

/**
 * Whether the bytes that arrived show a browser opening a page: a GET (or HEAD) of an address not
 * under /api, or an Accept naming text/html outside /api. A request whose bytes show neither (an
 * address so long that its first bytes came in an earlier piece) keeps the API's JSON, as before.
 */
function asksForPage(sent: string): boolean {
  const line = /^([A-Z]+) (\S+)/.exec(sent);
  if (line && /^\/api(?:[/?]|$)/.test(line[2] ?? "")) return false;
  const accept = /\r\naccept:[ \t]*([^\r\n]*)/i.exec(sent)?.[1] ?? "";
  return line?.[1] === "GET" || line?.[1] === "HEAD" || /\btext\/html\b/i.test(accept);
}

/** A public page's own name after a landing's (`/caribe-autos/vehicle`), never a landing's. */
const PUBLIC_PAGES = new Set(["vehicle", "vehicles", "additions", "review", "thanks-you", "faq", "reservation"]);

/**
 * Where the too-long page leads back to: the landing's home when the address's first segment names
 * one (`/caribe-autos/vehicle?…` on Nelly's host: `/caribe-autos`, not Nelly's sign-in, where a
 * traveller was sent), else `/` (on a landing's own domain, its home: `/vehicle?…` names a page).
 * Only a well-formed name is taken from the bytes, so nothing else of them reaches the page.
 */
function siteHomeOf(sent: string): string {
  const segment = /^[A-Z]+ \/([^/?#\s]*)/.exec(sent)?.[1] ?? "";
  const landing =
    /^[a-z0-9-]{1,100}$/.test(segment) && !RESERVED_LANDING_NAMES.has(segment) && !PUBLIC_PAGES.has(segment);
  return landing ? `/${segment}` : "/";
}

/** A whole HTTP answer, closing the connection, with the body given. */
const rawAnswer = (status: number, headers: Record<string, string>, body: string) =>
  `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

function jsonAnswer(status: number, key: ApiMessageKey, languages: Language[]) {
  const message = languages.map((language) => translate(language, key)).join(" / ");
  return rawAnswer(status, { "Content-Type": "application/json; charset=utf-8" }, JSON.stringify({ message }));
}

/** The site's security headers (its Content-Security-Policy: no script runs), read once. */
let pageHeaders: Record<string, string> | undefined;

/**
 * A traveller who followed an address too long to read gets a page, not JSON: what happened and a
 * link home (`siteHomeOf`: the address was never read, so no landing is looked up). Nothing of the
 * bytes received is in it but a landing's well-formed name.
 */
function tooLongPage(languages: [Language, ...Language[]], home: string) {
  pageHeaders ??= securityHeaders(false);
  const html = statusPageHtml(languages, 431, {
    title: "addressTooLongTitle",
    body: "addressTooLongBody",
    link: { text: "pageNotFoundLink", href: home },
  });
  return rawAnswer(
    431,
    { ...pageHeaders, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    html,
  );
}
