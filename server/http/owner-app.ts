import fs from "node:fs";
import path from "node:path";
import { OWNER_SEGMENTS } from "@domain/routes";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Serves the built dashboard: hashed assets cached for a year, sent in the compressed copies the
 * build wrote (scripts/compress-assets.mjs), and index.html (never cached, so a deploy is picked up
 * at once) for every owner route of SPEC §2.
 */
export async function registerOwnerApp(app: FastifyInstance, webDir: string) {
  const indexPath = path.join(webDir, "index.html");
  const assetsDir = path.join(webDir, "assets");
  // Without a build (API tests) there is nothing to serve under /assets. (Registering anyway would
  // answer the same 404s, with a warning in the log: the check's mutants are equivalent.)
  // Stryker disable next-line ConditionalExpression
  if (fs.existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: "/assets/",
      // Stryker disable next-line BooleanLiteral: nothing here calls reply.sendFile either way.
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      // The build's own brotli and gzip copies (scripts/compress-assets.mjs), sent as they are.
      preCompressed: true,
      // Stryker disable next-line BooleanLiteral: false lists the files at start-up, the same ones (a
      // deploy restarts the server).
      wildcard: true,
    });
  }
  const faviconPath = path.join(webDir, "favicon.svg");
  app.get("/favicon.svg", { schema: { hide: true } }, (_request, reply) => {
    if (!fs.existsSync(faviconPath)) return reply.callNotFound();
    return reply
      .header("Cache-Control", "public, max-age=3600")
      .type("image/svg+xml")
      .send(fs.createReadStream(faviconPath));
  });

  const sendIndex = (reply: FastifyReply) => {
    if (!fs.existsSync(indexPath)) {
      return reply.status(503).send("The dashboard is not built yet: run `npm run build`."); // text/plain
    }
    return reply
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(fs.createReadStream(indexPath));
  };
  app.get("/", { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  for (const segment of OWNER_SEGMENTS) {
    app.get(`/${segment}`, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    app.get(`/${segment}/*`, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
}
