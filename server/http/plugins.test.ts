import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SESSION_MAX_MS } from "@domain/limits";
import { translate } from "@domain/messages";
import { OWNER_SEGMENTS } from "@domain/routes";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../deps";
import { ownerRoute, publicRoute, type RouteAccess, registerAccessControl } from "./access";
import {
  assertSelf,
  clearSessionCookie,
  ownerIdOf,
  ownerOf,
  registerCsrfCheck,
  SESSION_COOKIE,
  setSessionCookie,
  setXsrfCookie,
  XSRF_COOKIE,
} from "./auth";
import { registerErrorHandler } from "./errors";
import { healthRoutes } from "./health";
import { jsonDepthExceeds, MAX_JSON_DEPTH, registerJsonBodyParser } from "./json-body";
import { registerOwnerApp } from "./owner-app";
import { registerSecurityHeaders } from "./security";

// The HTTP plugins, each on a bare Fastify built inside the test, so that what they register is
// measured by the mutation run too (docs/testing.md).

const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

function bareApp(deps: Partial<AppDeps> = {}) {
  const app = Fastify();
  apps.push(app);
  app.decorate("deps", deps as AppDeps);
  registerErrorHandler(app);
  return app;
}

const en = (key: Parameters<typeof translate>[1]) => translate("en", key);

describe("access control", () => {
  it("lists every route and method with its decision", async () => {
    const app = bareApp();
    const table: RouteAccess[] = [];
    await app.register(async (scope) => {
      registerAccessControl(scope, table);
      scope.route({ method: ["GET", "POST"], url: "/both", config: publicRoute, handler: async () => "ok" });
      scope.delete("/mine", { config: ownerRoute }, async () => "ok");
    });
    await app.ready();
    expect(table).toEqual([
      { method: "GET", url: "/both", access: "public" },
      { method: "POST", url: "/both", access: "public" },
      { method: "HEAD", url: "/both", access: "public" },
      { method: "DELETE", url: "/mine", access: "owner" },
    ]);
  });

  it("refuses a route with an access that is neither public nor owner", async () => {
    const app = bareApp();
    const start = async () => {
      await app.register(async (scope) => {
        registerAccessControl(scope, []);
        scope.get("/odd", { config: { access: "admin" as "owner" } }, async () => "ok");
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow('GET /odd must declare config.access ("public" or "owner")');
  });

  it("lets anyone call a public route, cacheable; an owner route needs a session and is never stored", async () => {
    const app = bareApp();
    await app.register(fastifyCookie);
    await app.register(async (scope) => {
      registerAccessControl(scope, []);
      scope.get("/open", { config: publicRoute }, async () => "ok");
      scope.get("/closed", { config: ownerRoute }, async () => "ok");
    });
    const open = await app.inject({ method: "GET", url: "/open" });
    expect(open.statusCode).toBe(200);
    expect(open.headers["cache-control"]).toBeUndefined();
    const closed = await app.inject({ method: "GET", url: "/closed" });
    expect(closed.statusCode).toBe(401);
    expect(closed.json()).toEqual({ message: en("unauthenticated") });
    expect(closed.headers["cache-control"]).toBe("no-store");
  });
});

describe("CSRF check (double submit)", () => {
  async function csrfApp() {
    const app = bareApp();
    await app.register(fastifyCookie);
    registerCsrfCheck(app);
    // GET answers HEAD too.
    for (const method of ["GET", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const) {
      app.route({ method, url: "/x", handler: async (request) => ({ owner: request.owner }) });
    }
    return app;
  }
  const session = `${SESSION_COOKIE}=s1`;
  const both = `${SESSION_COOKIE}=s1; ${XSRF_COOKIE}=t1`;

  it("lets safe methods, bearer callers and callers without our cookies through", async () => {
    const app = await csrfApp();
    for (const method of ["GET", "HEAD", "OPTIONS"] as const) {
      const response = await app.inject({ method, url: "/x", headers: { cookie: both } });
      expect(response.statusCode, method).toBe(200);
    }
    for (const authorization of ["Bearer abc", "bearer abc", "BEARER   abc"]) {
      const response = await app.inject({ method: "POST", url: "/x", headers: { cookie: both, authorization } });
      expect(response.statusCode, authorization).toBe(200);
    }
    const anonymous = await app.inject({ method: "POST", url: "/x", headers: { cookie: "other=1" } });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ owner: null });
  });

  it("refuses an unsafe call that carries our cookies without the matching header", async () => {
    const app = await csrfApp();
    const refusals = [
      { cookie: session },
      { cookie: `${XSRF_COOKIE}=t1` },
      { cookie: both },
      { cookie: both, "x-xsrf-token": "t2" },
      { cookie: both, "x-xsrf-token": "" },
      { cookie: both, "x-xsrf-token": "t1x" },
      { cookie: session, "x-xsrf-token": "t1" },
      { cookie: both, authorization: "Basic abc" },
      { cookie: both, authorization: "Bearer a b" },
      { cookie: both, authorization: "xBearer abc" },
      { cookie: both, authorization: "Bearerabc" },
    ];
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      for (const headers of refusals) {
        const response = await app.inject({ method, url: "/x", headers });
        expect(response.statusCode, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual({ message: en("csrfMismatch") });
        // Said to be the check's refusal, which a public page answers by asking for a token (web/lib/http.ts).
        expect(response.headers["x-xsrf-refused"]).toBe("1");
      }
      const echoed = await app.inject({ method, url: "/x", headers: { cookie: both, "x-xsrf-token": "t1" } });
      expect(echoed.statusCode, method).toBe(200);
      expect(echoed.headers["x-xsrf-refused"]).toBeUndefined();
    }
  });
});

describe("session and CSRF cookies", () => {
  async function cookieApp(cookieSecure: boolean) {
    const clock = { now: () => new Date("2030-01-01T12:00:00Z") } as AppDeps["clock"];
    const app = bareApp({ config: { cookieSecure } as AppDeps["config"], clock });
    await app.register(fastifyCookie);
    // The cookie lasts until the session's latest end: activity moves the other (issue 25.3).
    const expiresAt = new Date("2030-01-02T03:04:05Z");
    const idleEnd = new Date("2030-01-01T18:04:05Z");
    app.get("/login", async (request, reply) => {
      setSessionCookie(request, reply, { token: "tok", expiresAt: idleEnd, absoluteExpiresAt: expiresAt });
      return "ok";
    });
    app.get("/logout", async (_request, reply) => {
      clearSessionCookie(reply);
      return "ok";
    });
    app.get("/csrf", async (request, reply) => {
      setXsrfCookie(request, reply);
      return "ok";
    });
    return app;
  }

  it("sets the session cookie httpOnly, lax, on the whole site, until the session's latest end", async () => {
    for (const secure of [false, true]) {
      const app = await cookieApp(secure);
      const [cookie, xsrf] = (await app.inject({ method: "GET", url: "/login" })).cookies;
      expect(cookie).toMatchObject({
        name: SESSION_COOKIE,
        value: "tok",
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        expires: new Date("2030-01-02T03:04:05Z"),
      });
      expect(Boolean(cookie?.secure)).toBe(secure);
      // A browser that keeps the session across a restart keeps the token the CSRF check asks for.
      expect(xsrf).toMatchObject({ name: XSRF_COOKIE, path: "/", expires: new Date("2030-01-02T03:04:05Z") });
      expect(xsrf?.httpOnly).toBeFalsy();
    }
  });

  it("clears the session cookie on the whole site", async () => {
    const app = await cookieApp(false);
    const [cookie] = (await app.inject({ method: "GET", url: "/logout" })).cookies;
    expect(cookie).toMatchObject({ name: SESSION_COOKIE, value: "", path: "/" });
    expect(cookie?.expires?.getTime()).toBeLessThan(Date.now());
  });

  it("gives a readable XSRF cookie lasting as long as a session begun now, keeping the one the browser has", async () => {
    for (const secure of [false, true]) {
      const app = await cookieApp(secure);
      const [fresh] = (await app.inject({ method: "GET", url: "/csrf" })).cookies;
      expect(fresh).toMatchObject({
        name: XSRF_COOKIE,
        path: "/",
        sameSite: "Lax",
        expires: new Date(Date.parse("2030-01-01T12:00:00Z") + SESSION_MAX_MS),
      });
      expect(fresh?.httpOnly).toBeFalsy();
      expect(Boolean(fresh?.secure)).toBe(secure);
      expect(fresh?.value).toMatch(/^[\w-]{43}$/);
      const [kept] = (await app.inject({ method: "GET", url: "/csrf", headers: { cookie: `${XSRF_COOKIE}=mine` } }))
        .cookies;
      expect(kept?.value).toBe("mine");
    }
  });
});

describe("the owner of a request", () => {
  it("is 401 without one, 403 for someone else's id", async () => {
    const app = bareApp();
    app.decorateRequest("owner", null);
    app.get("/who/:id", async (request) => {
      const { id } = request.params as { id: string };
      if (id === "none") return ownerOf(request);
      request.owner = { user: { id: 7 }, sessionId: 1, expiresAt: new Date() } as typeof request.owner;
      assertSelf(request, Number(id));
      return { id: ownerIdOf(request) };
    });
    expect((await app.inject({ method: "GET", url: "/who/none" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/who/8" })).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/who/7" })).json()).toEqual({ id: 7 });
  });
});

describe("security headers", () => {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];

  it("sends the policy, and HSTS with upgrade-insecure-requests only over https", async () => {
    for (const https of [false, true]) {
      const app = bareApp();
      await registerSecurityHeaders(app, https);
      app.get("/", async () => "ok");
      const response = await app.inject({ method: "GET", url: "/" });
      const directives = String(response.headers["content-security-policy"]).split(";");
      expect(directives).toEqual(https ? [...csp, "upgrade-insecure-requests"] : csp);
      expect(response.headers["strict-transport-security"] !== undefined).toBe(https);
      expect(response.headers["cross-origin-embedder-policy"]).toBeUndefined();
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
  });
});

describe("JSON bodies", () => {
  it("counts nesting outside strings only", () => {
    expect(jsonDepthExceeds("[[[]]]", 3)).toBe(false);
    expect(jsonDepthExceeds("[[[[]]]]", 3)).toBe(true);
    expect(jsonDepthExceeds("{}{}{}{}{}", 1)).toBe(false);
    expect(jsonDepthExceeds("[][][][][]", 1)).toBe(false);
    expect(jsonDepthExceeds('["\\\\", [[1]]]', 2)).toBe(true);
    expect(jsonDepthExceeds('["\\"[[[", 1]', 1)).toBe(false);
    expect(jsonDepthExceeds('"[[[[" [', 1)).toBe(false);
    expect(jsonDepthExceeds("", 0)).toBe(false);
  });

  it("parses bodies up to the depth limit and refuses deeper ones and prototype keys", async () => {
    const app = bareApp();
    registerJsonBodyParser(app);
    app.post("/echo", async (request) => request.body);
    const post = (payload: string) =>
      app.inject({ method: "POST", url: "/echo", payload, headers: { "content-type": "application/json" } });
    const deepest = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    expect((await post(deepest)).statusCode).toBe(200);
    const tooDeep = await post(`[${deepest}]`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({ message: en("jsonTooDeep") });
    expect((await post('{"a":[1,"b"]}')).json()).toEqual({ a: [1, "b"] });
    expect((await post('{"__proto__":{"admin":true}}')).statusCode).toBe(400);
    expect((await post('{"constructor":{"prototype":{"admin":true}}}')).statusCode).toBe(400);
    expect((await post("{broken")).statusCode).toBe(400);
  });
});

describe("health", () => {
  it("answers ok when the database answers, and 503 with a logged error when it does not", async () => {
    for (const up of [true, false]) {
      const logs: { level: number; msg: string; err?: { message: string } }[] = [];
      const app = Fastify({
        logger: { level: "info", stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
      });
      apps.push(app);
      const db = { execute: async () => (up ? [] : Promise.reject(new Error("down"))) };
      app.decorate("deps", { db } as unknown as AppDeps);
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      registerErrorHandler(app);
      await app.register(healthRoutes);
      const response = await app.inject({ method: "GET", url: "/health", headers: { "accept-language": "es" } });
      if (up) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: "ok" });
      } else {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: translate("es", "databaseUnavailable") });
        const logged = logs.find((line) => line.level === 50);
        expect([logged?.msg, logged?.err?.message]).toEqual(["health check: database unreachable", "down"]);
      }
    }
  });
});

describe("the dashboard's files", () => {
  function webDir(files: Record<string, string>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-web-"));
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return dir;
  }

  it("serves index.html on every owner route, and the icon for an hour", async () => {
    const dir = webDir({
      "index.html": "<title>Nelly</title>",
      "favicon.svg": "<svg/>",
      "assets/app-1.js": "1",
    });
    const app = bareApp();
    await registerOwnerApp(app, dir);
    for (const url of ["/", ...OWNER_SEGMENTS.flatMap((segment) => [`/${segment}`, `/${segment}/1/edit`])]) {
      const page = await app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.body, url).toBe("<title>Nelly</title>");
    }
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect(icon.body).toBe("<svg/>");
    const asset = await app.inject({ method: "GET", url: "/assets/app-1.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await app.inject({ method: "GET", url: "/landingsx" })).statusCode).toBe(404);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says the dashboard is not built, and has no icon or assets, without a build", async () => {
    const dir = webDir({});
    const app = bareApp();
    await registerOwnerApp(app, dir);
    const page = await app.inject({ method: "GET", url: "/landings" });
    expect(page.statusCode).toBe(503);
    expect(page.headers["content-type"]).toMatch(/^text\/plain/);
    expect(page.body).toBe("The dashboard is not built yet: run `npm run build`.");
    expect((await app.inject({ method: "GET", url: "/favicon.svg" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/assets/app-1.js" })).statusCode).toBe(404);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
