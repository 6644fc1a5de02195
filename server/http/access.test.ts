import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { bearer, browser, createLandingFor, signUp } from "../test/factories";
import { ownerRoute, type RouteAccess, registerAccessControl } from "./access";
import { jsonDepthExceeds } from "./json-body";

const { app } = await createTestApp();

/**
 * The only API routes anyone may call without a session. Adding a public route means adding it
 * here too: making something public is a decision someone has to write down (issue 7.18).
 */
const PUBLIC_ROUTES = [
  "GET /api/health",
  "GET /api/sanctum/csrf-cookie",
  "POST /api/register-nelly",
  "POST /api/login-nelly",
  // Forgot password (issue 25.20): who has forgotten it has no session; the emailed link is the key.
  "POST /api/forgot-password",
  "POST /api/reset-password/check",
  "POST /api/reset-password",
  "GET /api/publicLanding/:name",
  "GET /api/publicLanding/:name/vehicle/:idvehicle",
  "GET /api/vehicle/:id/special-features-public",
  "GET /api/publicLanding/:name/quote",
  "GET /api/publicLanding/:name/availability",
  "POST /api/reservations",
  "GET /api/publicLanding/:name/reservation/:reference",
  "POST /api/publicLanding/:name/reservation/:reference/cancel",
  // Issue 27: the customer goes (again) to their payment page with their booking's secret.
  "POST /api/publicLanding/:name/reservation/:reference/pay",
  // Issue 28.6: express pickup, with the secret of the customer's link (a wrong one is the same 404).
  "GET /api/publicLanding/:name/reservation/:reference/express",
  "PUT /api/publicLanding/:name/reservation/:reference/express/drivers",
  "POST /api/publicLanding/:name/reservation/:reference/express/photos",
  "GET /api/publicLanding/:name/reservation/:reference/express/photos/:photoId",
  "GET /api/publicLanding/:name/reservation/:reference/express/agreement",
  "POST /api/publicLanding/:name/reservation/:reference/express/agreement",
  // Issue 27: Stripe's events, accepted only with the landing's own signing secret.
  "POST /api/payments/stripe/webhook/:landingId",
  // The TLS proxy's question before fetching a certificate for an owner's domain (issue 10).
  "GET /api/custom-domain-check",
  // A landing's calendar feed (issue 11): calendar apps fetch it with no session; its URL is the secret.
  "GET /api/calendar/:file",
];

const key = (route: Pick<RouteAccess, "method" | "url">) => `${route.method} ${route.url}`;
const concrete = (url: string) => url.replace(/:(\w+)/g, "1");

describe("deny by default (issue 7.18)", () => {
  it("gives every API route a decision, and only the listed ones are public", () => {
    const routes = app.routeTable.filter((route) => route.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(30);
    const publicOnes = routes.filter((route) => route.access === "public").map(key);
    expect(publicOnes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it("answers 401 without a session on every owner route, before reading the body", async () => {
    const owners = app.routeTable.filter((route) => route.access === "owner" && route.method !== "HEAD");
    const answers = await Promise.all(
      owners.map(async (route) => {
        const response = await app.inject({
          method: route.method as "GET",
          url: concrete(route.url),
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : { not: "valid" },
        });
        return `${key(route)} -> ${response.statusCode}`;
      }),
    );
    expect(answers.filter((answer) => !answer.endsWith("-> 401"))).toEqual([]);
  });

  it("refuses to start when a route says nothing about who may call it", async () => {
    const start = async () => {
      const server = Fastify();
      await server.register(async (scope) => {
        registerAccessControl(scope, []);
        scope.get("/decided", { config: ownerRoute }, async () => "ok");
        scope.get("/undecided", async () => "oops");
      });
      await server.ready();
    };
    await expect(start()).rejects.toThrow("GET /undecided must declare config.access");
  });
});

describe("owner answers are never cached (issue 7.14)", () => {
  it("sends Cache-Control: no-store on owner calls, answers and refusals alike", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const calls = [
      app.inject({ method: "GET", url: `/api/landing/${owner.id}`, headers: bearer(owner) }),
      app.inject({ method: "GET", url: `/api/landings/${owner.id}/${landing.id}`, headers: browser(owner) }),
      app.inject({ method: "GET", url: "/api/session", headers: bearer(owner) }),
      app.inject({ method: "GET", url: `/api/landing/${owner.id}` }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.headers["cache-control"], response.body).toBe("no-store");
    }
  });
});

describe("JSON nesting (issue 7.12)", () => {
  it("counts depth without parsing, ignoring brackets inside strings", () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds("[".repeat(5000), 32)).toBe(true);
  });

  it("answers 400 with a translated message to a body nested 5,000 levels deep, changing nothing", async () => {
    const owner = await signUp(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/landing",
      payload: `{"display_name":"Deep","addons":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      headers: { ...bearer(owner), "content-type": "application/json", "accept-language": "es" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "La solicitud tiene demasiados niveles anidados." });
    const list = await app.inject({ method: "GET", url: `/api/landing/${owner.id}`, headers: bearer(owner) });
    expect(list.json()).toEqual([]);
  });
});
