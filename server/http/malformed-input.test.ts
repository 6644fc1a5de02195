import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  let base = "";
  beforeAll(async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  /** What the server answers to these bytes, sent as a network delivers them: in pieces of `piece` bytes. */
  const overSocket = (request: string, piece: number) =>
    new Promise<string>((resolve, reject) => {
      const bytes = Buffer.from(request);
      const chunks: Buffer[] = [];
      const socket = net.connect(Number(new URL(base).port), "127.0.0.1", async () => {
        for (let at = 0; at < bytes.length; at += piece) {
          if (!socket.writable) break;
          socket.write(bytes.subarray(at, at + piece));
          await new Promise((next) => setTimeout(next, 2));
        }
      });
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });

  it("answers the API 431 with our message in the caller's language, and the server goes on", async () => {
    const long = `/api/public/caribe-autos/vehicles?q=${"x".repeat(20_000)}`;
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
    // answer speaks both languages (and, its first bytes unseen, stays JSON), and the client reads it
    // whole once it has sent its request.
    const pieced = await overSocket(`GET ${long} HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\n\r\n`, 1_400);
    expect(pieced).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(pieced.slice(pieced.indexOf("\r\n\r\n") + 4))).toEqual({
      message:
        "La dirección o las cabeceras de la solicitud son demasiado largas. / The request's address or headers are too long.",
    });
    const header = await fetch(`${base}/api/health`, { headers: { "x-padding": "y".repeat(20_000) } });
    expect(header.status).toBe(431);
    expect(header.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  // A traveller following an over-long link saw the raw JSON above.
  it("answers a page asked with an address too long a page of its own, in the bytes' language, echoing none of them", async () => {
    const long = `/caribe-autos/vehicle?q=${"x".repeat(20_000)}`;
    for (const [language, lang, title, link] of [
      ["es-DO,es;q=0.9", "es", "Este enlace es demasiado largo", "Ir al inicio"],
      ["en-US", "en", "This link is too long", "Go to the home page"],
    ] as const) {
      const refused = await fetch(`${base}${long}`, { headers: { "accept-language": language } });
      expect(refused.status).toBe(431);
      expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(refused.headers.get("cache-control")).toBe("no-store");
      // The site's policy: no script runs on it, whatever it held.
      expect(refused.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
      const html = await refused.text();
      expect(html).toMatch(new RegExp(`^<!doctype html>\n<html lang="${lang}">`));
      expect(html).toContain(`<h1>${title}</h1>`);
      // Back to the landing's home the address named, not Nelly's sign-in.
      expect(html).toContain(`<a href="/caribe-autos">${link}</a>`);
      expect(html).not.toContain("<section");
      expect(html).not.toContain("<script");
      expect(html).not.toContain("xxxx");
    }
    // Bytes that name no language (the limit crossed in headers of a form sent from a page): both
    // languages, the hostile bytes nowhere in the answer.
    const hostile = `<script>alert(1)</script>${"y".repeat(20_000)}`;
    const both = await overSocket(
      `POST /caribe-autos/contact HTTP/1.1\r\nHost: x\r\nAccept: text/html,application/xhtml+xml\r\nX-Padding: ${hostile}\r\n\r\n`,
      64 * 1024,
    );
    expect(both).toMatch(/^HTTP\/1\.1 431 /);
    const page = both.slice(both.indexOf("\r\n\r\n") + 4);
    expect(both.slice(0, both.indexOf("\r\n\r\n"))).toMatch(/\r\nContent-Type: text\/html; charset=utf-8\r\n/);
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("<h1>Este enlace es demasiado largo</h1>");
    expect(page).toContain('<section lang="en"><h2>This link is too long</h2>');
    expect(page).toContain("<title>Este enlace es demasiado largo / This link is too long | Nelly</title>");
    expect(page).not.toContain("<script");
    expect(page).not.toContain("alert");
    expect(page).not.toContain("yyyy");
    // A page's own name first (a landing's own domain) or none: that site's home.
    for (const path of ["/vehicle?q=", "/?q=", "/Caribe%20Autos?q="]) {
      const home = await fetch(`${base}${path}${"x".repeat(20_000)}`);
      expect(await home.text()).toContain('<a href="/">');
    }
    // The API keeps its JSON, whatever it accepts.
    const api = await fetch(`${base}/api/health?q=${"x".repeat(20_000)}`, { headers: { accept: "text/html" } });
    expect(api.status).toBe(431);
    expect(api.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await fetch(`${base}/caribe-autos`)).status).not.toBe(431);
  });
});
