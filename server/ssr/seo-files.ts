import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database } from "../db/database";
import { landings, vehicles } from "../db/schema";
import { currentNameOf } from "../landings";
import { escapeHtml } from "./html";
import { sendNotFoundPage } from "./not-found";

const indexable = (robots: string) => !robots.includes("noindex");

const sendText = (reply: FastifyReply, lines: string[]) =>
  reply
    .header("Cache-Control", "public, max-age=300")
    .type("text/plain; charset=utf-8")
    .send(`${lines.join("\n")}\n`);

/**
 * The sitemap of one landing: its home, list, every vehicle and the FAQ. `home` is the site's
 * address ("https://book.example.com/caribe", or "https://reservas.flotasol.com/" on its own
 * domain) and `prefix` what every other page starts with.
 */
async function sendSitemap(db: Database, reply: FastifyReply, landingId: number, home: string, prefix: string) {
  const fleet = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(eq(vehicles.landingId, landingId))
    .orderBy(asc(vehicles.id));
  const urls = [
    home,
    `${prefix}/vehicle`,
    ...fleet.map((vehicle) => `${prefix}/vehicles/${vehicle.id}`),
    `${prefix}/faq`,
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((url) => `<url><loc>${escapeHtml(url)}</loc></url>`).join("\n")}
</urlset>
`;
  return reply.header("Cache-Control", "public, max-age=300").type("application/xml; charset=utf-8").send(xml);
}

/**
 * `/robots.txt` and `/sitemap.xml` on a landing's own domain (issue 10): that one site only,
 * every address on that domain. `origin` is "https://reservas.flotasol.com".
 */
export function sendDomainRobots(reply: FastifyReply, landing: { robots: string }, origin: string) {
  const lines = indexable(landing.robots)
    ? ["User-agent: *", "Disallow: /api/", "", `Sitemap: ${origin}/sitemap.xml`]
    : ["User-agent: *", "Disallow: /"];
  return sendText(reply, lines);
}

export function sendDomainSitemap(db: Database, reply: FastifyReply, landing: { id: number }, origin: string) {
  return sendSitemap(db, reply, landing.id, `${origin}/`, origin);
}

/**
 * `/robots.txt` for the whole site, honouring each landing's robots field, and
 * `/{name}/sitemap.xml` with every public page of a published landing.
 */
export async function registerSeoFiles(app: FastifyInstance) {
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) => {
    const published = await app.deps.db
      .select({ name: landings.name, robots: landings.robots })
      .from(landings)
      .where(and(eq(landings.status, "published"), isNull(landings.deletedAt)))
      .orderBy(asc(landings.name));
    const base = app.deps.config.publicBaseUrl;
    return sendText(reply, [
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /review-component/",
      // The dashboard's pages are for owners, never for search engines.
      ...["/landings", "/reservation", "/user-config", "/layout-designer", "/view-landing/", "/review-landing/"].map(
        (path) => `Disallow: ${path}`,
      ),
      ...published.filter((landing) => !indexable(landing.robots)).map((landing) => `Disallow: /${landing.name}`),
      "",
      ...published
        .filter((landing) => indexable(landing.robots))
        .map((landing) => `Sitemap: ${base}/${landing.name}/sitemap.xml`),
    ]);
  });

  app.get("/:name/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const [landing] = await app.deps.db
      .select({ id: landings.id, name: landings.name })
      .from(landings)
      .where(and(eq(landings.name, name), eq(landings.status, "published"), isNull(landings.deletedAt)))
      .limit(1);
    if (!landing) {
      // A landing renamed since: its sitemap is at its address now, as its pages are (a walk's finding).
      const current = await currentNameOf(app.deps.db, name);
      if (!current) return sendNotFoundPage(request, reply);
      return reply.header("cache-control", "no-store").redirect(`/${current}/sitemap.xml`, 302);
    }
    const site = `${app.deps.config.publicBaseUrl}/${landing.name}`;
    return sendSitemap(app.deps.db, reply, landing.id, site, site);
  });
}
