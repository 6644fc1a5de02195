import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers with a real Content-Security-Policy: scripts only from our own origin, no
 * inline script, no framing. Inline styles stay allowed because toasts and Radix set style.
 * Images may also come from the S3 bucket's public address, when uploads live there.
 */
export function securityHeaders(https: boolean, storageOrigin: string | null = null): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(storageOrigin ? [storageOrigin] : [])],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
  // Helmet writes the same headers for every request (no nonces, no per-request directives): read
  // them once from a response of our own, instead of building Helmet's middleware per request.
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  middleware({} as IncomingMessage, response, () => undefined);
  return headers;
}

/** Every answer carries the security headers (a route may still change one, as the preview's frame does). */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean, storageOrigin: string | null = null) {
  const headers = securityHeaders(https, storageOrigin);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
