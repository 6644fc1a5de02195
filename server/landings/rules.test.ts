import type { Language } from "@domain/languages";
import { type ApiMessageKey, translate } from "@domain/messages";
import { DEFAULT_LANDING_RULES } from "@domain/rental-rules";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, createLandingFor, type Owner, signUp } from "../test/factories";

const { app, db } = await createTestApp();

const putRules = (owner: Owner, landingId: number, payload: object, lang: Language = "en", userId = owner.id) =>
  app.inject({
    method: "PUT",
    url: `/api/landings/${userId}/${landingId}/rules`,
    payload,
    headers: { ...bearer(owner), "accept-language": lang },
  });

const storedRules = async (landingId: number) =>
  (await db.select().from(landings).where(eq(landings.id, landingId)))[0];

/** What the "Reglas y tarifas" form sends: money and percents as typed, numbers as text. */
const form = {
  version: "1",
  min_days: "3",
  max_days: "30",
  lead_time_hours: "24",
  booking_horizon_months: "12",
  week_discount: "10",
  month_discount: "15,5",
  min_driver_age: "21",
  young_driver_age: "25",
  young_driver_fee: "12,50",
  cancellation_late_fee: "40",
  cancellation_early_fee: "0",
  cancellation_window_hours: "48",
  contact_phone: " +1 809 555 0101 ",
  whatsapp: "+1 (809) 555-0102",
  closures: [
    { from: "2026-12-31", to: "2027-01-01", note: "Año nuevo" },
    { from: "2026-12-24", to: "2026-12-25", note: " Navidad " },
  ],
};

const savedRules = {
  min_days: 3,
  max_days: 30,
  lead_time_hours: 24,
  booking_horizon_months: 12,
  week_discount_bp: 1000,
  month_discount_bp: 1550,
  min_driver_age: 21,
  young_driver_age: 25,
  young_driver_fee_cents: 1250,
  cancellation_late_fee_cents: 4000,
  cancellation_early_fee_cents: 0,
  cancellation_window_hours: 48,
  contact_phone: "+1 809 555 0101",
  whatsapp: "+1 (809) 555-0102",
  closures: [
    { from: "2026-12-24", to: "2026-12-25", note: "Navidad" },
    { from: "2026-12-31", to: "2027-01-01", note: "Año nuevo" },
  ],
  terms: "",
  faq: [],
};

describe("landing rules: PUT /landings/{userId}/{landingId}/rules", () => {
  it("starts every landing on the defaults that change nothing", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    expect(landing.rules).toEqual(DEFAULT_LANDING_RULES);
    expect((await storedRules(landing.id))?.rules).toEqual({});
  });

  it("stores cents, basis points and closures sorted by date, and answers the landing with a new version", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const before = await storedRules(landing.id);
    const response = await putRules(owner, landing.id, form, "es");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Reglas y tarifas guardadas.");
    expect(response.json().landing).toMatchObject({ id: landing.id, version: 2, rules: savedRules });
    const row = await storedRules(landing.id);
    expect(row?.rules).toEqual(savedRules);
    expect(row?.version).toBe(2);
    // Visitors see the rules: cached public pages of the old version must miss.
    expect(row?.contentVersion).toBeGreaterThan(before?.contentVersion ?? Number.POSITIVE_INFINITY);
    const read = await app.inject({
      method: "GET",
      url: `/api/landings/${owner.id}/${landing.id}`,
      headers: bearer(owner),
    });
    expect(read.json().rules).toEqual(savedRules);
    const english = await putRules(owner, landing.id, { version: 2 });
    expect(english.json().message).toBe("Rules and rates saved.");
    // A rule left out takes its default again: the form owns the whole set.
    expect(english.json().landing.rules).toEqual(DEFAULT_LANDING_RULES);
    expect((await storedRules(landing.id))?.rules).toEqual(DEFAULT_LANDING_RULES);
  });

  it.each(["es", "en"] as const)("names each field's problem in %s", async (lang) => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const text = (key: ApiMessageKey) => [translate(lang, key)];
    const fields = await putRules(
      owner,
      landing.id,
      {
        version: "1",
        min_days: "0",
        max_days: "1,5",
        lead_time_hours: "-1",
        booking_horizon_months: "37",
        week_discount: "95",
        month_discount: "diez",
        min_driver_age: "15",
        young_driver_age: "100",
        young_driver_fee: "doce",
        cancellation_late_fee: "-5",
        cancellation_window_hours: "0",
        contact_phone: "llamar",
        whatsapp: "12",
        closures: [
          { from: "2027-02-30", to: "2027-03-01", note: "" },
          { from: "2027-03-10", to: "2027-03-09", note: "x".repeat(81) },
        ],
      },
      lang,
    );
    expect(fields.statusCode).toBe(422);
    expect(fields.json().errors).toEqual({
      min_days: text("daysRange"),
      max_days: text("daysRange"),
      lead_time_hours: text("leadTimeRange"),
      booking_horizon_months: text("horizonRange"),
      week_discount: text("discountRange"),
      month_discount: text("discountRange"),
      min_driver_age: text("driverAgeRange"),
      young_driver_age: text("driverAgeRange"),
      young_driver_fee: text("feeInvalid"),
      cancellation_late_fee: text("feeInvalid"),
      cancellation_window_hours: text("windowRange"),
      contact_phone: text("phoneCharacters"),
      whatsapp: text("phoneInvalid"),
      "closures.0.from": text("dateInvalid"),
      "closures.1.to": text("rangeReversed"),
      "closures.1.note": text("noteTooLong"),
    });
    const crossed = await putRules(
      owner,
      landing.id,
      {
        version: "1",
        min_days: "5",
        max_days: "4",
        week_discount: "10",
        month_discount: "5",
        min_driver_age: "25",
        young_driver_age: "25",
        cancellation_early_fee: "300",
        cancellation_late_fee: "50",
        closures: [{ from: "2027-03-10", to: "2027-03-09" }],
      },
      lang,
    );
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors).toEqual({
      "closures.0.to": text("rangeReversed"),
      max_days: text("maxBelowMin"),
      young_driver_age: text("youngAgeBelowMin"),
      month_discount: text("monthDiscountBelowWeek"),
      cancellation_early_fee: text("earlyFeeAboveLate"),
    });
    const noAge = await putRules(owner, landing.id, { version: "1", young_driver_fee: "10" }, lang);
    expect(noAge.json().errors).toEqual({ young_driver_age: text("youngAgeRequired") });
    const noVersion = await putRules(owner, landing.id, { min_days: "2" }, lang);
    expect(Object.keys(noVersion.json().errors)).toEqual(["version"]);
    const tooMany = Array.from({ length: 51 }, () => ({ from: "2027-01-01", to: "2027-01-01" }));
    const closures = await putRules(owner, landing.id, { version: "1", closures: tooMany }, lang);
    expect(closures.json().errors).toEqual({ closures: text("closuresInvalid") });
    const row = await storedRules(landing.id);
    expect(row).toMatchObject({ rules: {}, version: 1 });
  });

  it("says the refusals in the reader's words", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const es = await putRules(owner, landing.id, { version: "1", min_days: "0" }, "es");
    expect(es.json()).toEqual({
      message: "Escribe un número entero de días entre 1 y 365.",
      errors: { min_days: ["Escribe un número entero de días entre 1 y 365."] },
    });
    const en = await putRules(owner, landing.id, { version: "1", min_days: "0" }, "en");
    expect(en.json().message).toBe("Enter a whole number of days between 1 and 365.");
  });

  it("refuses a save made at an old version with 409, keeping the newer rules", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    expect((await putRules(owner, landing.id, { ...form, min_days: "2" })).statusCode).toBe(200);
    const stale = await putRules(owner, landing.id, { ...form, min_days: "7" }, "es");
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "Estos datos cambiaron en otra pestaña o por otra persona. Recárgalos antes de guardar.",
    );
    const row = await storedRules(landing.id);
    expect(row).toMatchObject({ version: 2, rules: { min_days: 2 } });
  });

  it("answers 403 for another user's path and 404 for another owner's or a trashed landing, changing nothing", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const theirs = await createLandingFor(app, other);
    const mine = await createLandingFor(app, owner);
    const forbidden = await putRules(owner, theirs.id, form, "en", other.id);
    expect(forbidden.statusCode).toBe(403);
    const hidden = await putRules(owner, theirs.id, form, "es");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("Landing no encontrada o ha sido eliminada.");
    expect(await storedRules(theirs.id)).toMatchObject({ rules: {}, version: 1 });

    await app.inject({ method: "DELETE", url: `/api/landing/${mine.id}`, headers: bearer(owner) });
    const trashed = await putRules(owner, mine.id, form);
    expect(trashed.statusCode).toBe(404);
    expect(await storedRules(mine.id)).toMatchObject({ rules: {}, version: 1 });
  });

  it("needs a session before reading the body", async () => {
    const response = await app.inject({ method: "PUT", url: "/api/landings/1/1/rules", payload: form });
    expect(response.statusCode).toBe(401);
  });
});
