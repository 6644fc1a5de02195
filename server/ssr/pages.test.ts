import { gunzipSync } from "node:zlib";
import { formatMoney } from "@domain/money";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createVehicleFor,
  photos,
  searchOf,
  signUp,
} from "../test/factories";
import { parseHtml } from "../test/html";

// Every public page through the real server and the real pages (web/public/render.tsx), parsed by
// an HTML parser: what a visitor and a search engine get in the first HTML, before any script.
// public-site.test.ts covers what the server puts around the body (cache, 404s, previews).

const { app, clock } = await createTestApp({ PUBLIC_BASE_URL: "https://reservas.example.com" });

async function bookableSite() {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { name: "Kia Picanto <b>2025</b>", price: "45.50" });
  const full = (
    await app.inject({ method: "GET", url: `/api/landings/${owner.id}/${landing.id}`, headers: bearer(owner) })
  ).json();
  const addons = full.addons as { id: number; name: string; price_cents: number }[];
  const payload = bookingPayload(landing, clock.now());
  const search = searchOf(payload, { seats: "2" });
  return { owner, landing, full, addons, payload, search };
}

async function page(url: string) {
  const response = await app.inject({ method: "GET", url });
  expect(response.statusCode, url).toBe(200);
  return parseHtml(response.body);
}

/** Why the page's vehicle cannot be booked for the search, when something stops it (`ProblemList`). */
const problemsOf = (html: ReturnType<typeof parseHtml>) =>
  html.elements("div").filter((element) => html.attribute(element, "data-testid") === "booking-problems");

/** The visible text of the page's main content, spaces collapsed. */
function mainText(html: ReturnType<typeof parseHtml>) {
  const main = html.elements("main")[0];
  expect(main).toBeDefined();
  return html.text(main).replace(/\s+/g, " ");
}

describe("the public pages, rendered by the real pages", () => {
  it("home: head tags, the brand, the search form with the landing's places, vehicles and how it works", async () => {
    const { landing, full } = await bookableSite();
    const html = await page(`/${landing.name}`);
    expect(html.lang()).toBe("es");
    expect(html.title()).toBe(`${full.display_name} | Nelly`);
    expect(html.link("canonical")).toEqual([`https://reservas.example.com/${landing.name}`]);
    expect(html.meta("og:image")).toMatch(/^https:\/\/reservas\.example\.com\//);
    expect(html.meta("description")).toContain(full.display_name);
    const text = mainText(html);
    expect(text).toContain(`Alquila tu vehículo con ${full.display_name}`);
    expect(text).toContain("Cómo funciona");
    // Stored markup is text, never HTML.
    expect(text).toContain("Kia Picanto <b>2025</b>");
    expect(html.elements("b")).toHaveLength(0);
    const form = html.elements("form").find((element) => html.attribute(element, "method") === "get");
    expect(html.attribute(form, "action")).toBe(`/${landing.name}/vehicle`);
    const places = html
      .elements("option")
      .filter((option) => html.attribute(option.parentNode as never, "name") === "pickup")
      .map((option) => html.text(option));
    expect(places).toEqual(["Santiago", "La Romana"]);
  });

  it("vehicle list and detail: the total for the searched period, photos with their sizes, Select", async () => {
    const { landing, search } = await bookableSite();
    const list = await page(`/${landing.name}/vehicle?${search}`);
    expect(list.title()).toMatch(/^Vehículos · .+ \| Nelly$|^Vehículos/);
    const listText = mainText(list);
    expect(listText).toContain("Elige tu vehículo");
    expect(listText).toContain("Kia Picanto <b>2025</b>");
    expect(listText).toContain(formatMoney(45_50, "USD", "es"));
    expect(listText).toContain("total por 3 días, con impuestos");

    const detail = await page(`/${landing.name}/vehicles/${landing.vehicle.id}?${search}`);
    const detailText = mainText(detail);
    expect(detailText).toContain("Kia Picanto <b>2025</b>");
    expect(detailText).toContain("Volver a los vehículos");
    const photos = detail.elements("img").filter((img) => detail.attribute(img, "srcset"));
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) {
      expect(Number(detail.attribute(photo, "width"))).toBeGreaterThan(0);
      expect(Number(detail.attribute(photo, "height"))).toBeGreaterThan(0);
      expect(detail.attribute(photo, "sizes")).toBeTruthy();
    }
    const select = detail.elements("a").find((link) => detail.text(link).trim() === "Seleccionar");
    expect(detail.attribute(select, "href")).toMatch(
      new RegExp(`^/${landing.name}/additions\\?.*vehicle=${landing.vehicle.id}`),
    );
  });

  it("extras and review: the add-ons, and the same total as the quote the booking will charge", async () => {
    const { landing, addons, search } = await bookableSite();
    // The child seat: up to three per booking (a coverage is taken once).
    const [, , seat] = addons;
    expect(seat).toBeDefined();
    search.set("vehicle", String(landing.vehicle.id));
    const extras = await page(`/${landing.name}/additions?${search}`);
    expect(mainText(extras)).toContain(seat?.name ?? "");
    expect(problemsOf(extras)).toHaveLength(0);

    search.set("addons", `${seat?.id}:2`);
    const quote = (
      await app.inject({
        method: "GET",
        url: `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${search.get("from")}T10:00&to=${search.get("to")}T10:00&addons=${seat?.id}:2`,
      })
    ).json();
    const review = await page(`/${landing.name}/review?${search}`);
    const reviewText = mainText(review);
    expect(reviewText).toContain("Revisa y reserva");
    expect(reviewText).toContain("Política de cancelación");
    expect(reviewText).toContain(formatMoney(quote.total_cents, quote.currency, "es"));
    for (const label of ["Nombre", "Apellido", "Correo electrónico", "Teléfono"]) {
      expect(review.elements("label").some((element) => review.text(element).includes(label))).toBe(true);
    }
  });

  it("extras: a vehicle booked for the dates since the list was read says so there, not first at the review", async () => {
    const { landing, payload, search } = await bookableSite();
    search.set("vehicle", String(landing.vehicle.id));
    // Both of its units.
    for (const email of ["ana@example.com", "luis@example.com"]) {
      const booked = await app.inject({ method: "POST", url: "/api/reservations", payload: { ...payload, email } });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const extras = await page(`/${landing.name}/additions?${search}`);
    expect(extras.text(problemsOf(extras)[0])).toContain("No disponible en esas fechas.");
  });

  it("thank-you and the customer's page show the reservation only with its token", async () => {
    const { landing, payload } = await bookableSite();
    const booked = (await app.inject({ method: "POST", url: "/api/reservations", payload })).json();
    const token = encodeURIComponent(booked.customer_token);

    const thanks = await page(`/${landing.name}/thanks-you?ref=${booked.reference}&t=${token}`);
    expect(mainText(thanks)).toContain("¡Gracias, María José!");
    expect(mainText(thanks)).toContain(booked.reference);
    expect(thanks.title()).toBe(`Reserva recibida · ${landing.display_name} | Nelly`);
    expect(mainText(thanks)).not.toContain("Ya habías hecho esta reserva");
    // Reached by sending the same booking again (a lost answer, a second tab): said to be the same one.
    const again = await page(`/${landing.name}/thanks-you?ref=${booked.reference}&t=${token}&again=1`);
    expect(mainText(again)).toContain("Ya habías hecho esta reserva: es la misma, no se hizo otra.");

    // A link that finds no booking says so, in its title too (a walk's finding: "Reserva recibida").
    for (const [url, title] of [
      [`/${landing.name}/thanks-you?ref=${booked.reference}&t=not-the-token`, "Reserva no encontrada"],
      [`/${landing.name}/thanks-you?lang=en`, "Booking not found"],
    ] as const) {
      // Not found, as the customer's page of a lost link is (a walk's finding: this one answered 200).
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(404);
      const lost = parseHtml(answer.body);
      expect(mainText(lost)).not.toContain("María José");
      expect(lost.title(), url).toBe(`${title} · ${landing.display_name} | Nelly`);
      expect(lost.meta("robots")).toMatch(/noindex/);
    }

    // A reference copied by hand in small letters leads to the booking's page (a walk's: a 404).
    const lower = await app.inject({
      method: "GET",
      url: `/${landing.name}/reservation/${booked.reference.toLowerCase()}/express?t=${token}`,
    });
    expect(lower.statusCode).toBe(302);
    expect(lower.headers.location).toBe(`/${landing.name}/reservation/${booked.reference}/express?t=${token}`);
    const own = await page(`/${landing.name}/reservation/${booked.reference}?t=${token}`);
    const ownText = mainText(own);
    expect(ownText).toContain("Pendiente de confirmación");
    expect(ownText).toContain("Cancelar reserva");
    expect(own.meta("robots")).toMatch(/noindex/);

    const guessed = await app.inject({
      method: "GET",
      url: `/${landing.name}/reservation/${booked.reference}?t=not-the-token`,
    });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.body).not.toContain("María José");
    // Said as the thank-you page says it, in the landing's page, not as a page that does not exist
    // (a walk's finding); without a token as with a wrong one.
    for (const url of [
      `/${landing.name}/reservation/${booked.reference}?t=not-the-token`,
      `/${landing.name}/reservation/${booked.reference}`,
    ]) {
      const lost = await app.inject({ method: "GET", url });
      expect(lost.statusCode, url).toBe(404);
      const html = parseHtml(lost.body);
      expect(mainText(html)).toContain("No encontramos esta reserva. Revisa el enlace de tu correo.");
      // As the page's heading, not a bold paragraph (an accessibility audit's finding).
      expect(lost.body).toMatch(/<h1[^>]*>No encontramos esta reserva\./);
      expect(html.title()).toBe(`Reserva no encontrada · ${landing.display_name} | Nelly`);
      expect(html.meta("robots")).toMatch(/noindex/);
    }
  });

  it("travel compressed to browsers that accept it, and revalidate with a 304", async () => {
    const { landing, full } = await bookableSite();
    const response = await app.inject({
      method: "GET",
      url: `/${landing.name}`,
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
    // Once, whoever adds it (issue 24.18: the compressor added its own beside ours).
    expect(response.headers.vary).toBe("accept-encoding");
    const plain = await app.inject({ method: "GET", url: `/${landing.name}` });
    expect(plain.headers.vary).toBe("accept-encoding");
    const html = parseHtml(gunzipSync(response.rawPayload).toString("utf8"));
    expect(html.title()).toBe(`${full.display_name} | Nelly`);
    const again = await app.inject({
      method: "GET",
      url: `/${landing.name}`,
      headers: { "accept-encoding": "gzip", "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("FAQ and English: the same pages in the visitor's language", async () => {
    const { landing } = await bookableSite();
    const faq = await page(`/${landing.name}/faq`);
    expect(mainText(faq)).toContain("¿Cómo se calcula el precio?");
    const english = await page(`/${landing.name}/faq?lang=en`);
    expect(english.lang()).toBe("en");
    expect(mainText(english)).not.toContain("¿Cómo se calcula el precio?");
    expect(english.title()).not.toContain("Preguntas frecuentes");
  });

  it("each language of a page is its own address, with hreflang alternates; booking steps have none", async () => {
    const { landing, search } = await bookableSite();
    const base = `https://reservas.example.com/${landing.name}/faq`;
    const alternatesOf = (html: ReturnType<typeof parseHtml>) =>
      html
        .elements("link")
        .filter((link) => html.attribute(link, "rel") === "alternate")
        .map((link) => [html.attribute(link, "hreflang"), html.attribute(link, "href")]);
    const expected = [
      ["es", base],
      ["en", `${base}?lang=en`],
      ["x-default", base],
    ];
    const spanish = await page(`/${landing.name}/faq`);
    const english = await page(`/${landing.name}/faq?lang=en`);
    expect(spanish.link("canonical")).toEqual([base]);
    expect(english.link("canonical")).toEqual([`${base}?lang=en`]);
    expect(alternatesOf(spanish)).toEqual(expected);
    expect(alternatesOf(english)).toEqual(expected);
    const review = await page(`/${landing.name}/review?${search}&vehicle=${landing.vehicle.id}`);
    expect(alternatesOf(review)).toEqual([]);
  });

  it("head tags per page: a vehicle shares its own photo, booking steps stay out of search, the owner's canonical", async () => {
    const { owner, landing, search } = await bookableSite();
    const second = await createVehicleFor(app, owner, landing.id, await photos(1, 640, 480), {
      name: "Hyundai Tucson",
    });
    const fileOf = (url: string | null | undefined) => new URL(url ?? "").pathname;
    const home = await page(`/${landing.name}`);
    const firstPage = await page(`/${landing.name}/vehicles/${landing.vehicle.id}`);
    const secondPage = await page(`/${landing.name}/vehicles/${second.id}`);
    expect(fileOf(firstPage.meta("og:image"))).toBe(landing.vehicle.images[0]?.path_images);
    expect(fileOf(secondPage.meta("og:image"))).toBe(second.images[0]?.path_images);
    expect(secondPage.meta("og:image:width")).toBe("640");
    expect(fileOf(home.meta("og:image"))).toBe(landing.vehicle.images[0]?.path_images);

    for (const url of [`/${landing.name}`, `/${landing.name}/vehicle`, `/${landing.name}/faq`]) {
      expect((await page(url)).meta("robots"), url).toBe("index, follow");
    }
    const withVehicle = `${search}&vehicle=${landing.vehicle.id}`;
    for (const url of [`/${landing.name}/additions?${withVehicle}`, `/${landing.name}/review?${withVehicle}`]) {
      expect((await page(url)).meta("robots"), url).toBe("noindex, nofollow");
    }

    const current = (
      await app.inject({ method: "GET", url: `/api/landings/${owner.id}/${landing.id}`, headers: bearer(owner) })
    ).json();
    const meta = await app.inject({
      method: "POST",
      url: `/api/landings/${owner.id}/${landing.id}/meta`,
      payload: {
        version: current.version,
        meta_title: "Alquiler de autos",
        meta_description: "Reserva tu auto en minutos.",
        meta_keywords: "",
        og_title: "",
        og_description: "Los mejores autos.",
        robots: "index,follow",
        canonical_url: "https://autos.example.org/",
      },
      headers: bearer(owner),
    });
    expect(meta.statusCode, meta.body).toBe(200);
    const canonicalHome = await page(`/${landing.name}`);
    expect(canonicalHome.link("canonical")).toEqual(["https://autos.example.org/"]);
    expect(canonicalHome.meta("og:url")).toBe("https://autos.example.org/");
    // Other pages keep their own address: the owner's URL names the home.
    expect((await page(`/${landing.name}/faq`)).link("canonical")).toEqual([
      `https://reservas.example.com/${landing.name}/faq`,
    ]);
  });
});
