import fs from "node:fs";
import path from "node:path";
import { addDays, toInstant } from "@domain/rental-time";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  landingAddons,
  landings,
  locations,
  reservations,
  vehicleBlocks,
  vehicleSpecialFeatures,
  vehicles,
} from "../db/schema";
import { createTestApp } from "../test/app";
import {
  addLocationFor,
  bearer,
  bookingPayload,
  createBookableLanding,
  createLandingFor,
  createPublishableLanding,
  createVehicleFor,
  jpegWithExif,
  multipart,
  type Owner,
  pngLogo,
  signUp,
  vehicleFields,
} from "../test/factories";

const { app, clock, db, storage } = await createTestApp();

const stored = (url: string) => path.join(storage.root, url.replace(/^\/storage\//, ""));

async function send(
  owner: Owner,
  method: "POST" | "GET" | "PATCH" | "DELETE",
  url: string,
  fields?: Parameters<typeof multipart>[0],
  lang = "en",
) {
  const body = fields ? await multipart(fields) : undefined;
  return app.inject({
    method,
    url,
    payload: body?.payload,
    headers: { ...(body?.headers ?? {}), ...bearer(owner), "accept-language": lang },
  });
}

const logoFile = async () => ({ data: await pngLogo(), filename: "logo.png", type: "image/png" });
const baseFields = (owner: Owner, name: string) => ({
  id_users_landing: String(owner.id),
  name,
  color_primary: "#112233",
  color_secondary: "#445566",
  default_language: "en",
});

describe("creating a landing", () => {
  it("stores a draft with its slug, a re-encoded logo and the default pricing settings", async () => {
    const owner = await signUp(app);
    const name = `  Autos Peña ${Date.now() % 100000}  `;
    const response = await send(owner, "POST", "/api/landing", {
      ...baseFields(owner, name),
      default_language: "es",
      logo: await logoFile(),
    });
    expect(response.statusCode).toBe(201);
    const landing = response.json();
    expect(landing).toMatchObject({
      name: `autos-pena-${Date.now() % 100000}`.slice(0, 0) || expect.stringMatching(/^autos-pena-\d+$/),
      status: "draft",
      color_primary: "#112233",
      default_language: "es",
      id_users_landing: owner.id,
      time_zone: "America/Santo_Domingo",
      currency: "USD",
      tax_label: "ITBIS",
      tax_rate: 18,
      vehicles_count: 0,
      reservations_count: 0,
    });
    expect(landing.public_url).toBe(`http://localhost:3000/${landing.name}`);
    expect(landing.addons).toEqual([
      expect.objectContaining({ name: "Exención de daños por colisión", price: 12, price_cents: 1200 }),
      expect.objectContaining({ name: "Cobertura de efectos personales", price: 12 }),
      expect.objectContaining({ name: "Silla de bebé", price: 12 }),
    ]);
    expect(landing.logo).toMatch(/^\/storage\/logos\/[\w-]+\.webp$/);
    expect((await sharp(fs.readFileSync(stored(landing.logo))).metadata()).format).toBe("webp");
  });

  it("stores the time zone, currency and tax the owner chose instead of the defaults", async () => {
    const owner = await signUp(app);
    const response = await send(owner, "POST", "/api/landing", {
      ...baseFields(owner, `region ${Date.now()}`),
      time_zone: "Europe/Madrid",
      currency: "eur",
      tax_label: " IVA ",
      tax_rate: "21.5",
      logo: await logoFile(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      time_zone: "Europe/Madrid",
      currency: "EUR",
      tax_label: "IVA",
      tax_rate: 21.5,
    });
    const [row] = await db.select().from(landings).where(eq(landings.ownerId, owner.id));
    expect(row).toMatchObject({
      timeZone: "Europe/Madrid",
      currency: "EUR",
      taxLabel: "IVA",
      taxRateBasisPoints: 2150,
    });
  });

  it.each([
    [
      "an unknown time zone, currency and tax rate",
      { time_zone: "Mars/Olympus", currency: "XYZ", tax_rate: "101", tax_label: "" },
      {
        time_zone: ["Choose a valid time zone."],
        currency: ["Choose a valid currency (ISO code, e.g. USD)."],
        tax_rate: ["The tax rate must be a number between 0 and 100."],
        tax_label: ["This field is required."],
      },
    ],
    [
      "a name over 35 characters",
      { name: "x".repeat(36) },
      { name: ["The address may not be longer than 35 characters."] },
    ],
    ["a reserved name", { name: "Landings" }, { name: ["This address is reserved by Nelly; choose another."] }],
    ["a name of symbols only", { name: "!!!" }, { name: ["The address must contain letters or digits."] }],
    [
      "missing colours",
      { color_primary: "", color_secondary: "blue" },
      { color_primary: ["This field is required."], color_secondary: ["Choose a valid colour (format #RRGGBB)."] },
    ],
    ["a bad language", { default_language: "fr" }, { default_language: ["Choose Spanish (es) or English (en)."] }],
  ])("answers 422 for %s and stores nothing", async (_case, override, errors) => {
    const owner = await signUp(app);
    const response = await send(owner, "POST", "/api/landing", {
      ...baseFields(owner, `ok ${Date.now()}`),
      ...override,
      logo: await logoFile(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(errors);
    expect(await db.select().from(landings).where(eq(landings.ownerId, owner.id))).toHaveLength(0);
  });

  it("answers 422 without a logo, for a non-image logo and for a logo that is too large", async () => {
    const owner = await signUp(app);
    const fields = baseFields(owner, `logo test ${Date.now()}`);
    const missing = await send(owner, "POST", "/api/landing", fields, "es");
    expect(missing.json().errors).toEqual({ logo: ["El logo es obligatorio."] });
    const text = await send(owner, "POST", "/api/landing", {
      ...fields,
      logo: { data: Buffer.from("MZ not an image"), filename: "logo.png", type: "image/png" },
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ logo: ["The file is not a valid image (JPEG, PNG, WebP, GIF or AVIF)."] });
    const huge = await send(owner, "POST", "/api/landing", {
      ...fields,
      logo: { data: Buffer.alloc(5 * 1024 * 1024 + 1), filename: "logo.png", type: "image/png" },
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ logo: ["The image is too large (at most 5 MB)."] });
    expect(await db.select().from(landings).where(eq(landings.ownerId, owner.id))).toHaveLength(0);
  });

  it("refuses a name taken by anyone on the platform, trash included", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const taken = await createLandingFor(app, other);
    const sameSlug = taken.name.toUpperCase().replace(/-/g, "  ");
    const response = await send(owner, "POST", "/api/landing", {
      ...baseFields(owner, sameSlug),
      logo: await logoFile(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ["A landing with this address already exists; choose another."] });

    await send(other, "DELETE", `/api/landing/${taken.id}`);
    const whileTrashed = await send(owner, "POST", "/api/landing", {
      ...baseFields(owner, taken.name),
      logo: await logoFile(),
    });
    expect(whileTrashed.statusCode).toBe(422);
  });

  it("answers 403 when id_users_landing is another user's", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const response = await send(owner, "POST", "/api/landing", {
      ...baseFields(other, `theirs ${Date.now()}`),
      logo: await logoFile(),
    });
    expect(response.statusCode).toBe(403);
    expect(await db.select().from(landings).where(eq(landings.ownerId, other.id))).toHaveLength(0);
  });
});

describe("the name check", () => {
  it("answers the slug and whether it is free", async () => {
    const owner = await signUp(app);
    const mine = await createLandingFor(app, owner);
    const check = async (name: string, extra = "") =>
      (await send(owner, "GET", `/api/landing-name-check?name=${encodeURIComponent(name)}${extra}`)).json();
    expect(await check("  Nuevo   Negocio!! ")).toEqual({
      slug: "nuevo-negocio",
      public_url: "http://localhost:3000/nuevo-negocio",
      available: true,
      in_your_trash: false,
      message: null,
    });
    expect(await check(mine.name)).toMatchObject({
      available: false,
      message: "A landing with this address already exists; choose another.",
    });
    expect(await check(mine.name, `&landing_id=${mine.id}`)).toMatchObject({ available: true });
    // Another owner's landing id does not make that owner's name look free.
    const stranger = await signUp(app);
    const theirs = await createLandingFor(app, stranger);
    expect(await check(theirs.name, `&landing_id=${theirs.id}`)).toMatchObject({
      available: false,
      message: "A landing with this address already exists; choose another.",
    });
    expect(await check("help")).toMatchObject({
      slug: "help",
      available: false,
      message: "This address is reserved by Nelly; choose another.",
    });
  });
});

describe("reading landings", () => {
  it("lists only the owner's landings and answers 403 for another user id", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const first = await createLandingFor(app, owner);
    const second = await createLandingFor(app, owner);
    await createLandingFor(app, other);
    const list = await send(owner, "GET", `/api/landing/${owner.id}`);
    expect(list.json().map((l: { id: number }) => l.id)).toEqual([second.id, first.id]);
    expect((await send(owner, "GET", `/api/landing/${other.id}`)).statusCode).toBe(403);
  });

  it("lists each landing with its own add-ons and counts, by creation date, and the trash by when it went there", async () => {
    const owner = await signUp(app);
    const bookable = await createBookableLanding(app, owner);
    const plain = await createLandingFor(app, owner);
    await db.insert(landingAddons).values({ landingId: plain.id, name: "Nevera", priceCents: 300, position: 9 });
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(bookable, clock.now()),
    });
    expect(booked.statusCode).toBe(201);
    // Created later, though its id is lower: the list goes by the date.
    await db
      .update(landings)
      .set({ createdAt: new Date(clock.now().getTime() + 60_000) })
      .where(eq(landings.id, bookable.id));

    type Listed = {
      id: number;
      addons: { name: string }[];
      vehicles_count: number;
      locations_count: number;
      reservations_count: number;
      active_reservations_count: number;
    };
    const summary = (listed: Listed[]) =>
      listed.map((landing) => [
        landing.id,
        landing.vehicles_count,
        landing.locations_count,
        landing.reservations_count,
        landing.active_reservations_count,
      ]);
    const list: Listed[] = (await send(owner, "GET", `/api/landing/${owner.id}`)).json();
    // The bookable landing's places: a round trip at each of its two places and the one-way pair
    // its bookings use.
    expect(summary(list)).toEqual([
      [bookable.id, 1, 3, 1, 1],
      [plain.id, 0, 0, 0, 0],
    ]);
    for (const landing of list) {
      const own = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
      expect(landing.addons.map((addon) => addon.name).sort()).toEqual(own.map((addon) => addon.name).sort());
    }
    expect(list[1]?.addons.map((addon) => addon.name)).toContain("Nevera");
    expect(list[0]?.addons.map((addon) => addon.name)).not.toContain("Nevera");

    // The trash: the most recently trashed first (the booking cancelled first, so nothing holds it).
    const cancelled = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${booked.json().id}/status`,
      payload: { status: "cancelled" },
      headers: bearer(owner),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await send(owner, "DELETE", `/api/landing/${bookable.id}`)).statusCode).toBe(200);
    clock.advance(60_000);
    await send(owner, "DELETE", `/api/landing/${plain.id}`);
    const bin: Listed[] = (await send(owner, "GET", `/api/landing/deleted/${owner.id}`)).json();
    expect(bin.map((landing) => landing.id)).toEqual([plain.id, bookable.id]);
  });

  it("answers one landing, 404 for another owner's, 403 for another user id", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const mine = await createLandingFor(app, owner);
    const theirs = await createLandingFor(app, other);
    expect((await send(owner, "GET", `/api/landings/${owner.id}/${mine.id}`)).json()).toMatchObject({ id: mine.id });
    const foreign = await send(owner, "GET", `/api/landings/${owner.id}/${theirs.id}`, undefined, "es");
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "Landing no encontrada o ha sido eliminada." });
    expect((await send(owner, "GET", `/api/landings/${other.id}/${theirs.id}`)).statusCode).toBe(403);
  });

  it("finds the owner's own landing by name for the preview, drafts included, never another's", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const mine = await createLandingFor(app, owner);
    const theirs = await createLandingFor(app, other);
    expect((await send(owner, "GET", `/api/reviews/${mine.name}`)).json()).toMatchObject({
      id: mine.id,
      status: "draft",
    });
    expect((await send(owner, "GET", `/api/reviews/${theirs.name}`)).statusCode).toBe(404);
  });
});

describe("updating a landing", () => {
  it("updates settings and add-ons, replaces the logo and removes the old file", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const response = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      version: String(landing.version),
      name: `Renamed Rentals ${landing.id}`,
      color_primary: "#000000",
      color_secondary: "#ffffff",
      default_language: "en",
      time_zone: "America/New_York",
      currency: "dop",
      tax_label: "VAT",
      tax_rate: "7.5",
      addons: JSON.stringify([
        { name: "GPS", price: "5.5" },
        { name: "Baby seat", price: 12 },
      ]),
      logo: { data: await jpegWithExif(1920, 1080), filename: "new.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      name: `renamed-rentals-${landing.id}`,
      default_language: "en",
      time_zone: "America/New_York",
      currency: "DOP",
      tax_label: "VAT",
      tax_rate: 7.5,
    });
    expect(updated.addons.map((a: { name: string; price_cents: number }) => [a.name, a.price_cents])).toEqual([
      ["GPS", 550],
      ["Baby seat", 1200],
    ]);
    expect(fs.existsSync(stored(landing.logo))).toBe(false);
    expect(fs.existsSync(stored(updated.logo))).toBe(true);
  });

  // The tester's report: moved to New York, a booking returned at 10:00 left its car free from 09:00
  // (its instant still Santo Domingo's), and a second booking of the only unit was taken at 09:30.
  it("keeps every booking's and block's local times when the time zone changes, and reads their instants in the new zone", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now()),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { pickupDate, returnDate } = (
      await db.select().from(reservations).where(eq(reservations.id, booked.json().id))
    )[0] ?? { pickupDate: "", returnDate: "" };
    const block = await app.inject({
      method: "POST",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}/blocks`,
      payload: { from: "2027-07-01", to: "2027-07-02" },
      headers: bearer(owner),
    });
    expect(block.statusCode, block.body).toBe(201);
    const { version } = (await db.select().from(landings).where(eq(landings.id, landing.id)))[0] ?? { version: 0 };
    const moved = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      version: String(version),
      name: landing.name,
      color_primary: "#112233",
      color_secondary: "#445566",
      default_language: "es",
      time_zone: "America/New_York",
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // The booking still says 10:00 to 10:00, and its instants are New York's 10:00 (UTC-5 in winter
    // or UTC-4 in summer, whichever the dates fall in).
    const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.json().id));
    expect(row).toMatchObject({ pickupDate, pickupTime: "10:00", returnDate, returnTime: "10:00" });
    const newYork = (date: string, time: string) => toInstant({ date, time }, "America/New_York")?.toISOString();
    expect(row?.pickupAt.toISOString()).toBe(newYork(pickupDate, "10:00"));
    expect(row?.returnAt.toISOString()).toBe(newYork(returnDate, "10:00"));
    const [stored] = await db.select().from(vehicleBlocks).where(eq(vehicleBlocks.vehicleId, landing.vehicle.id));
    expect(stored?.startsAt.toISOString()).toBe("2027-07-01T04:00:00.000Z");
    expect(stored?.endsAt.toISOString()).toBe("2027-07-03T04:00:00.000Z");

    // So the only unit is taken until 10:00 on the return day, New York time: 09:30 is refused.
    const overlapping = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: {
        ...bookingPayload(landing, clock.now(), { email: "otro@example.com" }),
        date_of_departure: returnDate,
        time_of_departure: "09:30",
        date_of_arrival: addDays(returnDate, 1),
        time_of_arrival: "09:30",
      },
    });
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect(await db.$count(reservations, eq(reservations.landingId, landing.id))).toBe(1);
  });

  it("removes every add-on when the list is sent empty, and keeps them when none is sent", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const fields = (version: number) => ({
      version: String(version),
      name: landing.name,
      color_primary: "#123456",
      color_secondary: "#654321",
      default_language: "es",
    });
    const kept = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, fields(landing.version));
    expect(kept.json().addons.length).toBeGreaterThan(0);
    const emptied = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      ...fields(kept.json().version),
      addons: "[]",
    });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json().addons).toEqual([]);
    expect(await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id))).toEqual([]);
  });

  // A walk's finding: every save gave the add-ons new ids, so a traveller's review lost its extras
  // (and booking it answered "Este extra no existe") when the owner only changed a colour.
  it("keeps the ids of the add-ons sent with theirs, in the order sent; new ones and another landing's get their own", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const other = await createLandingFor(app, owner);
    const [first, second, third] = landing.addons as { id: number; name: string }[];
    const [foreign] = other.addons as { id: number }[];
    if (!first || !second || !third || !foreign) throw new Error("a new landing has its add-ons");
    const saved = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      version: String(landing.version),
      name: landing.name,
      color_primary: "#123456",
      color_secondary: "#654321",
      default_language: "es",
      addons: JSON.stringify([
        { id: second.id, name: "Silla para bebé", price: "15" },
        { id: first.id, name: first.name, price: "9" },
        { id: foreign.id, name: "Nevera", price: "5" },
        { id: first.id, name: "Otra vez", price: "1" },
        { name: "GPS", price: "4" },
      ]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const addons = saved.json().addons as { id: number; name: string; price_cents: number }[];
    expect(addons.map((addon) => [addon.name, addon.price_cents])).toEqual([
      ["Silla para bebé", 15_00],
      [first.name, 9_00],
      ["Nevera", 5_00],
      ["Otra vez", 1_00],
      ["GPS", 4_00],
    ]);
    expect(addons.slice(0, 2).map((addon) => addon.id)).toEqual([second.id, first.id]);
    const fresh = addons.slice(2).map((addon) => addon.id);
    for (const id of fresh) expect([first.id, second.id, third.id, foreign.id]).not.toContain(id);
    expect(new Set(fresh).size).toBe(3);
    // The one not sent is gone; the other landing's is untouched.
    const rows = await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id));
    expect(rows.map((row) => row.id)).not.toContain(third.id);
    const [theirs] = await db.select().from(landingAddons).where(eq(landingAddons.id, foreign.id));
    expect(theirs?.landingId).toBe(other.id);
  });

  it("keeps the logo when none is sent, and answers 422 per field without changing anything", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const kept = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      version: String(landing.version),
      name: landing.name,
      color_primary: "#123456",
      color_secondary: "#654321",
      default_language: "es",
    });
    expect(kept.json().logo).toBe(landing.logo);
    const bad = await send(
      owner,
      "POST",
      `/api/landing-update/${owner.id}/${landing.id}`,
      {
        version: "2",
        name: "",
        color_primary: "",
        color_secondary: "#654321",
        default_language: "es",
        time_zone: "Mars/Olympus",
        currency: "XXXX",
        tax_rate: "150",
        addons: '[{"name":"","price":-1}]',
      },
      "es",
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ["Este campo es obligatorio."],
      color_primary: ["Este campo es obligatorio."],
      time_zone: ["Elige una zona horaria válida."],
      currency: ["Elige una moneda válida (código ISO, p. ej. USD)."],
      tax_rate: ["La tasa de impuesto debe ser un número entre 0 y 100."],
      "addons.0.name": ["Este campo es obligatorio."],
      "addons.0.price": ["Introduce un precio válido (0 o más)."],
    });
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row?.colorPrimary).toBe("#123456");
  });

  it("answers 404 for another owner's landing and 403 for another user id", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const theirs = await createLandingFor(app, other);
    const fields = {
      version: "1",
      name: "hijack",
      color_primary: "#000000",
      color_secondary: "#000000",
      default_language: "es",
    };
    expect((await send(owner, "POST", `/api/landing-update/${owner.id}/${theirs.id}`, fields)).statusCode).toBe(404);
    expect((await send(owner, "POST", `/api/landing-update/${other.id}/${theirs.id}`, fields)).statusCode).toBe(403);
    const [row] = await db.select().from(landings).where(eq(landings.id, theirs.id));
    expect(row?.name).toBe(theirs.name);
  });
});

describe("SEO", () => {
  const seo = {
    meta_title: "Alquiler de autos en Santiago",
    meta_description: "Reserva tu auto en minutos.",
    meta_keywords: "alquiler, autos, santiago",
    og_title: "Autos Santiago",
    og_description: "Los mejores autos de Santiago.",
    robots: "index, follow",
    canonical_url: "https://autos.example.com/",
  };

  it("stores every field, a favicon in PNG sizes and a 1200x630 JPEG preview image", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const response = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      ...seo,
      version: "1",
      favicon: { data: await pngLogo(80, 80, "#ff0000"), filename: "icon.png", type: "image/png" },
      og_image: { data: await jpegWithExif(1600, 900), filename: "og.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ ...seo, version: 2 });
    expect(Object.keys(updated.favicon_sizes).sort()).toEqual(["180", "192", "32"]);
    const icon = await sharp(fs.readFileSync(stored(updated.favicon_sizes["32"]))).metadata();
    expect(icon).toMatchObject({ format: "png", width: 32, height: 32 });
    const og = await sharp(fs.readFileSync(stored(updated.og_image))).metadata();
    expect(og).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(og.exif).toBeUndefined();

    const replaced = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      ...seo,
      version: "2",
      og_image: { data: await jpegWithExif(1200, 630), filename: "og2.jpg", type: "image/jpeg" },
    });
    expect(fs.existsSync(stored(updated.og_image))).toBe(false);
    expect(replaced.json().favicon_sizes).toEqual(updated.favicon_sizes);

    // A new favicon replaces every size of the old one on disk.
    const newIcon = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      ...seo,
      version: "3",
      favicon: { data: await pngLogo(64, 64, "#00ff00"), filename: "icon2.png", type: "image/png" },
    });
    expect(newIcon.statusCode).toBe(200);
    for (const file of Object.values(updated.favicon_sizes as Record<string, string>)) {
      expect(fs.existsSync(stored(file)), file).toBe(false);
    }
    for (const file of Object.values(newIcon.json().favicon_sizes as Record<string, string>)) {
      expect(fs.existsSync(stored(file)), file).toBe(true);
    }
  });

  it("answers 422 for missing required fields, a bad canonical URL and a non-image favicon", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const response = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      version: "1",
      meta_title: "",
      meta_description: " ",
      og_description: "",
      canonical_url: "not a url",
      robots: "index",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      meta_title: ["This field is required."],
      meta_description: ["This field is required."],
      og_description: ["This field is required."],
      canonical_url: ["Enter a valid URL starting with http:// or https://."],
      robots: ["Choose a valid indexing option."],
    });
    const badIcon = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      ...seo,
      version: "1",
      favicon: { data: Buffer.from("<svg onload=alert(1)>"), filename: "icon.png", type: "image/png" },
    });
    expect(badIcon.json().errors).toEqual({
      favicon: ["The file is not a valid image (JPEG, PNG, WebP, GIF or AVIF)."],
    });
  });

  it("answers 404 for another owner's landing and 403 for another user id", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const theirs = await createLandingFor(app, other);
    const fields = { ...seo, version: "1" };
    expect((await send(owner, "POST", `/api/landings/${owner.id}/${theirs.id}/meta`, fields)).statusCode).toBe(404);
    expect((await send(owner, "POST", `/api/landings/${other.id}/${theirs.id}/meta`, fields)).statusCode).toBe(403);
    const [row] = await db.select().from(landings).where(eq(landings.id, theirs.id));
    expect(row).toMatchObject({ metaTitle: "", version: 1 });
  });
});

describe("publishing", () => {
  const patch = (owner: Owner, payload: object) =>
    app.inject({ method: "PATCH", url: "/api/landing/status", payload, headers: bearer(owner) });

  it("publishes, unpublishes and keeps the first publication date", async () => {
    const owner = await signUp(app);
    const landing = await createPublishableLanding(app, owner);
    const published = await patch(owner, { landing_id: landing.id, user_id: owner.id });
    expect(published.json()).toMatchObject({ status: "published", published_at: expect.any(String) });
    const draft = await patch(owner, { landing_id: landing.id, user_id: owner.id, status: "draft" });
    expect(draft.json()).toMatchObject({ status: "draft", published_at: published.json().published_at });
  });

  it("takes a landing with nothing to rent out of view, never dating a publication that did not happen", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const draft = await patch(owner, { landing_id: landing.id, user_id: owner.id, status: "draft" });
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ status: "draft", published_at: null });
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row?.publishedAt).toBeNull();
  });

  it("answers 422 without ids, 403 for another user id, 404 for another owner's landing", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const theirs = await createLandingFor(app, other);
    expect((await patch(owner, {})).statusCode).toBe(422);
    expect((await patch(owner, { landing_id: theirs.id, user_id: other.id })).statusCode).toBe(403);
    expect((await patch(owner, { landing_id: theirs.id, user_id: owner.id })).statusCode).toBe(404);
    const [row] = await db.select().from(landings).where(eq(landings.id, theirs.id));
    expect(row?.status).toBe("draft");
  });
});

describe("trash", () => {
  it("moves to the trash, restores with its status, and purges rows and files", async () => {
    const owner = await signUp(app);
    const landing = await createPublishableLanding(app, owner);
    await app.inject({
      method: "PATCH",
      url: "/api/landing/status",
      payload: { landing_id: landing.id, user_id: owner.id },
      headers: bearer(owner),
    });
    await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      version: "1",
      meta_title: "t",
      meta_description: "d",
      og_description: "o",
      favicon: { data: await pngLogo(64, 64), filename: "f.png", type: "image/png" },
      og_image: { data: await pngLogo(1200, 630), filename: "o.png", type: "image/png" },
    });
    const full = (await send(owner, "GET", `/api/landings/${owner.id}/${landing.id}`)).json();
    // Its vehicle's photo in every size (they stayed on disk, still served, before purging removed them).
    const photos = (landing.vehicle.images as { srcset: string }[]).flatMap((image) =>
      image.srcset.split(", ").map((entry) => entry.split(" ")[0] ?? ""),
    );
    expect(photos.length).toBeGreaterThan(1);
    for (const photo of photos) expect(fs.existsSync(stored(photo)), photo).toBe(true);

    const trashed = await send(owner, "DELETE", `/api/landing/${landing.id}`);
    expect(trashed.statusCode).toBe(200);
    expect((await send(owner, "GET", `/api/landing/${owner.id}`)).json()).toEqual([]);
    expect((await send(owner, "GET", `/api/landings/${owner.id}/${landing.id}`)).statusCode).toBe(404);
    const bin = (await send(owner, "GET", `/api/landing/deleted/${owner.id}`)).json();
    expect(bin).toEqual([expect.objectContaining({ id: landing.id, deleted_at: expect.any(String) })]);

    const restored = await send(owner, "POST", `/api/landing/restore/${landing.id}`, undefined, "es");
    expect(restored.json()).toMatchObject({
      message: "Landing restaurada con éxito",
      landing: { status: "published", deleted_at: null },
    });

    expect((await send(owner, "DELETE", `/api/landing/deletedFinal/${landing.id}`)).statusCode).toBe(404);
    await send(owner, "DELETE", `/api/landing/${landing.id}`);
    const purged = await send(owner, "DELETE", `/api/landing/deletedFinal/${landing.id}`, undefined, "es");
    expect(purged.json()).toEqual({ message: "Borrado exitoso." });
    expect(await db.select().from(landings).where(eq(landings.id, landing.id))).toHaveLength(0);
    expect(await db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id))).toHaveLength(0);
    const files = [full.logo, full.og_image, ...Object.values(full.favicon_sizes as Record<string, string>)];
    expect(files).toHaveLength(5);
    for (const file of [...files, ...photos]) expect(fs.existsSync(stored(file)), file).toBe(false);
  });

  it("refuses to trash a landing while bookings are still ahead, naming how many, and changes nothing (issue 25.6)", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const book = async (start: number, email: string) => {
      const answer = await app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: bookingPayload(landing, clock.now(), { email }, { start, length: 2 }),
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json() as { id: number; reference: string };
    };
    const setStatus = async (id: number, status: string) => {
      const answer = await app.inject({
        method: "PATCH",
        url: `/api/reservations/${id}/status`,
        payload: { status },
        headers: bearer(owner),
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const first = await book(5, "ana@example.com");
    const second = await book(9, "luis@example.com");
    await setStatus(second.id, "confirmed");
    const gone = await book(12, "rosa@example.com");
    await setStatus(gone.id, "cancelled");
    const listed = (await send(owner, "GET", `/api/landing/${owner.id}`)).json();
    expect(listed[0]).toMatchObject({ id: landing.id, reservations_count: 3, active_reservations_count: 2 });

    const refused = await send(owner, "DELETE", `/api/landing/${landing.id}`, undefined, "es");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        "Esta landing tiene 2 reservas activas (pendientes o confirmadas y aún sin devolver). Termínalas o cancélalas antes de moverla a la papelera: tus clientes necesitan sus enlaces y sus correos.",
    });
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row?.deletedAt).toBeNull();
    expect((await send(owner, "GET", `/api/landing/deleted/${owner.id}`)).json()).toEqual([]);
    // The customers' pages still answer.
    expect((await app.inject({ method: "GET", url: `/${landing.name}` })).statusCode).toBe(200);

    await setStatus(first.id, "cancelled");
    const one = await send(owner, "DELETE", `/api/landing/${landing.id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toMatch(/^This landing has 1 active booking \(pending or confirmed, not returned yet\)/);

    // Once the last one is settled (cancelled here; a past return is the next test), the landing may go.
    await setStatus(second.id, "cancelled");
    expect((await send(owner, "DELETE", `/api/landing/${landing.id}`)).statusCode).toBe(200);
    const bin = (await send(owner, "GET", `/api/landing/deleted/${owner.id}`)).json();
    expect(bin).toEqual([expect.objectContaining({ id: landing.id, active_reservations_count: 0 })]);
  });

  it("counts a booking whose return has passed as no longer holding the landing", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const answer = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), {}, { start: 1, length: 1 }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    // Returned yesterday and never marked completed: nothing a customer still waits for.
    await db
      .update(reservations)
      .set({
        pickupAt: new Date(clock.now().getTime() - 3 * 86_400_000),
        returnAt: new Date(clock.now().getTime() - 86_400_000),
      })
      .where(eq(reservations.id, answer.json().id));
    const listed = (await send(owner, "GET", `/api/landings/${owner.id}/${landing.id}`)).json();
    expect(listed.active_reservations_count).toBe(0);
    expect((await send(owner, "DELETE", `/api/landing/${landing.id}`)).statusCode).toBe(200);
  });

  it("answers a second restore of the same landing like the first, and 404 for one it cannot see (issue 25.8)", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    expect((await send(owner, "DELETE", `/api/landing/${landing.id}`)).statusCode).toBe(200);
    // A double click: two requests at once, then a third once both are done.
    const answers = await Promise.all([
      send(owner, "POST", `/api/landing/restore/${landing.id}`, undefined, "es"),
      send(owner, "POST", `/api/landing/restore/${landing.id}`, undefined, "es"),
    ]);
    answers.push(await send(owner, "POST", `/api/landing/restore/${landing.id}`, undefined, "es"));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        message: "Landing restaurada con éxito",
        landing: { id: landing.id, deleted_at: null },
      });
    }
    expect((await send(owner, "GET", `/api/landing/${owner.id}`)).json().map((l: { id: number }) => l.id)).toEqual([
      landing.id,
    ]);
    expect((await send(owner, "POST", `/api/landing/restore/999999999`)).statusCode).toBe(404);
  });

  it("answers 404 on every trash call for another owner's landing", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const theirs = await createLandingFor(app, other);
    expect((await send(owner, "DELETE", `/api/landing/${theirs.id}`)).statusCode).toBe(404);
    await send(other, "DELETE", `/api/landing/${theirs.id}`);
    expect((await send(owner, "POST", `/api/landing/restore/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(owner, "DELETE", `/api/landing/deletedFinal/${theirs.id}`)).statusCode).toBe(404);
    expect((await send(owner, "GET", `/api/landing/deleted/${other.id}`)).statusCode).toBe(403);
    expect(await db.select().from(landings).where(eq(landings.id, theirs.id))).toHaveLength(1);
  });
});

describe("display names (issue 7.1)", () => {
  it("keeps the business name as typed and derives the slug from it", async () => {
    const owner = await signUp(app);
    const suffix = Date.now() % 100000;
    const response = await send(owner, "POST", "/api/landing", {
      display_name: `  Autos Año Nuevo & Cía ${suffix} `,
      color_primary: "#112233",
      color_secondary: "#445566",
      default_language: "es",
      logo: await logoFile(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      display_name: `Autos Año Nuevo & Cía ${suffix}`,
      name: `autos-ano-nuevo-cia-${suffix}`,
      version: 1,
    });
    const [row] = await db.select().from(landings).where(eq(landings.id, response.json().id));
    expect(row?.displayName).toBe(`Autos Año Nuevo & Cía ${suffix}`);
  });

  it("takes a slug typed separately, and cuts a long derived one at a word", async () => {
    const owner = await signUp(app);
    const suffix = Date.now() % 100000;
    const separate = await send(owner, "POST", "/api/landing", {
      display_name: "Renta Caribe Punta Cana",
      name: `renta-caribe-puj-${suffix}`,
      color_primary: "#112233",
      color_secondary: "#445566",
      default_language: "es",
      logo: await logoFile(),
    });
    expect(separate.json()).toMatchObject({
      display_name: "Renta Caribe Punta Cana",
      name: `renta-caribe-puj-${suffix}`,
    });
    const long = await send(owner, "POST", "/api/landing", {
      display_name: `Transportes y Alquileres del Cibao ${suffix} Norte SRL`,
      color_primary: "#112233",
      color_secondary: "#445566",
      default_language: "es",
      logo: await logoFile(),
    });
    expect(long.statusCode).toBe(201);
    expect(long.json().name.length).toBeLessThanOrEqual(35);
    expect(long.json().name).toMatch(/^transportes-y-alquileres-del/);
  });

  it("refuses a display name over 60 characters or with control characters, and an emoji-only name's empty slug", async () => {
    const owner = await signUp(app);
    const attempt = (display_name: string) =>
      send(
        owner,
        "POST",
        "/api/landing",
        {
          display_name,
          color_primary: "#112233",
          color_secondary: "#445566",
          default_language: "es",
          logo: { data: Buffer.from("not a png"), filename: "x.png", type: "image/png" },
        },
        "es",
      );
    expect((await attempt("A".repeat(61))).json().errors).toMatchObject({
      display_name: ["El nombre no puede superar los 60 caracteres."],
    });
    expect((await attempt("Autos\u0000Nulos")).json().errors).toMatchObject({
      display_name: ["El valor no es válido."],
    });
    expect((await attempt("🚗🚕")).json().errors).toMatchObject({
      name: ["La dirección debe contener letras o números."],
    });
    expect(await db.select().from(landings).where(eq(landings.ownerId, owner.id))).toHaveLength(0);
  });

  it("edits the display name and the slug separately", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const common = { color_primary: "#112233", color_secondary: "#445566", default_language: "es" };
    const renamed = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      ...common,
      version: "1",
      display_name: "Guagua Tours & Más",
    });
    expect(renamed.json()).toMatchObject({ display_name: "Guagua Tours & Más", name: landing.name, version: 2 });
    const moved = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      ...common,
      version: "2",
      name: `guagua-${landing.id}`,
    });
    expect(moved.json()).toMatchObject({ display_name: "Guagua Tours & Más", name: `guagua-${landing.id}` });
  });
});

describe("versions: a stale save never overwrites another (issue 7.2)", () => {
  it("refuses the second tab's save with 409 and keeps the first tab's colour", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const form = { name: landing.name, color_secondary: "#445566", default_language: "es", version: "1" };
    const tabA = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      ...form,
      color_primary: "#aa0000",
    });
    expect(tabA.json()).toMatchObject({ color_primary: "#aa0000", version: 2 });
    const tabB = await send(
      owner,
      "POST",
      `/api/landing-update/${owner.id}/${landing.id}`,
      { ...form, color_primary: "#1d4ed8", display_name: "Tab B" },
      "es",
    );
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().message).toBe(
      "Estos datos cambiaron en otra pestaña o por otra persona. Recárgalos antes de guardar.",
    );
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row).toMatchObject({ colorPrimary: "#aa0000", version: 2 });
    expect(row?.displayName).not.toBe("Tab B");
  });

  it("needs the version on every landing and SEO update, and guards SEO with it too", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const missing = await send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
      name: landing.name,
      color_primary: "#000000",
      color_secondary: "#000000",
      default_language: "es",
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["version"]);
    const seo = { meta_title: "T", meta_description: "D", og_description: "O" };
    expect((await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, seo)).statusCode).toBe(422);
    expect(
      (await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, { ...seo, version: "1" })).statusCode,
    ).toBe(200);
    const stale = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      ...seo,
      meta_title: "Old tab",
      version: "1",
    });
    expect(stale.statusCode).toBe(409);
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row).toMatchObject({ metaTitle: "T", version: 2 });
  });

  it("lets only one of two simultaneous saves at the same version through", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const save = (color: string) =>
      send(owner, "POST", `/api/landing-update/${owner.id}/${landing.id}`, {
        name: landing.name,
        color_primary: color,
        color_secondary: "#000000",
        default_language: "es",
        version: "1",
      });
    const answers = await Promise.all([save("#111111"), save("#222222"), save("#333333")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row?.version).toBe(2);
  });
});

describe("publishing needs a vehicle and a location (issue 7.4)", () => {
  const publish = (owner: Owner, landingId: number) =>
    app.inject({
      method: "PATCH",
      url: "/api/landing/status",
      payload: { landing_id: landingId },
      headers: { ...bearer(owner), "accept-language": "es" },
    });

  it("names what is missing and leaves the landing a draft", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const empty = await publish(owner, landing.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      vehicles: ["Agrega al menos un vehículo antes de publicar."],
      locations: ["Agrega al menos una localización antes de publicar."],
    });
    await createVehicleFor(app, owner, landing.id);
    const noPlace = await publish(owner, landing.id);
    expect(noPlace.json().errors).toEqual({ locations: ["Agrega al menos una localización antes de publicar."] });
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row).toMatchObject({ status: "draft", publishedAt: null });
    await addLocationFor(app, owner, landing.id);
    const published = await publish(owner, landing.id);
    expect(published.json()).toMatchObject({ status: "published", vehicles_count: 1, locations_count: 1 });
    // Publishing twice (a double click) is harmless.
    const again = await publish(owner, landing.id);
    expect(again.json().published_at).toBe(published.json().published_at);
  });
});

describe("robots spellings (issue 7.16)", () => {
  it.each([
    ["index,follow", "index, follow"],
    ["INDEX, FOLLOW", "index, follow"],
    ["noindex nofollow", "noindex, nofollow"],
    ["follow, noindex", "noindex, follow"],
    ["all", "index, follow"],
    ["none", "noindex, nofollow"],
  ])("stores %j as %j", async (robots, stored) => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const response = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
      version: "1",
      meta_title: "T",
      meta_description: "D",
      og_description: "O",
      robots,
    });
    expect(response.json().robots).toBe(stored);
  });

  it.each([["index"], ["index, noindex"], ["follow, nofollow"], ["index follow archive"]])(
    "refuses %j",
    async (robots) => {
      const owner = await signUp(app);
      const landing = await createLandingFor(app, owner);
      const response = await send(owner, "POST", `/api/landings/${owner.id}/${landing.id}/meta`, {
        version: "1",
        meta_title: "T",
        meta_description: "D",
        og_description: "O",
        robots,
      });
      expect(response.json().errors).toEqual({ robots: ["Choose a valid indexing option."] });
    },
  );
});

describe("money as people type it (issue 7.5)", () => {
  it("reads add-on prices in either convention and refuses the ambiguous ones", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const save = (addons: object[], version: string) =>
      send(
        owner,
        "POST",
        `/api/landing-update/${owner.id}/${landing.id}`,
        {
          version,
          name: landing.name,
          color_primary: "#000000",
          color_secondary: "#000000",
          default_language: "es",
          addons: JSON.stringify(addons),
        },
        "es",
      );
    const saved = await save(
      [
        { name: "GPS", price: "1,250.50" },
        { name: "Silla", price: "1.250,50" },
        { name: "Wifi", price: "US$ 45" },
      ],
      "1",
    );
    expect(saved.json().addons.map((addon: { price_cents: number }) => addon.price_cents)).toEqual([
      125050, 125050, 4500,
    ]);
    const ambiguous = await save([{ name: "GPS", price: "1,250" }], "2");
    expect(ambiguous.statusCode).toBe(422);
    expect(ambiguous.json().errors["addons.0.price"][0]).toMatch(/miles o decimales/);
  });
});

describe("a trashed landing is out of reach (issue 14.2, 14.3)", () => {
  it("answers 404 to every fleet, location and feature call on a trashed landing, changing nothing", async () => {
    const owner = await signUp(app);
    const landing = await createPublishableLanding(app, owner);
    const feature = (
      await app.inject({
        method: "POST",
        url: "/api/special-features",
        payload: { name: `GPS ${landing.id}`, description: "Navegación" },
        headers: bearer(owner),
      })
    ).json().feature;
    await send(owner, "DELETE", `/api/landing/${landing.id}`);
    const vehicleId = landing.vehicle.id;
    const inject = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: bearer(owner) });
    const calls = await Promise.all([
      inject("GET", `/api/vehicles/${landing.id}`),
      inject("GET", `/api/vehicles/${landing.id}/${vehicleId}`),
      inject("PUT", `/api/vehicles/${landing.id}/${vehicleId}`, {
        ...vehicleFields({ name: "Edited" }),
        version: 1,
      }),
      inject("DELETE", `/api/vehicle/${vehicleId}`),
      inject("DELETE", `/api/vehicle/${landing.id}/${vehicleId}`),
      inject("GET", `/api/landings/${landing.id}/locations`),
      inject("POST", `/api/landings/${landing.id}/addLocation`, { place_of_departure: "A", arrival_place: "B" }),
      inject("POST", `/api/vehicles/${vehicleId}/special-features`, { special_feature_id: feature.id }),
      inject("POST", `/api/special-feature/${vehicleId}`, { features: [{ name: feature.name }] }),
      send(owner, "POST", "/api/vehicle", {
        id_landing: String(landing.id),
        ...vehicleFields(),
        "images[0]": { data: await pngLogo(300, 200), filename: "car.png", type: "image/png" },
      }),
    ]);
    expect(calls.map((call) => call.statusCode)).toEqual(Array(calls.length).fill(404));
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.landingId, landing.id));
    expect(vehicle).toMatchObject({ name: "Toyota Corolla 2024", version: 1 });
    expect(await db.select().from(vehicles).where(eq(vehicles.landingId, landing.id))).toHaveLength(1);
    expect(await db.select().from(locations).where(eq(locations.landingId, landing.id))).toHaveLength(1);
    expect(
      await db.select().from(vehicleSpecialFeatures).where(eq(vehicleSpecialFeatures.vehicleId, vehicleId)),
    ).toEqual([]);
  });

  it("never reports a trashed landing's name as free", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    await send(owner, "DELETE", `/api/landing/${landing.id}`);
    const check = await send(owner, "GET", `/api/landing-name-check?name=${landing.name}`);
    // Its owner is told it is their own, in the trash; anyone else only that it is taken.
    expect(check.json()).toMatchObject({
      available: false,
      in_your_trash: true,
      message:
        "This address belongs to one of your landings in the Trash: restore it from there, or choose another address.",
    });
    const other = await signUp(app);
    const theirs = await send(other, "GET", `/api/landing-name-check?name=${landing.name}`);
    expect(theirs.json()).toMatchObject({
      available: false,
      in_your_trash: false,
      message: "A landing with this address already exists; choose another.",
    });
    const taken = await send(other, "POST", "/api/landing", {
      name: landing.name,
      color_primary: "#112233",
      color_secondary: "#445566",
      default_language: "es",
      logo: await logoFile(),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ["A landing with this address already exists; choose another."] });
  });
});

describe("republishing keeps the first publication date (issue 14.6)", () => {
  it("publish, unpublish, publish: published_at stays the first one", async () => {
    const owner = await signUp(app);
    const landing = await createPublishableLanding(app, owner);
    const status = (body: object) =>
      app.inject({ method: "PATCH", url: "/api/landing/status", payload: body, headers: bearer(owner) });
    const first = (await status({ landing_id: landing.id })).json().published_at;
    clock.advance(20 * 60 * 1000);
    await status({ landing_id: landing.id, status: "draft" });
    clock.advance(20 * 60 * 1000);
    const again = await status({ landing_id: landing.id, status: "published" });
    expect(again.json()).toMatchObject({ status: "published", published_at: first });
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row?.publishedAt?.toISOString()).toBe(first);
  });
});
