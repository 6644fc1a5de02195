import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * Secrets that travel in URLs, kept out of the logs: a calendar feed's path is its token, and a
 * customer's links to their reservation carry theirs in `?t=`. Logs keep the URL's shape.
 */
export const redactUrlSecrets = (url: string) =>
  url
    .replace(/^\/+api\/+calendar\/+[^/?#]*/i, "/api/calendar/[redacted]")
    // However a client spells it (an attacker's walk logged `?T=`, `;t=` and `//calendar/` whole):
    // such URLs open nothing, but a token is a token.
    .replace(/([?&;]t=)[^&;#]*/gi, "$1[redacted]");

/**
 * Headers that carry credentials: never in a log line, whatever the level. Besides the request's,
 * plugins log header copies at trace level (@fastify/multipart's `busboyOptions.headers`).
 */
export const REDACTED_HEADERS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.headers.authorization",
  "*.headers.cookie",
];

/** Fastify's own request serializer, with the URL's secrets taken out. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** The app's logger options with secrets redacted; `false` (no logger) stays as it is. */
export function withRedactedSecrets(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: REDACTED_HEADERS,
    serializers: { ...options.serializers, req: serializeRequest },
  };
}
