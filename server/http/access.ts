import type { FastifyInstance } from "fastify";
import { requireOwner } from "./auth";

/** Who may call a route: anyone (visitors, sign-in) or a signed-in owner. */
export type Access = "public" | "owner";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its access decision, filled as routes are registered. */
    routeTable: RouteAccess[];
  }
}

/** Route config of calls anyone may make: visitors' reads and writes, signing up and in. */
export const publicRoute = { access: "public" } as const satisfies { access: Access };
/** Route config of owner calls: a session is required and the answer is never cached. */
export const ownerRoute = { access: "owner" } as const satisfies { access: Access };

/** One API route and who may call it: the server's own route table, for tests and docs. */
export type RouteAccess = { method: string; url: string; access: Access };

/**
 * Deny by default. Every route of the scope must say who may call it (a route without a decision
 * stops the server from starting), and anything not explicitly public needs a session, checked
 * before the body is validated so an anonymous caller learns nothing about the payload.
 */
export function registerAccessControl(scope: FastifyInstance, table: RouteAccess[]) {
  scope.addHook("onRoute", (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (access !== "public" && access !== "owner") {
      throw new Error(`${route.method} ${route.url} must declare config.access ("public" or "owner")`);
    }
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });
  scope.addHook("onRequest", async (request, reply) => {
    // Owner answers hold one tenant's data: no browser or proxy may keep a copy.
    if (request.routeOptions.config.access !== "public") reply.header("Cache-Control", "no-store");
  });
  scope.addHook("preValidation", async (request) => {
    if (request.routeOptions.config.access !== "public") await requireOwner(request);
  });
}
