import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  browser,
  createBookableLanding,
  createLandingFor,
  signUp,
  vehicleFields,
} from "../test/factories";
import { parseHtml } from "../test/html";
import { noticesHeard } from "../test/notices";
import { escapeHtml } from "./html";
import type { PublicPageData, PublicRenderer } from "./page-types";

/** Every page's data as the renderer was given it, in order. */
const rendered: PublicPageData[] = [];

// The document, caching and routing of public pages, with a stand-in for web/public's renderer
// that prints what it was given: these tests are about what the server puts around the body.
const renderer: PublicRenderer = {
  renderBody: (data) => {
    rendered.push(data);
    return `<main><h1>${escapeHtml(data.landing.display_name)}</h1><p id="page">${data.page.kind}</p><ul>${data.landing.vehicles
      .map((vehicle) => `<li>${escapeHtml(vehicle.name)}</li>`)
      .join(
        "",
      )}</ul><p id="places">${data.landing.locations.map((place) => escapeHtml(place.place_of_departure)).join(",")}</p><p id="available">${JSON.stringify(data.availability)}</p><p id="reservation">${data.reservation?.reference ?? ""}</p><p id="base">${data.basePath}</p></main>`;
  },
  pageTitle: (data) => (data.landing.meta_title ? data.landing.meta_title : `${data.landing.display_name} | Nelly`),
  pageDescription: (data) => data.landing.meta_description || data.landing.display_name,
};

const { app, clock, db } = await createTestApp(
  { PUBLIC_BASE_URL: "https://reservas.example.com" },
  { publicRenderer: renderer },
);

async function publishedLanding(display = "Autos Año Nuevo & Cía") {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner);
  await app.inject({
    method: "POST",
    url: `/api/landing-update/${owner.id}/${landing.id}`,
    payload: {
      version: 1,
      display_name: display,
      name: landing.name,
      color_primary: "#0f766e",
      color_secondary: "#f59e0b",
      default_language: "es",
    },
    headers: bearer(owner),
  });
  return { owner, landing };
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("public pages", () => {
  it("carry every head tag in the first HTML, and the visible content", async () => {
    const { owner, landing } = await publishedLanding();
    await app.inject({
      method: "POST",
      url: `/api/landings/${owner.id}/${landing.id}/meta`,
      payload: {
        version: 2,
        meta_title: "Alquiler de autos en Santiago",
        meta_description: "Reserva tu auto en minutos.",
        meta_keywords: "alquiler, autos",
        og_title: "Autos Santiago",
        og_description: "Los mejores autos.",
        robots: "index,follow",
        canonical_url: "",
      },
      headers: bearer(owner),
    });
    const response = await get(`/${landing.name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const page = parseHtml(response.body);
    expect(page.lang()).toBe("es");
    expect(page.title()).toBe("Alquiler de autos en Santiago");
    expect(page.meta("description")).toBe("Reserva tu auto en minutos.");
    expect(page.meta("keywords")).toBe("alquiler, autos");
    expect(page.meta("robots")).toBe("index, follow");
    expect(page.link("canonical")).toEqual([`https://reservas.example.com/${landing.name}`]);
    expect(page.meta("og:title")).toBe("Autos Santiago");
    expect(page.meta("og:url")).toBe(`https://reservas.example.com/${landing.name}`);
    // Without an Open Graph image of its own, a shared link shows the first vehicle's photo.
    expect(page.meta("twitter:card")).toBe("summary_large_image");
    expect(page.meta("og:image")).toMatch(/^https:\/\/reservas\.example\.com\/.+\.webp$/);
    expect(Number(page.meta("og:image:width"))).toBeGreaterThan(0);
    expect(page.meta("theme-color")).toBe("#0f766e");
    expect(page.text(page.elements("h1")[0])).toBe("Autos Año Nuevo & Cía");
    // Each pair's pickup place: the round trips at Santiago and La Romana, then Santiago -> La Romana.
    expect(page.text(page.byId("places"))).toBe("Santiago,La Romana,Santiago");
    const data = JSON.parse(page.text(page.byId("nelly-data")));
    expect(data).toMatchObject({
      page: { kind: "home" },
      language: "es",
      basePath: `/${landing.name}`,
      preview: false,
    });
  });

  it("answers the translated 404 page with status 404 for drafts, trashed and unknown names, and bad paths", async () => {
    const owner = await signUp(app);
    const draft = await createLandingFor(app, owner);
    const { owner: other, landing } = await publishedLanding();
    await app.inject({ method: "DELETE", url: `/api/landing/${landing.id}`, headers: bearer(other) });
    for (const url of [
      `/${draft.name}`,
      `/${landing.name}`,
      "/nadie-aqui",
      "/nadie-aqui/vehicle",
      "/nadie-aqui/vehicles",
      `/${draft.name}/vehicles/abc`,
      `/${draft.name}/vehicles`,
    ]) {
      const response = await get(url, { "accept-language": "es" });
      expect(response.statusCode, url).toBe(404);
      expect(parseHtml(response.body).title()).toBe("Página no encontrada | Nelly");
    }
    // Asked in English as the site's pages are (its language switch): answered in English (a walk's finding).
    for (const url of [`/${draft.name}?lang=en`, "/nadie-aqui/vehicle?lang=en"]) {
      const response = await get(url, { "accept-language": "es" });
      expect(response.statusCode, url).toBe(404);
      expect(parseHtml(response.body).title(), url).toBe("Page not found | Nelly");
    }
    expect(parseHtml((await get("/nadie-aqui?lang=xx", { "accept-language": "es" })).body).title()).toBe(
      "Página no encontrada | Nelly",
    );
    // A site unpublished or gone, which its travellers may still open: no link to the operators' sign-in.
    for (const url of [`/${draft.name}`, `/${landing.name}/review`, "/nadie-aqui/vehicle"]) {
      const page = parseHtml((await get(url, { "accept-language": "es" })).body);
      expect(page.elements("a"), url).toEqual([]);
    }
    // Any other address keeps its way to the start.
    const other404 = parseHtml((await get("/Nadie_Aqui.php", { "accept-language": "es" })).body);
    expect(other404.elements("a").map((link) => other404.attribute(link, "href"))).toEqual(["/"]);
    // An owner signed in in this browser who mistyped a screen ("/reservaciones") is led back to
    // their dashboard (a walk's finding: a dead end); a session that has ended is a traveller's.
    const links = async (url: string, cookie?: string) => {
      const response = await get(url, { "accept-language": "es", ...(cookie && { cookie }) });
      expect(response.statusCode, url).toBe(404);
      const page = parseHtml(response.body);
      return page.elements("a").map((link) => [page.attribute(link, "href"), page.text(link)]);
    };
    for (const url of ["/reservaciones", `/${draft.name}`]) {
      expect(await links(url, owner.cookie), url).toEqual([["/landings", "Ir a tu panel"]]);
    }
    expect(await links("/reservaciones", "nelly_session=ended-long-ago")).toEqual([]);
  });

  it("answers a missing page inside a live landing with the landing's own 404, linking to its home", async () => {
    const { landing: live } = await publishedLanding("Caribe Autos & Co");
    // A customer's page whose link finds no booking says that instead (pages.test.ts).
    for (const url of [
      `/${live.name}/vehicles/999999`,
      `/${live.name}/vehicles/abc`,
      `/${live.name}/vehicles`,
      `/${live.name}/reservas/2026`,
    ]) {
      const response = await get(url, { "accept-language": "en" });
      expect(response.statusCode, url).toBe(404);
      const page = parseHtml(response.body);
      // The landing's language (Spanish) unless the visitor chose another on its pages.
      expect(page.lang(), url).toBe("es");
      expect(page.title(), url).toBe("Página no encontrada · Caribe Autos & Co | Nelly");
      expect(page.text(page.elements("header")[0]), url).toBe("Caribe Autos & Co");
      const home = page.elements("a").map((link) => [page.attribute(link, "href"), page.text(link)]);
      expect(home, url).toEqual([[`/${live.name}`, "Volver a Caribe Autos & Co"]]);
      expect(response.body, url).toContain("background: #0f766e");
    }
    // An unknown API path is still the API's own JSON 404.
    const api = await get("/api/nothing/here", { "accept-language": "en" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Not found." });
    const english = parseHtml((await get(`/${live.name}/vehicles/999999?lang=en`)).body);
    expect(english.lang()).toBe("en");
    expect(english.text(english.elements("a")[0])).toBe("Back to Caribe Autos & Co");
  });

  it("sends /login, the sign-in's guessed address, to the sign-in at /", async () => {
    for (const url of ["/login", "/login?next=/landings"]) {
      const response = await get(url);
      expect([response.statusCode, response.headers.location], url).toEqual([302, "/"]);
    }
    // Not /logout: a signed-in owner sent to / would land on their landings still signed in.
    expect((await get("/logout")).statusCode).toBe(404);
  });

  it("sends /{name}/FAQ, the spec's spelling of the FAQ, to /faq, its query kept", async () => {
    const { landing: live } = await publishedLanding("Preguntas");
    for (const [url, to] of [
      [`/${live.name}/FAQ`, `/${live.name}/faq`],
      [`/${live.name}/FAQ?lang=en`, `/${live.name}/faq?lang=en`],
    ] as const) {
      const response = await get(url);
      expect([response.statusCode, response.headers.location], url).toEqual([301, to]);
    }
    expect((await get(`/${live.name}/faq?lang=en`)).statusCode).toBe(200);
  });

  it("sends a page typed with a trailing slash to the page without it, its query kept", async () => {
    const { landing: live } = await publishedLanding("Barra Final");
    for (const [url, to] of [
      [`/${live.name}/`, `/${live.name}`],
      [`/${live.name}/?lang=en`, `/${live.name}?lang=en`],
      [`/${live.name}/vehicle/?from=2027-03-15`, `/${live.name}/vehicle?from=2027-03-15`],
    ] as const) {
      const response = await get(url);
      expect([response.statusCode, response.headers.location], url).toEqual([301, to]);
    }
    expect((await get(`/${live.name}`)).statusCode).toBe(200);
  });

  it("caches shared pages per content version: each kind of write shows at once; 304 on revalidation", async () => {
    const { owner, landing } = await publishedLanding();
    const first = await get(`/${landing.name}/vehicle`);
    const etag = String(first.headers.etag);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect((await get(`/${landing.name}/vehicle`, { "if-none-match": etag })).statusCode).toBe(304);
    await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
      payload: { ...vehicleFields({ name: "Hyundai Tucson" }), version: 1 },
      headers: bearer(owner),
    });
    const edited = await get(`/${landing.name}/vehicle`, { "if-none-match": etag });
    expect(edited.statusCode).toBe(200);
    expect(parseHtml(edited.body).text(parseHtml(edited.body).elements("li")[0])).toBe("Hyundai Tucson");
    await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/addLocation`,
      payload: { place_of_departure: "Punta Cana", arrival_place: "Punta Cana" },
      headers: bearer(owner),
    });
    const moved = parseHtml((await get(`/${landing.name}/vehicle`)).body);
    expect(moved.text(moved.byId("places"))).toBe("Santiago,La Romana,Santiago,Punta Cana");
    await app.inject({
      method: "PATCH",
      url: "/api/landing/status",
      payload: { landing_id: landing.id, status: "draft" },
      headers: bearer(owner),
    });
    expect((await get(`/${landing.name}/vehicle`)).statusCode).toBe(404);
  });

  it("marks vehicles taken for the searched period as soon as they are booked, and keeps personal pages private", async () => {
    const { landing } = await publishedLanding();
    const payload = bookingPayload(landing, clock.now());
    const search = `/${landing.name}/vehicle?from=${payload.date_of_departure}&fromTime=10:00&to=${payload.date_of_arrival}&toTime=10:00`;
    // The setup's own notices heard first: one arriving between the page and its revalidation
    // moved the availability version, and the 304 became a 200 (CI on a busy machine, 2026-12-04).
    await noticesHeard({ app, db });
    const first = await get(search);
    const before = parseHtml(first.body);
    expect(JSON.parse(before.text(before.byId("available")))).toEqual({ [landing.vehicle.id]: true });
    // A date given twice is read as its first, as the browser reads it (a walk's: both were dropped).
    const twice = parseHtml((await get(`${search}&from=2099-01-01`)).body);
    expect(JSON.parse(twice.text(twice.byId("available")))).toEqual({ [landing.vehicle.id]: true });
    // Kept by the site per availability version, never by the browser: Back asks again.
    expect(first.headers["cache-control"]).toBe("no-store");
    expect((await get(search, { "if-none-match": String(first.headers.etag) })).statusCode).toBe(304);
    for (let unit = 0; unit < 2; unit++) {
      expect((await app.inject({ method: "POST", url: "/api/reservations", payload })).statusCode).toBe(201);
    }
    const after = await get(search, { "if-none-match": String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(parseHtml(after.body).text(parseHtml(after.body).byId("available")))).toEqual({
      [landing.vehicle.id]: false,
    });
    const booked = (
      await app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: {
          ...payload,
          // Back to back with the full period: its return frees both units.
          date_of_departure: payload.date_of_arrival,
          date_of_arrival: payload.date_of_arrival,
          time_of_arrival: "18:00",
        },
      })
    ).json();
    const mine = await get(`/${landing.name}/reservation/${booked.reference}?t=${booked.customer_token}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    expect(parseHtml(mine.body).text(parseHtml(mine.body).byId("reservation"))).toBe(booked.reference);
  });

  it("embeds the data each page was rendered from; the landing's view is made once per language until an edit", async () => {
    const { owner, landing } = await publishedLanding();
    const day = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    // A new searched period on every request: none of these pages is kept (asked-before.ts).
    const search = (start: number, lang = "es") =>
      get(`/${landing.name}/vehicle?from=${day(start)}&fromTime=10:00&to=${day(start + 2)}&toTime=10:00&lang=${lang}`);
    const embedded = (body: string) => JSON.parse(parseHtml(body).text(parseHtml(body).byId("nelly-data")));
    const pages = [await search(10), await search(11), await search(12, "en")];
    const [first, second, english] = rendered.slice(-3);
    for (const [index, page] of pages.entries()) {
      expect(embedded(page.body)).toEqual(JSON.parse(JSON.stringify(rendered.at(index - 3))));
    }
    // One view of the landing and its fleet per language, not one per request (issue 29).
    expect(second?.landing).toBe(first?.landing);
    expect(second?.query).not.toEqual(first?.query);
    expect(english?.landing).not.toBe(first?.landing);
    expect(english?.landing.vehicles).toHaveLength(1);

    await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
      payload: { ...vehicleFields({ name: "Hyundai Tucson" }), version: 1 },
      headers: bearer(owner),
    });
    const edited = await search(13);
    expect(rendered.at(-1)?.landing).not.toBe(first?.landing);
    expect(embedded(edited.body).landing.vehicles.map((vehicle: { name: string }) => vehicle.name)).toEqual([
      "Hyundai Tucson",
    ]);
    const api = await get(`/api/publicLanding/${landing.name}`);
    expect(api.json().vehicles.map((vehicle: { name: string }) => vehicle.name)).toEqual(["Hyundai Tucson"]);
  });

  it("escapes stored text with markup everywhere: the head, the body and the embedded data", async () => {
    const { landing } = await publishedLanding('</script><script>alert("x")</script> & Co');
    const response = await get(`/${landing.name}`);
    const page = parseHtml(response.body);
    expect(page.elements("script").filter((script) => !page.attribute(script, "type"))).toHaveLength(0);
    expect(page.title()).toBe('</script><script>alert("x")</script> & Co | Nelly');
    expect(JSON.parse(page.text(page.byId("nelly-data"))).landing.display_name).toBe(
      '</script><script>alert("x")</script> & Co',
    );
  });
});

describe("the owner's preview", () => {
  it("shows the owner's own draft, framed by the dashboard only, never indexed, never to others", async () => {
    const owner = await signUp(app);
    const draft = await createLandingFor(app, owner);
    const url = `/review-component/${draft.name}/site/vehicle`;
    expect((await get(url)).statusCode).toBe(404);
    const stranger = await signUp(app);
    expect((await get(url, browser(stranger))).statusCode).toBe(404);
    const response = await get(url, browser(owner));
    expect(response.statusCode).toBe(200);
    const page = parseHtml(response.body);
    expect(page.meta("robots")).toBe("noindex, nofollow");
    expect(page.text(page.byId("base"))).toBe(`/review-component/${draft.name}/site`);
    expect(String(response.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("robots.txt and sitemaps", () => {
  it("lists each indexable landing's sitemap and keeps noindex landings and the dashboard out", async () => {
    const { owner, landing } = await publishedLanding();
    const { owner: other, landing: hidden } = await publishedLanding();
    await app.inject({
      method: "POST",
      url: `/api/landings/${other.id}/${hidden.id}/meta`,
      payload: { version: 2, meta_title: "T", meta_description: "D", og_description: "O", robots: "noindex, nofollow" },
      headers: bearer(other),
    });
    const robots = (await get("/robots.txt")).body;
    expect(robots).toContain(`Sitemap: https://reservas.example.com/${landing.name}/sitemap.xml`);
    expect(robots).toContain(`Disallow: /${hidden.name}\n`);
    expect(robots).toContain("Disallow: /api/");
    const sitemap = await get(`/${landing.name}/sitemap.xml`);
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(sitemap.body).toContain(
      `<loc>https://reservas.example.com/${landing.name}/vehicles/${landing.vehicle.id}</loc>`,
    );
    expect(owner.id).toBeGreaterThan(0);
    const draftOwner = await signUp(app);
    const draft = await createLandingFor(app, draftOwner);
    expect((await get(`/${draft.name}/sitemap.xml`)).statusCode).toBe(404);
  });
});
