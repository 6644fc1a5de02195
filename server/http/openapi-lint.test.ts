import path from "node:path";
import { lintFromString, loadConfig } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { operationIdOf } from "./openapi";

const { app } = await createTestApp({ PUBLIC_BASE_URL: "https://book.nelly.test/" });
const served = await app.inject({ method: "GET", url: "/api/docs/json" });
const doc = served.json();

type Operation = { responses: Record<string, { content?: Record<string, unknown> }>; security?: unknown[] };
const operation = (route: string, method: string): Operation => doc.paths[route][method];

describe("the OpenAPI document (issue 24.17)", () => {
  it("passes Redocly's recommended rules (redocly.yaml) with no errors", async () => {
    // The same rules as `npx @redocly/cli lint`, which reads redocly.yaml from the project's root.
    const config = await loadConfig({ configPath: path.resolve("redocly.yaml") });
    const problems = await lintFromString({ source: served.body, absoluteRef: "/api/docs/json", config });
    const errors = problems.filter((problem) => problem.severity === "error");
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`)).toEqual(
      [],
    );
  });

  it("says who may call each operation, names it, and gives the server's address", () => {
    expect(doc.servers).toEqual([{ url: "https://book.nelly.test" }]);
    expect(operation("/api/publicLanding/{name}", "get")).toMatchObject({
      operationId: "getPublicLandingByName",
      security: [],
    });
    expect(operation("/api/session", "get").security).toEqual([{ cookie: [] }, { bearer: [] }]);
    // Every route in the server's own table is there, under the access it was registered with.
    const byId = new Map<string, Operation>();
    for (const item of Object.values(doc.paths as Record<string, Record<string, Operation & { operationId: string }>>))
      for (const op of Object.values(item)) byId.set(op.operationId, op);
    const routes = app.routeTable.filter((route) => route.method !== "HEAD");
    expect(byId.size).toBe(routes.length);
    for (const route of routes) {
      const op = byId.get(operationIdOf(route.method, route.url));
      expect(op?.security, `${route.method} ${route.url}`).toEqual(
        route.access === "public" ? [] : [{ cookie: [] }, { bearer: [] }],
      );
    }
  });

  it("documents the 400 of a malformed body, and the server answers it", async () => {
    expect(operation("/api/login-nelly", "post").responses["400"]).toBeDefined();
    const answer = await app.inject({
      method: "POST",
      url: "/api/login-nelly",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: expect.any(String) });
  });

  it("describes what the CSV, calendar and live answers hold", () => {
    const contentOf = (route: string) => Object.keys(operation(route, "get").responses["200"]?.content ?? {});
    expect(contentOf("/api/reservations/{landingId}/export.csv")).toEqual(["text/csv"]);
    expect(contentOf("/api/calendar/{file}")).toEqual(["text/calendar"]);
    expect(contentOf("/api/live")).toEqual(["text/event-stream"]);
  });

  it("gives the status the CSRF cookie call answers, and no body", async () => {
    const documented = Object.keys(operation("/api/sanctum/csrf-cookie", "get").responses);
    const answer = await app.inject({ method: "GET", url: "/api/sanctum/csrf-cookie" });
    expect(documented).toEqual([String(answer.statusCode)]);
    expect(operation("/api/sanctum/csrf-cookie", "get").responses[answer.statusCode]?.content).toBeUndefined();
    expect(answer.body).toBe("");
    expect(answer.cookies.map((cookie) => cookie.name)).toContain("XSRF-TOKEN");
  });
});
