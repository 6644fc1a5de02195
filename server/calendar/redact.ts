import type { FastifyRequest, FastifyServerOptions } from "fastify";

/** The path of a calendar feed holds its secret token: logs keep the path's shape, not the token. */
export const redactCalendarToken = (url: string) =>
  url.replace(/^\/api\/calendar\/[^/?#]*/, "/api/calendar/[redacted]");

/** Fastify's own request serializer, with the feed token taken out of the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactCalendarToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options with request URLs redacted; `false` (no logger) stays as it is. */
export function withRedactedUrls(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
