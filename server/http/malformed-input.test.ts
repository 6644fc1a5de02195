import net from "node:net";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { bearer, createLandingFor, signUp } from "../test/factories";

const { app } = await createTestApp();

/** Bodies no client should send. None may produce a 500: each gets a clear 4xx. */
const BAD_BODIES: { type: string; payload: string }[] = [
  { type: "application/json", payload: "{broken" },
  { type: "application/json", payload: "[1,2,3]" },
  { type: "application/json", payload: '{"name":{"nested":[null]},"price":{"$gt":0},"images":"x"}' },
  { type: "multipart/form-data; boundary=xyz", payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb' },
  { type: "multipart/form-data", payload: "no boundary at all" },
  { type: "text/plain", payload: "hello" },
  { type: "application/x-www-form-urlencoded", payload: "a=b&c=d" },
  { type: "application/json", payload: '{"name":"a\\u0000b","email":"x\\u0000@y.co","description":"\\u0000"}' },
  // About 5,000 levels of nesting used to overflow the stack of the form reader (issue 7.12).
  { type: "application/json", payload: `{"name":${"[".repeat(5000)}${"]".repeat(5000)}}` },
  { type: "application/json", payload: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}` },
  {
    type: "multipart/form-data; boundary=xyz",
    payload: `--xyz\r\nContent-Disposition: form-data; name="addons"\r\n\r\n${"[".repeat(5000)}${"]".repeat(5000)}\r\n--xyz--\r\n`,
  },
];

describe("malformed input", () => {
  it("never answers 500 on any API route, whatever the body, path or query", { timeout: 120_000 }, async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ids = {
      userId: owner.id,
      landingId: landing.id,
      id: landing.id,
      vehicleId: 999,
      imageId: 1,
      featureId: 1,
      idvehicle: 1,
      name: landing.name,
    };
    const failures: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        // Logout would end the session the rest of the sweep needs; it has its own tests.
        if (!["POST", "PUT", "PATCH", "DELETE"].includes(method) || template === "/api/nelly-logout") continue;
        const realUrl = template.replace(/\{(\w+)\}/g, (_, key: keyof typeof ids) => String(ids[key] ?? 1));
        for (const url of [realUrl, template.replace(/\{\w+\}/g, "%ZZ"), template.replace(/\{\w+\}/g, "-1")]) {
          for (const body of BAD_BODIES) {
            const response = await app.inject({
              method: method as "POST",
              url,
              payload: body.payload,
              headers: { ...bearer(owner), "content-type": body.type },
            });
            if (response.statusCode >= 500)
              failures.push(`${method} ${url} [${body.type}] -> ${response.statusCode} ${response.body}`);
            else expect(response.json().message, `${method} ${url}`).toEqual(expect.any(String));
          }
        }
      }
    }
    // The live stream (issue 11) answers a signed-in GET with a stream that never ends; live.test.ts has it.
    const gets = Object.keys(doc.paths).filter((path) => doc.paths[path]?.get && path !== "/api/live");
    for (const template of gets) {
      for (const value of ["%ZZ", "-1", "99999999999999", "1.5", "%00", "a".repeat(300)]) {
        const url = `${template.replace(/\{\w+\}/g, value)}?name[]=x&landing_id=abc&location_id=%ZZ`;
        const response = await app.inject({ method: "GET", url, headers: bearer(owner) });
        if (response.statusCode >= 500) failures.push(`GET ${url} -> ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    // The session lived through the sweep, so the owner routes were really exercised.
    expect((await app.inject({ method: "GET", url: "/api/session", headers: bearer(owner) })).statusCode).toBe(200);
  });
});

// An attacker's walk: a searched list with a 20,000-character query was answered by Node and
// Fastify before any route, in English JSON of their own. Over a real socket, as Node parses it.
describe("a request Node refuses before any route", () => {
  it("answers 431 with our message in the caller's language, and the server goes on", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const long = `/caribe-autos/vehicle?q=${"x".repeat(20_000)}`;
    for (const [language, message] of [
      ["es-DO,es;q=0.9", "La dirección o las cabeceras de la solicitud son demasiado largas."],
      ["en-US", "The request's address or headers are too long."],
    ] as const) {
      const refused = await fetch(`${base}${long}`, { headers: { "accept-language": language } });
      expect(refused.status).toBe(431);
      expect(refused.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await refused.json()).toEqual({ message });
    }
    // As a network delivers it, in pieces: the limit is crossed before any header has arrived, so the
    // answer speaks both languages, and the client reads it whole once it has sent its request.
    const pieced = await new Promise<string>((resolve, reject) => {
      const request = Buffer.from(`GET ${long} HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\n\r\n`);
      const chunks: Buffer[] = [];
      const socket = net.connect(Number(new URL(base).port), "127.0.0.1", async () => {
        for (let at = 0; at < request.length; at += 1_400) {
          if (!socket.writable) break;
          socket.write(request.subarray(at, at + 1_400));
          await new Promise((next) => setTimeout(next, 2));
        }
      });
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
    expect(pieced).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(pieced.slice(pieced.indexOf("\r\n\r\n") + 4))).toEqual({
      message:
        "La dirección o las cabeceras de la solicitud son demasiado largas. / The request's address or headers are too long.",
    });
    const header = await fetch(`${base}/api/health`, { headers: { "x-padding": "y".repeat(20_000) } });
    expect(header.status).toBe(431);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    await app.close();
  });
});
