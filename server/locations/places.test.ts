import type { Language } from "@domain/languages";
import { type ApiMessageKey, translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, locations, placeRules, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, createLandingFor, type Owner, signUp } from "../test/factories";

const { app, clock, db } = await createTestApp();

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const call = (owner: Owner, method: Method, url: string, payload?: object, lang: Language = "en") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": lang } });

const addPair = async (owner: Owner, landingId: number, from: string, to: string) =>
  (
    await call(owner, "POST", `/api/landings/${landingId}/addLocation`, {
      place_of_departure: from,
      arrival_place: to,
    })
  ).json().location as { id: number; one_way_fee_cents: number };

async function ownerWithPlaces() {
  const owner = await signUp(app);
  const landing = await createLandingFor(app, owner);
  const first = await addPair(owner, landing.id, "Santiago", "La Romana");
  await addPair(owner, landing.id, "la romana", "Punta Cana");
  await addPair(owner, landing.id, "SANTIAGO", "Santiago");
  return { owner, landing, first };
}

const open = (from: string, to: string) => ({ open: from, close: to });
/** Closed on Sundays, 08:00-18:00 on weekdays, mornings on Saturdays. */
const week = [null, ...Array(5).fill(open("08:00", "18:00")), open("09:00", "13:00")];
const contentVersion = async (landingId: number) =>
  (await db.select().from(landings).where(eq(landings.id, landingId)))[0]?.contentVersion ?? 0;
const storedRules = (landingId: number) => db.select().from(placeRules).where(eq(placeRules.landingId, landingId));

describe("places: GET/PUT /landings/{landingId}/places", () => {
  it("lists each place of the locations once, as first spelled, always open until given hours", async () => {
    const { owner, landing } = await ownerWithPlaces();
    const list = await call(owner, "GET", `/api/landings/${landing.id}/places`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { place: "Santiago", hours: null, after_hours_fee_cents: null },
      { place: "La Romana", hours: null, after_hours_fee_cents: null },
      { place: "Punta Cana", hours: null, after_hours_fee_cents: null },
    ]);
  });

  it("saves a place's week and fee under the locations' spelling, updates the same row, and clears it", async () => {
    const { owner, landing } = await ownerWithPlaces();
    const url = `/api/landings/${landing.id}/places`;
    const before = await contentVersion(landing.id);
    const saved = await call(owner, "PUT", url, { place: " santiago ", hours: week, after_hours_fee: "15" }, "es");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: "Horario guardado.",
      place: { place: "Santiago", hours: week, after_hours_fee_cents: 1500 },
    });
    expect(await storedRules(landing.id)).toMatchObject([{ place: "Santiago", hours: week, afterHoursFeeCents: 1500 }]);
    expect(await contentVersion(landing.id)).toBeGreaterThan(before);
    expect((await call(owner, "GET", url)).json()[0]).toEqual({
      place: "Santiago",
      hours: week,
      after_hours_fee_cents: 1500,
    });

    const sundays = [open("10:00", "14:00"), ...week.slice(1)];
    const refused = await call(owner, "PUT", url, { place: "SANTIAGO", hours: sundays, after_hours_fee: "" });
    expect(refused.json()).toEqual({
      message: "Hours saved.",
      place: { place: "Santiago", hours: sundays, after_hours_fee_cents: null },
    });
    const rows = await storedRules(landing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ place: "Santiago", hours: sundays, afterHoursFeeCents: null });

    await call(owner, "PUT", url, { place: "Punta Cana", hours: week, after_hours_fee: null });
    const cleared = await call(owner, "PUT", url, { place: "santiago", hours: null, after_hours_fee: "20" });
    expect(cleared.json().place).toEqual({ place: "Santiago", hours: null, after_hours_fee_cents: null });
    expect((await storedRules(landing.id)).map((row) => row.place)).toEqual(["Punta Cana"]);
    expect((await call(owner, "GET", url)).json()).toEqual([
      { place: "Santiago", hours: null, after_hours_fee_cents: null },
      { place: "La Romana", hours: null, after_hours_fee_cents: null },
      { place: "Punta Cana", hours: week, after_hours_fee_cents: null },
    ]);
    // Clearing a place that keeps no hours is not an error: it already is always open.
    expect((await call(owner, "PUT", url, { place: "La Romana", hours: null })).statusCode).toBe(200);
  });

  it("keeps one row per place when saves of it arrive at once, however they spell it", async () => {
    const { owner, landing } = await ownerWithPlaces();
    const url = `/api/landings/${landing.id}/places`;
    const answers = await Promise.all(
      ["La Romana", "la romana", "LA ROMANA"].map((place) => call(owner, "PUT", url, { place, hours: week })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const rows = await storedRules(landing.id);
    expect(rows.map((row) => row.place)).toEqual(["La Romana"]);
  });

  it.each(["es", "en"] as const)("refuses unknown places and bad hours in %s, saving nothing", async (lang) => {
    const { owner, landing } = await ownerWithPlaces();
    const url = `/api/landings/${landing.id}/places`;
    const text = (key: ApiMessageKey) => [translate(lang, key)];
    const unknown = await call(owner, "PUT", url, { place: "Bayahibe", hours: week }, lang);
    expect(unknown.statusCode).toBe(422);
    const notOffered =
      lang === "es" ? "Este lugar no se ofrece en esta landing." : "This place is not offered on this landing.";
    expect(unknown.json()).toEqual({ message: notOffered, errors: { place: [notOffered] } });
    const short = await call(owner, "PUT", url, { place: "", hours: week.slice(1) }, lang);
    expect(short.json().errors).toEqual({ place: text("required"), hours: text("hoursInvalid") });
    const days = [null, open("18:00", "08:00"), open("08:00", "25:00"), "closed", ...week.slice(4)];
    const bad = await call(owner, "PUT", url, { place: "Santiago", hours: days }, lang);
    expect(bad.json().errors).toEqual({
      "hours.1": text("hoursReversed"),
      "hours.2": text("timeInvalid"),
      "hours.3": text("hoursInvalid"),
    });
    expect(await storedRules(landing.id)).toEqual([]);
  });

  it.each(["es", "en"] as const)("names a fee that is not an amount with the fee message in %s", async (lang) => {
    const { owner, landing } = await ownerWithPlaces();
    const url = `/api/landings/${landing.id}/places`;
    for (const fee of ["quince", "-5"]) {
      const refused = await call(owner, "PUT", url, { place: "Santiago", hours: week, after_hours_fee: fee }, lang);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ after_hours_fee: [translate(lang, "feeInvalid")] });
    }
    expect(await storedRules(landing.id)).toEqual([]);
  });

  it("answers 404 for another owner's landing or a trashed one, changing nothing", async () => {
    const mine = await ownerWithPlaces();
    const theirs = await ownerWithPlaces();
    const body = { place: "Santiago", hours: week, after_hours_fee: "10" };
    const answers = await Promise.all([
      call(mine.owner, "GET", `/api/landings/${theirs.landing.id}/places`),
      call(mine.owner, "PUT", `/api/landings/${theirs.landing.id}/places`, body, "es"),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404]);
    expect(answers[1]?.json().message).toBe("Landing no encontrada o ha sido eliminada.");
    expect(await storedRules(theirs.landing.id)).toEqual([]);
    await call(mine.owner, "DELETE", `/api/landing/${mine.landing.id}`);
    const trashed = await Promise.all([
      call(mine.owner, "GET", `/api/landings/${mine.landing.id}/places`),
      call(mine.owner, "PUT", `/api/landings/${mine.landing.id}/places`, body),
    ]);
    expect(trashed.map((answer) => answer.statusCode)).toEqual([404, 404]);
    expect(await storedRules(mine.landing.id)).toEqual([]);
  });
});

describe("one-way fee: PATCH /landing/{landingId}/locations/{locationId}", () => {
  it("stores the fee in cents and shows it in the locations list", async () => {
    const { owner, landing, first } = await ownerWithPlaces();
    expect(first.one_way_fee_cents).toBe(0);
    const url = `/api/landing/${landing.id}/locations/${first.id}`;
    const saved = await call(owner, "PATCH", url, { one_way_fee: "25,50" }, "es");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: "Cargo por devolución en otro lugar guardado.",
      location: {
        id: first.id,
        id_landing: landing.id,
        place_of_departure: "Santiago",
        arrival_place: "La Romana",
        one_way_fee_cents: 2550,
      },
    });
    const [row] = await db.select().from(locations).where(eq(locations.id, first.id));
    expect(row?.oneWayFeeCents).toBe(2550);
    const list = (await call(owner, "GET", `/api/landings/${landing.id}/locations`)).json();
    expect(list.map((location: { one_way_fee_cents: number }) => location.one_way_fee_cents)).toEqual([2550, 0, 0]);
    const none = await call(owner, "PATCH", url, { one_way_fee: "" });
    expect(none.json().message).toBe("One-way fee saved.");
    expect(none.json().location.one_way_fee_cents).toBe(0);
  });

  it.each(["es", "en"] as const)("refuses an amount that is not one in %s", async (lang) => {
    const { owner, landing, first } = await ownerWithPlaces();
    const url = `/api/landing/${landing.id}/locations/${first.id}`;
    for (const fee of ["veinte", "-5"]) {
      const refused = await call(owner, "PATCH", url, { one_way_fee: fee }, lang);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ one_way_fee: [translate(lang, "feeInvalid")] });
    }
    // Over the limit, it says the limit.
    const dear = await call(owner, "PATCH", url, { one_way_fee: "100000,01" }, lang);
    expect(dear.json().errors).toEqual({ one_way_fee: [translate(lang, "amountTooHigh")] });
    const missing = await call(owner, "PATCH", url, {}, lang);
    expect(Object.keys(missing.json().errors)).toEqual(["one_way_fee"]);
    const [row] = await db.select().from(locations).where(eq(locations.id, first.id));
    expect(row?.oneWayFeeCents).toBe(0);
  });

  it("answers 404 for another owner's location, another landing's or a trashed landing's", async () => {
    const mine = await ownerWithPlaces();
    const theirs = await ownerWithPlaces();
    const secondLanding = await createLandingFor(app, mine.owner);
    const body = { one_way_fee: "30" };
    const answers = await Promise.all([
      call(mine.owner, "PATCH", `/api/landing/${theirs.landing.id}/locations/${theirs.first.id}`, body),
      call(mine.owner, "PATCH", `/api/landing/${mine.landing.id}/locations/${theirs.first.id}`, body, "es"),
      call(mine.owner, "PATCH", `/api/landing/${secondLanding.id}/locations/${mine.first.id}`, body),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect(answers[1]?.json().message).toBe("Localización no encontrada.");
    await call(mine.owner, "DELETE", `/api/landing/${mine.landing.id}`);
    const trashed = await call(mine.owner, "PATCH", `/api/landing/${mine.landing.id}/locations/${mine.first.id}`, body);
    expect(trashed.statusCode).toBe(404);
    const rows = await db.select().from(locations).where(eq(locations.id, theirs.first.id));
    const own = await db.select().from(locations).where(eq(locations.id, mine.first.id));
    expect([rows[0]?.oneWayFeeCents, own[0]?.oneWayFeeCents]).toEqual([0, 0]);
  });
});

describe("renaming a place: PATCH /landings/{landingId}/places", () => {
  const pairsOf = async (landingId: number) =>
    (await db.select().from(locations).where(eq(locations.landingId, landingId)).orderBy(locations.id)).map((pair) => [
      pair.placeOfDeparture,
      pair.arrivalPlace,
      pair.oneWayFeeCents,
    ]);

  it("renames the place in every pair and in its hours, keeping their fees and order", async () => {
    const { owner, landing, first } = await ownerWithPlaces();
    const url = `/api/landings/${landing.id}/places`;
    await call(owner, "PATCH", `/api/landing/${landing.id}/locations/${first.id}`, { one_way_fee: "25" });
    await call(owner, "PUT", url, { place: "Santiago", hours: week, after_hours_fee: "15" });
    const before = await contentVersion(landing.id);
    const renamed = await call(owner, "PATCH", url, { place: "SANTIAGO", new_name: "  Santiago Centro " }, "es");
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      message: "Lugar renombrado.",
      place: { place: "Santiago Centro", hours: week, after_hours_fee_cents: 1500 },
    });
    expect(await pairsOf(landing.id)).toEqual([
      ["Santiago Centro", "La Romana", 2500],
      ["la romana", "Punta Cana", 0],
      ["Santiago Centro", "Santiago Centro", 0],
    ]);
    expect((await storedRules(landing.id)).map((row) => row.place)).toEqual(["Santiago Centro"]);
    expect(await contentVersion(landing.id)).toBeGreaterThan(before);
    expect((await call(owner, "GET", url)).json().map((place: { place: string }) => place.place)).toEqual([
      "Santiago Centro",
      "La Romana",
      "Punta Cana",
    ]);
    // A change of case alone is a rename too; the same name again changes nothing.
    const cased = await call(owner, "PATCH", url, { place: "la romana", new_name: "LA ROMANA" });
    expect(cased.json()).toEqual({
      message: "Place renamed.",
      place: { place: "LA ROMANA", hours: null, after_hours_fee_cents: null },
    });
    expect((await call(owner, "PATCH", url, { place: "Punta Cana", new_name: "Punta Cana" })).statusCode).toBe(200);
    expect(await pairsOf(landing.id)).toEqual([
      ["Santiago Centro", "LA ROMANA", 2500],
      ["LA ROMANA", "Punta Cana", 0],
      ["Santiago Centro", "Santiago Centro", 0],
    ]);
  });

  it("leaves bookings with the name they were made with; the site books under the new one", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const book = (payload: object) =>
      app.inject({ method: "POST", url: "/api/reservations", payload, headers: { "accept-language": "en" } });
    const made = await book(bookingPayload(landing, clock.now()));
    expect(made.statusCode, made.body).toBe(201);
    const renamed = await call(owner, "PATCH", `/api/landings/${landing.id}/places`, {
      place: "Santiago",
      new_name: "Santiago Centro",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stored = await db.select().from(reservations).where(eq(reservations.landingId, landing.id));
    expect(stored.map((row) => row.placeOfDeparture)).toEqual(["Santiago"]);
    const later = { start: 20, length: 2 };
    const old = await book(bookingPayload(landing, clock.now(), {}, later));
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.place_of_departure).toEqual([translate("en", "placeNotOffered")]);
    const renamedTrip = bookingPayload(landing, clock.now(), { place_of_departure: "Santiago Centro" }, later);
    expect((await book(renamedTrip)).statusCode).toBe(201);
  });

  it.each(["es", "en"] as const)(
    "refuses in %s a name another place has, an unknown place, an empty or long name",
    async (lang) => {
      const { owner, landing } = await ownerWithPlaces();
      const url = `/api/landings/${landing.id}/places`;
      await call(owner, "PUT", url, { place: "Santiago", hours: week });
      const pairs = await pairsOf(landing.id);
      const text = (key: ApiMessageKey) => [translate(lang, key)];
      const taken = await call(owner, "PATCH", url, { place: "Santiago", new_name: " punta CANA" }, lang);
      expect(taken.statusCode).toBe(422);
      expect(taken.json()).toEqual({
        message: translate(lang, "placeNameTaken"),
        errors: { new_name: text("placeNameTaken") },
      });
      const unknown = await call(owner, "PATCH", url, { place: "Bayahibe", new_name: "Bayahíbe" }, lang);
      expect(unknown.json().errors).toEqual({ place: text("placeNotOffered") });
      const empty = await call(owner, "PATCH", url, { place: "Santiago", new_name: "   " }, lang);
      expect(empty.json().errors).toEqual({ new_name: text("required") });
      const long = await call(owner, "PATCH", url, { place: "Santiago", new_name: "x".repeat(121) }, lang);
      expect(long.json().errors).toEqual({ new_name: text("placeTooLong") });
      const missing = await call(owner, "PATCH", url, {}, lang);
      expect(missing.json().errors).toEqual({ place: text("required"), new_name: text("required") });
      expect(await pairsOf(landing.id)).toEqual(pairs);
      expect((await storedRules(landing.id)).map((row) => row.place)).toEqual(["Santiago"]);
    },
  );

  it("answers 404 for another owner's landing or a trashed one, renaming nothing", async () => {
    const mine = await ownerWithPlaces();
    const theirs = await ownerWithPlaces();
    const body = { place: "Santiago", new_name: "Mine now" };
    const answer = await call(mine.owner, "PATCH", `/api/landings/${theirs.landing.id}/places`, body, "es");
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe("Landing no encontrada o ha sido eliminada.");
    expect((await pairsOf(theirs.landing.id))[0]?.[0]).toBe("Santiago");
    await call(mine.owner, "DELETE", `/api/landing/${mine.landing.id}`);
    const trashed = await call(mine.owner, "PATCH", `/api/landings/${mine.landing.id}/places`, body);
    expect(trashed.statusCode).toBe(404);
    expect((await pairsOf(mine.landing.id))[0]?.[0]).toBe("Santiago");
  });
});
