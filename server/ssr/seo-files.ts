import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { landings, vehicles } from "../db/schema";
import { escapeHtml } from "./html";
import { sendNotFoundPage } from "./not-found";

const indexable = (robots: string) => !robots.includes("noindex");

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
    const lines = [
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
    ];
    return reply
      .header("Cache-Control", "public, max-age=300")
      .type("text/plain; charset=utf-8")
      .send(`${lines.join("\n")}\n`);
  });

  app.get("/:name/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const [landing] = await app.deps.db
      .select({ id: landings.id, name: landings.name, updatedAt: landings.updatedAt })
      .from(landings)
      .where(and(eq(landings.name, name), eq(landings.status, "published"), isNull(landings.deletedAt)))
      .limit(1);
    if (!landing) return sendNotFoundPage(request, reply);
    const fleet = await app.deps.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.landingId, landing.id))
      .orderBy(asc(vehicles.id));
    const site = `${app.deps.config.publicBaseUrl}/${landing.name}`;
    const urls = [site, `${site}/vehicle`, ...fleet.map((vehicle) => `${site}/vehicles/${vehicle.id}`), `${site}/faq`];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((url) => `<url><loc>${escapeHtml(url)}</loc></url>`).join("\n")}
</urlset>
`;
    return reply.header("Cache-Control", "public, max-age=300").type("application/xml; charset=utf-8").send(xml);
  });
}
