import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { escapeHtml } from "../ssr/html";
import { createTestApp } from "../test/app";

const { app, config, db, clock, storage } = await createTestApp();

describe("health", () => {
  it("answers ok when the database answers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("health under load", () => {
  it("is never rate limited, so a load balancer's checks cannot take an instance out", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: "2" });
    // An address of its own: counts are shared through the database with every other test app.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const call = (url: string) => limited.app.inject({ method: "GET", url, remoteAddress });
    for (let check = 0; check < 5; check++) expect((await call("/api/health")).statusCode).toBe(200);
    expect((await call("/api/session")).statusCode).toBe(401);
    await call("/api/session");
    expect((await call("/api/session")).statusCode).toBe(429);
  });
});

describe("errors and not-found", () => {
  it("answers JSON 404 under /api", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/nothing-here",
      headers: { "accept-language": "es" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "No encontrado." });
  });

  it("answers a translated HTML 404 page for any other path", async () => {
    const es = await app.inject({ method: "GET", url: "/unknown-landing", headers: { "accept-language": "es-ES" } });
    expect(es.statusCode).toBe(404);
    expect(es.headers["content-type"]).toContain("text/html");
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain("Página no encontrada | Nelly");
    const en = await app.inject({ method: "GET", url: "/unknown-landing/vehicles/3" });
    expect(en.body).toContain("Page not found | Nelly");
  });

  it("escapes nothing it should not: the path never reaches the page", async () => {
    const response = await app.inject({ method: "GET", url: "/%3Cscript%3Ealert(1)%3C%2Fscript%3E" });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("<script>");
    expect(response.body).not.toContain("alert(1)");
  });

  it("escapes every character that could end an HTML text or attribute (issue 14.7)", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;Tom &#38; Jerry&#60;/a&#62;",
    );
  });
});

describe("security headers", () => {
  it("sends a Content-Security-Policy without inline scripts, and nosniff", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("OpenAPI", () => {
  it("documents the routes from their schemas", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      "/api/login-nelly",
      "/api/register-nelly",
      "/api/nelly-logout",
      "/api/users/{id}",
      "/api/users-update/{id}",
      "/api/health",
      "/api/sanctum/csrf-cookie",
    ]) {
      expect(Object.keys(doc.paths), route).toContain(route);
    }
    expect(doc.paths["/api/login-nelly"].post.requestBody.content["application/json"].schema.properties).toHaveProperty(
      "email",
    );
    expect(doc.paths["/api/health"].get).toMatchObject({
      tags: ["Health"],
      summary: "Answers 200 when the server and its database are reachable",
    });
    expect(Object.keys(doc.paths["/api/health"].get.responses)).toEqual(["200", "503"]);
    const ui = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain("swagger");
  });
});

describe("the built dashboard", () => {
  it("serves hashed assets for a year and index.html uncached on owner routes only", async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-web-"));
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Nelly</title>");
    fs.writeFileSync(path.join(webDir, "assets", "index-abc123.js"), "console.log(1)");
    const web = await buildApp({ config, db, clock, storage }, { webDir });
    try {
      const asset = await web.inject({ method: "GET", url: "/assets/index-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      for (const url of ["/", "/landings", "/register", "/view-landing/12", "/layout-designer/add-vehicles/add-form"]) {
        const page = await web.inject({ method: "GET", url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers["cache-control"], url).toBe("no-cache");
        expect(page.body, url).toContain("<title>Nelly</title>");
      }
      const publicPath = await web.inject({ method: "GET", url: "/my-rentals" });
      expect(publicPath.statusCode).toBe(404);
      // Pages are not API: the OpenAPI document lists /api routes only.
      const doc = (await web.inject({ method: "GET", url: "/api/docs/json" })).json();
      expect(Object.keys(doc.paths).filter((route) => !route.startsWith("/api/"))).toEqual([]);
    } finally {
      await web.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
  it("sends the build's own brotli and gzip copies of a script, and what it left alone as before", async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-web-"));
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Nelly</title>");
    const script = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export const value${i} = "${i.toString(36)}";`).join("\n"),
    );
    fs.writeFileSync(path.join(webDir, "assets", "app-abc123.js"), script);
    fs.writeFileSync(path.join(webDir, "assets", "tiny-abc123.js"), "console.log(1)");
    // As `npm run build` runs it.
    const compressed = spawnSync(process.execPath, ["scripts/compress-assets.mjs"], {
      env: { ...process.env, WEB_DIR: webDir },
      encoding: "utf8",
    });
    expect(compressed.status, compressed.stderr).toBe(0);
    expect(fs.existsSync(path.join(webDir, "assets", "tiny-abc123.js.br"))).toBe(false);
    const web = await buildApp({ config, db, clock, storage }, { webDir });
    try {
      for (const [encoding, decode] of [
        ["br", zlib.brotliDecompressSync],
        ["gzip", zlib.gunzipSync],
      ] as const) {
        const asset = await web.inject({
          method: "GET",
          url: "/assets/app-abc123.js",
          headers: { "accept-encoding": encoding },
        });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers["content-encoding"]).toBe(encoding);
        expect(asset.headers["content-type"]).toMatch(/^application\/javascript/);
        expect(asset.headers.vary).toMatch(/accept-encoding/i);
        expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        // The very bytes the build wrote, not compressed again for this request.
        const copy = fs.readFileSync(path.join(webDir, "assets", `app-abc123.js.${encoding === "br" ? "br" : "gz"}`));
        expect(asset.rawPayload.equals(copy)).toBe(true);
        expect(decode(asset.rawPayload).equals(script)).toBe(true);
      }
      const plain = await web.inject({ method: "GET", url: "/assets/app-abc123.js" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.equals(script)).toBe(true);
      // A file the build left alone is still served, compressed on the way as before.
      const tiny = await web.inject({
        method: "GET",
        url: "/assets/tiny-abc123.js",
        headers: { "accept-encoding": "br" },
      });
      expect(tiny.statusCode).toBe(200);
      expect(zlib.brotliDecompressSync(tiny.rawPayload).toString()).toBe("console.log(1)");
    } finally {
      await web.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
