import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landingAddons, outbox, reservationAddons } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  multipart,
  type Owner,
  searchOf,
  signUp,
  switchLandingLanguage,
  vehicleFields,
} from "../test/factories";
import { parseHtml } from "../test/html";

/**
 * Issue 24.3: what the operator writes (SEO texts, vehicle descriptions, add-on names, closure
 * notes) may be written in both languages; each page shows its language's text, or the other's
 * where one was left empty, and a new default language keeps every page as it was.
 */
const { app, clock, db } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;

const dayAfter = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function send(owner: Owner, method: "POST" | "PUT", url: string, fields: Record<string, string>) {
  const body = await multipart(fields);
  return app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner), "accept-language": "es" },
  });
}

const landingOf = async (owner: Owner, id: number) =>
  (await app.inject({ method: "GET", url: `/api/landings/${owner.id}/${id}`, headers: bearer(owner) })).json() as {
    version: number;
    default_language: string;
    meta_title: string;
    translations: Record<string, Record<string, string>>;
    addons: { id: number; name: string; translations: Record<string, Record<string, string>> }[];
    rules: {
      closures: { note: string; translations?: Record<string, Record<string, string>> }[];
      terms: string;
      terms_translations?: Record<string, Record<string, string>>;
      faq: { question: string; answer: string; translations?: Record<string, Record<string, string>> }[];
    };
  };

const meta = (version: number, translations: unknown) => ({
  version: String(version),
  meta_title: "Autos en Santiago",
  meta_description: "Alquila un auto en Santiago.",
  meta_keywords: "alquiler, autos",
  og_title: "",
  og_description: "Alquila en minutos.",
  translations: JSON.stringify(translations),
});

/** A bookable landing with every text written in Spanish, and English for some of them. */
async function bilingualLanding() {
  const owner = await signUp(app);
  const landing: Landing = await createBookableLanding(app, owner, { description: "Sedán cómodo" });
  let version = (await landingOf(owner, landing.id)).version;
  const saved = await send(
    owner,
    "POST",
    `/api/landings/${owner.id}/${landing.id}/meta`,
    meta(version, { en: { meta_title: "Cars in Santiago", meta_description: "Rent a car in Santiago." } }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  version = saved.json().version;
  const vehicle = await app.inject({
    method: "PUT",
    url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
    payload: {
      ...vehicleFields({ description: "Sedán cómodo" }),
      features: [],
      version: 1,
      translations: { en: { description: "Comfortable sedan" } },
    },
    headers: bearer(owner),
  });
  expect(vehicle.statusCode, vehicle.body).toBe(200);
  const addons = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
    version: String(version),
    color_primary: "#1d4ed8",
    color_secondary: "#f59e0b",
    default_language: "es",
    addons: JSON.stringify([
      {
        name: "Silla de bebé",
        price: "12",
        kind: "child_seat",
        max_quantity: 3,
        translations: { en: { name: "Baby seat" } },
      },
      { name: "Nevera", price: "5", kind: "equipment", max_quantity: 1 },
    ]),
  });
  expect(addons.statusCode, addons.body).toBe(200);
  const day = dayAfter(20);
  const rules = await app.inject({
    method: "PUT",
    url: `/api/landings/${owner.id}/${landing.id}/rules`,
    payload: {
      version: addons.json().version,
      closures: [{ from: day, to: day, note: "Navidad", translations: { en: { note: "Christmas" } } }],
      terms: "Se requiere licencia vigente.\nNo se permite fumar.",
      terms_translations: { en: { terms: "A valid licence is required.\nNo smoking." } },
      faq: [
        {
          question: "¿Entregan en el hotel?",
          answer: "Sí, en Santiago.",
          translations: { en: { question: "Do you deliver to hotels?", answer: "Yes, in Santiago." } },
        },
        { question: "¿Aceptan efectivo?", answer: "Sí, al recoger." },
      ],
    },
    headers: bearer(owner),
  });
  expect(rules.statusCode, rules.body).toBe(200);
  return { owner, landing, closedDay: day, dayAfterClosure: dayAfter(22) };
}

/** The text a visitor reads: the page's main content, not the data its script carries. */
const shown = (page: ReturnType<typeof parseHtml>) => page.text(page.elements("main")[0]);

const publicLanding = async (name: string, lang?: string) =>
  (await app.inject({ method: "GET", url: `/api/publicLanding/${name}${lang ? `?lang=${lang}` : ""}` })).json() as {
    meta_title: string;
    meta_description: string;
    addons: { id: number; name: string; translations?: unknown; untranslated?: unknown }[];
    vehicles: { description: string; translations?: unknown; untranslated?: unknown }[];
    rules: {
      closures: { note: string }[];
      terms: string;
      terms_translations?: unknown;
      faq: unknown[];
      untranslated?: unknown;
    };
  };

describe("what the owner writes, in both languages (issue 24.3)", () => {
  it("answers each text in the language asked, the other where one is empty, and the owner both", async () => {
    const { owner, landing } = await bilingualLanding();
    const english = await publicLanding(landing.name, "en");
    expect(english.meta_title).toBe("Cars in Santiago");
    expect(english.meta_description).toBe("Rent a car in Santiago.");
    expect(english.vehicles[0]?.description).toBe("Comfortable sedan");
    expect(english.addons.map((addon) => addon.name)).toEqual(["Baby seat", "Nevera"]);
    expect(english.rules.closures[0]?.note).toBe("Christmas");
    expect(english.rules.terms).toBe("A valid licence is required.\nNo smoking.");
    // Left in Spanish, said so: the page marks it with `lang`.
    expect(english.rules.faq).toEqual([
      { question: "Do you deliver to hotels?", answer: "Yes, in Santiago." },
      { question: "¿Aceptan efectivo?", answer: "Sí, al recoger.", untranslated: { question: "es", answer: "es" } },
    ]);
    expect(english.rules.untranslated).toBeUndefined();
    expect(english.addons.map((addon) => addon.untranslated)).toEqual([undefined, { name: "es" }]);
    expect(english.vehicles[0]?.untranslated).toBeUndefined();
    expect(english.rules.terms_translations).toBeUndefined();
    // Visitors get the text to show, never the owner's translations.
    expect(english.addons[0]?.translations).toBeUndefined();
    expect(english.vehicles[0]?.translations).toBeUndefined();

    const spanish = await publicLanding(landing.name);
    expect(spanish.meta_title).toBe("Autos en Santiago");
    expect(spanish.vehicles[0]?.description).toBe("Sedán cómodo");
    expect(spanish.addons.map((addon) => addon.name)).toEqual(["Silla de bebé", "Nevera"]);
    expect(spanish.rules.closures[0]?.note).toBe("Navidad");
    expect(spanish.rules.terms).toBe("Se requiere licencia vigente.\nNo se permite fumar.");
    expect(spanish.rules.faq[0]).toEqual({ question: "¿Entregan en el hotel?", answer: "Sí, en Santiago." });

    const owned = await landingOf(owner, landing.id);
    expect(owned.meta_title).toBe("Autos en Santiago");
    expect(owned.translations).toEqual({
      en: { meta_title: "Cars in Santiago", meta_description: "Rent a car in Santiago." },
    });
    expect(owned.addons[0]?.translations).toEqual({ en: { name: "Baby seat" } });
    expect(owned.rules.closures[0]?.translations).toEqual({ en: { note: "Christmas" } });
    expect(owned.rules.terms_translations).toEqual({ en: { terms: "A valid licence is required.\nNo smoking." } });
    expect(owned.rules.faq.map((entry) => entry.translations)).toEqual([
      { en: { question: "Do you deliver to hotels?", answer: "Yes, in Santiago." } },
      undefined,
    ]);
  });

  it("draws the English pages with the English texts and marks them English", async () => {
    const { landing } = await bilingualLanding();
    const home = parseHtml((await app.inject({ method: "GET", url: `/${landing.name}?lang=en` })).body);
    expect(home.lang()).toBe("en");
    expect(home.title()).toContain("Cars in Santiago");
    expect(home.meta("description")).toBe("Rent a car in Santiago.");
    const vehicle = await app.inject({ method: "GET", url: `/${landing.name}/vehicles/${landing.vehicle.id}?lang=en` });
    expect(vehicle.body).toContain("Comfortable sedan");
    expect(vehicle.body).not.toContain("Sedán cómodo");
    const spanish = await app.inject({ method: "GET", url: `/${landing.name}/vehicles/${landing.vehicle.id}` });
    expect(spanish.body).toContain("Sedán cómodo");

    // The owner's questions and conditions on the FAQ page, and the conditions where they are accepted.
    const faq = parseHtml((await app.inject({ method: "GET", url: `/${landing.name}/faq?lang=en` })).body);
    expect(shown(faq)).toContain("Do you deliver to hotels?");
    expect(shown(faq)).toContain("Yes, in Santiago.");
    expect(shown(faq)).toContain("A valid licence is required.");
    expect(shown(faq)).not.toContain("¿Entregan en el hotel?");
    const trip = bookingPayload(landing, clock.now());
    const search = searchOf(trip, { vehicle: String(landing.vehicle.id), lang: "en" });
    const review = parseHtml((await app.inject({ method: "GET", url: `/${landing.name}/review?${search}` })).body);
    expect(review.byId("contact-form")).toBeDefined();
    expect(shown(review)).toContain("A valid licence is required.");
    const spanishFaq = parseHtml((await app.inject({ method: "GET", url: `/${landing.name}/faq` })).body);
    expect(shown(spanishFaq)).toContain("¿Entregan en el hotel?");
    expect(shown(spanishFaq)).toContain("No se permite fumar.");
  });

  // WCAG 3.1.2: a text left in the landing's language on a page in the other is marked as such, so
  // a screen reader reads it in its own language.
  it("marks what the owner left untranslated with the language it is written in", async () => {
    const { owner, landing } = await bilingualLanding();
    const untranslated = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
      payload: { ...vehicleFields({ description: "Sedán cómodo" }), features: [], version: 2, translations: {} },
      headers: bearer(owner),
    });
    expect(untranslated.statusCode, untranslated.body).toBe(200);
    const english = await publicLanding(landing.name, "en");
    expect(english.vehicles[0]).toMatchObject({ description: "Sedán cómodo", untranslated: { description: "es" } });
    const marked = (page: ReturnType<typeof parseHtml>, text: string) =>
      page
        .elements("p")
        .concat(page.elements("span"))
        .filter((element) => page.text(element).trim() === text)
        .map((element) => page.attribute(element, "lang"));
    const vehicle = parseHtml(
      (await app.inject({ method: "GET", url: `/${landing.name}/vehicles/${landing.vehicle.id}?lang=en` })).body,
    );
    expect(marked(vehicle, "Sedán cómodo")).toEqual(["es"]);
    const faq = parseHtml((await app.inject({ method: "GET", url: `/${landing.name}/faq?lang=en` })).body);
    expect(marked(faq, "¿Aceptan efectivo?")).toEqual(["es"]);
    expect(marked(faq, "Sí, al recoger.")).toEqual(["es"]);
    // Translated, or on a page in the landing's own language: nothing to mark.
    expect(marked(faq, "Yes, in Santiago.")).toEqual([null]);
    const spanish = parseHtml((await app.inject({ method: "GET", url: `/${landing.name}/faq` })).body);
    expect(marked(spanish, "Sí, al recoger.")).toEqual([null]);
    const search = searchOf(bookingPayload(landing, clock.now()), { vehicle: String(landing.vehicle.id), lang: "en" });
    const extras = parseHtml((await app.inject({ method: "GET", url: `/${landing.name}/additions?${search}` })).body);
    const headings = (text: string) =>
      extras
        .elements("h2")
        .filter((element) => extras.text(element).trim() === text)
        .map((element) => extras.attribute(element, "lang"));
    expect(headings("Nevera")).toEqual(["es"]);
    expect(headings("Baby seat")).toEqual([null]);
  });

  it("books an English visitor's add-ons under their English names and explains a closure in English", async () => {
    const { landing, closedDay, dayAfterClosure } = await bilingualLanding();
    const [seat] = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), { language: "en", addons: [{ id: seat?.id, quantity: 1 }] }),
      headers: { "accept-language": "en" },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const lines = await db
      .select()
      .from(reservationAddons)
      .where(eq(reservationAddons.reservationId, booked.json().id));
    expect(lines.map((line) => line.name)).toEqual(["Baby seat"]);

    const quote = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${closedDay}T10:00&to=${dayAfterClosure}T10:00&lang=en`,
      headers: { "accept-language": "en" },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(JSON.stringify(quote.json().problems)).toContain("Christmas");
  });

  it("keeps only the other language, refuses what is not text in it, and keeps pages as they were when the default changes", async () => {
    const { owner, landing } = await bilingualLanding();
    let current = await landingOf(owner, landing.id);
    // A text for the landing's own language is the field itself: not stored twice.
    const same = await send(
      owner,
      "POST",
      `/api/landings/${owner.id}/${landing.id}/meta`,
      meta(current.version, { es: { meta_title: "Otro" }, en: { meta_title: "Cars in Santiago" } }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().translations).toEqual({ en: { meta_title: "Cars in Santiago" } });

    for (const [bad, field, message] of [
      ["{", "translations", "Los textos en el otro idioma no son válidos."],
      ['{"fr":{"meta_title":"x"}}', "translations", "Los textos en el otro idioma no son válidos."],
      [JSON.stringify({ en: { meta_title: "x".repeat(121) } }), "translations.en.meta_title", null],
    ] as const) {
      const refused = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
        ...meta(same.json().version, {}),
        translations: bad,
      });
      expect(refused.statusCode, bad).toBe(422);
      const errors = refused.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), bad).toContain(field);
      if (message) expect(errors[field]?.[0]).toBe(message);
    }
    current = await landingOf(owner, landing.id);
    expect(current.translations).toEqual({ en: { meta_title: "Cars in Santiago" } });

    await switchLandingLanguage(app, owner, landing.id, "en");
    const after = await landingOf(owner, landing.id);
    expect(after.meta_title).toBe("Cars in Santiago");
    expect(after.translations).toEqual({ es: { meta_title: "Autos en Santiago" } });
    expect(after.addons.map((addon) => [addon.name, addon.translations])).toEqual([
      ["Baby seat", { es: { name: "Silla de bebé" } }],
      ["Nevera", {}],
    ]);
    expect(after.rules.closures[0]).toMatchObject({ note: "Christmas", translations: { es: { note: "Navidad" } } });
    expect(after.rules.terms).toBe("A valid licence is required.\nNo smoking.");
    expect(after.rules.terms_translations).toEqual({
      es: { terms: "Se requiere licencia vigente.\nNo se permite fumar." },
    });
    expect(after.rules.faq).toEqual([
      {
        question: "Do you deliver to hotels?",
        answer: "Yes, in Santiago.",
        translations: { es: { question: "¿Entregan en el hotel?", answer: "Sí, en Santiago." } },
      },
      { question: "¿Aceptan efectivo?", answer: "Sí, al recoger." },
    ]);
    const spanish = await publicLanding(landing.name, "es");
    expect(spanish.meta_title).toBe("Autos en Santiago");
    expect(spanish.vehicles[0]?.description).toBe("Sedán cómodo");
    expect(spanish.addons.map((addon) => addon.name)).toEqual(["Silla de bebé", "Nevera"]);
    const english = await publicLanding(landing.name);
    expect(english.vehicles[0]?.description).toBe("Comfortable sedan");
    expect(english.rules.closures[0]?.note).toBe("Christmas");
    expect(english.rules.terms).toBe("A valid licence is required.\nNo smoking.");
  });

  it("refuses conditions and questions that are too long, too many or half written, and changes nothing", async () => {
    const { owner, landing } = await bilingualLanding();
    const before = await landingOf(owner, landing.id);
    const rulesUrl = `/api/landings/${owner.id}/${landing.id}/rules`;
    const entry = { question: "¿Hay peajes?", answer: "Sí." };
    for (const [payload, field, message] of [
      [{ terms: "x".repeat(5001) }, "terms", "Las condiciones no pueden superar los 5,000 caracteres."],
      [{ terms_translations: { en: { terms: "x".repeat(5001) } } }, "terms_translations.en.terms", null],
      [{ faq: [{ question: "¿Hay peajes?", answer: "  " }] }, "faq.0.answer", "Este campo es obligatorio."],
      [
        { faq: [{ ...entry, question: "x".repeat(201) }] },
        "faq.0.question",
        "La pregunta no puede superar los 200 caracteres.",
      ],
      [
        { faq: Array.from({ length: 21 }, () => entry) },
        "faq",
        "Las preguntas frecuentes no son válidas (como máximo 20).",
      ],
      [{ faq: "preguntas" }, "faq", "Las preguntas frecuentes no son válidas (como máximo 20)."],
    ] as const) {
      const refused = await app.inject({
        method: "PUT",
        url: rulesUrl,
        payload: { version: before.version, ...payload },
        headers: { ...bearer(owner), "accept-language": "es" },
      });
      expect(refused.statusCode, field).toBe(422);
      const errors = refused.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), field).toContain(field);
      if (message) expect(errors[field]?.[0]).toBe(message);
    }
    const after = await landingOf(owner, landing.id);
    expect(after.version).toBe(before.version);
    expect(after.rules).toEqual(before.rules);
  });

  it("names a vehicle's seasons in both languages: each visitor's price and booking say theirs, and a new default keeps them", async () => {
    const owner = await signUp(app);
    const landing: Landing = await createBookableLanding(app, owner);
    const saved = await app.inject({
      method: "PUT",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}/rules`,
      payload: {
        version: 1,
        seasons: [
          {
            name: "Navidad",
            from: dayAfter(8),
            to: dayAfter(30),
            price: "80",
            translations: { es: { name: "ignorado" }, en: { name: " Christmas " } },
          },
        ],
      },
      headers: bearer(owner),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().vehicle.rules.seasons).toMatchObject([
      { name: "Navidad", translations: { en: { name: "Christmas" } } },
    ]);
    expect(saved.json().vehicle.rules.seasons[0].translations.es).toBeUndefined();

    // The site prices in the browser with the season named in the page's language.
    const seasonsOf = async (lang: string) =>
      ((await publicLanding(landing.name, lang)) as unknown as { vehicles: { rules: { seasons: unknown[] } }[] })
        .vehicles[0]?.rules.seasons;
    expect(await seasonsOf("en")).toEqual([
      { name: "Christmas", from: dayAfter(8), to: dayAfter(30), price_cents: 80_00 },
    ]);
    expect(await seasonsOf("es")).toMatchObject([{ name: "Navidad" }]);

    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), { language: "en" }, { start: 10, length: 3 }),
      headers: { "accept-language": "en" },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id, reference, customer_token: token } = booked.json();
    expect(booked.json().rental_lines).toEqual([
      {
        season: "Navidad",
        season_names: { es: "Navidad", en: "Christmas" },
        days: 3,
        price_per_day_cents: 80_00,
        total_cents: 240_00,
      },
    ]);
    const mails = await db.select().from(outbox).where(eq(outbox.reservationId, id));
    const mailOf = (kind: string) => mails.find((mail) => mail.kind === kind)?.text ?? "";
    expect(mailOf("reservation.customer")).toContain("Christmas");
    expect(mailOf("reservation.owner")).toContain("Navidad");
    // The customer's page names the booked season in the language it is read in.
    for (const [lang, name, other] of [
      ["en", "Christmas", "Navidad"],
      ["es", "Navidad", "Christmas"],
    ] as const) {
      const page = parseHtml(
        (await app.inject({ method: "GET", url: `/${landing.name}/reservation/${reference}?t=${token}&lang=${lang}` }))
          .body,
      );
      expect(shown(page)).toContain(name);
      expect(shown(page)).not.toContain(other);
    }

    await switchLandingLanguage(app, owner, landing.id, "en");
    const vehicle = await app.inject({
      method: "GET",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
      headers: bearer(owner),
    });
    expect(vehicle.json().rules.seasons).toMatchObject([
      { name: "Christmas", translations: { es: { name: "Navidad" } } },
    ]);
    expect(await seasonsOf("es")).toMatchObject([{ name: "Navidad" }]);
  });

  it("names a new landing's add-ons in both languages", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const owned = await landingOf(owner, landing.id);
    expect(owned.addons.map((addon) => [addon.name, addon.translations.en?.name])).toEqual([
      ["Exención de daños por colisión", "Damage waiver"],
      ["Cobertura de efectos personales", "Personal effects coverage"],
      ["Silla de bebé", "Baby seat"],
    ]);
  });
});
