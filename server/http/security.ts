import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers with a real Content-Security-Policy: scripts only from our own origin, no
 * inline script, no framing. Inline styles stay allowed because toasts and Radix set style.
 * Images may also come from the S3 bucket's public address, when uploads live there.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  https: boolean,
  storageOrigin: string | null = null,
) {
  await app.register(helmet, {
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
}
