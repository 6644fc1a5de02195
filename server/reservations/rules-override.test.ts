import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signUp } from "../test/factories";

// Issue 25.13: the owner may book a phone customer past their own rules, saying why, as they may
// agree a price. Availability and the trips they offer are never skipped.
const { app, clock, db } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;

async function setUp(units = "2") {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units });
  const version = (
    await app.inject({ method: "GET", url: `/api/landings/${owner.id}/${landing.id}`, headers: bearer(owner) })
  ).json().version as number;
  const ruled = await app.inject({
    method: "PUT",
    url: `/api/landings/${owner.id}/${landing.id}/rules`,
    payload: { version, min_days: "3" },
    headers: bearer(owner),
  });
  expect(ruled.statusCode, ruled.body).toBe(200);
  return { owner, landing };
}

/** One day, Santiago round trip, under the landing's three-day minimum. */
function oneDay(landing: Landing, extra: object = {}) {
  const { id_landing, terms_accepted, email, ...payload } = bookingPayload(
    landing,
    clock.now(),
    { place_of_departure: "Santiago", arrival_place: "Santiago" },
    { start: 10, length: 1 },
  );
  return { ...payload, ...extra };
}
const create = (owner: Owner, landing: Landing, payload: object, language = "es") =>
  app.inject({
    method: "POST",
    url: `/api/landings/${landing.id}/reservations`,
    payload,
    headers: { ...bearer(owner), "accept-language": language },
  });
const stored = (landing: Landing) => db.select().from(reservations).where(eq(reservations.landingId, landing.id));

describe("a manual booking past the owner's own rules", () => {
  it("is refused by the rule without the choice, and stored with its reason and skipped rule with it", async () => {
    const { owner, landing } = await setUp();
    const refused = await create(owner, landing, oneDay(landing));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { date_of_arrival: ["Mínimo 3 días de alquiler."] },
      rules: ["minDays"],
    });
    expect(await stored(landing)).toEqual([]);

    const booked = await create(owner, landing, oneDay(landing, { rules_override: { reason: "  Cliente habitual " } }));
    expect(booked.statusCode, booked.body).toBe(201);
    const reservation = booked.json().reservation;
    expect(reservation).toMatchObject({
      days: 1,
      status: "confirmed",
      rules_override: {
        reason: "Cliente habitual",
        rules: [{ rule: "minDays", key: "ruleMinDays", params: { min: 3 } }],
      },
    });
    const [row] = await stored(landing);
    expect(row?.rulesOverrideReason).toBe("Cliente habitual");
    expect(row?.rulesOverridden).toEqual([{ rule: "minDays", key: "ruleMinDays", params: { min: 3 } }]);
    // The reservation's detail in the planner says so.
    const detail = await app.inject({
      method: "GET",
      url: `/api/planner/reservations/${reservation.id}`,
      headers: bearer(owner),
    });
    expect(detail.json().rules_override.reason).toBe("Cliente habitual");
  });

  it("stays past the rules through a change, with its reason", async () => {
    const { owner, landing } = await setUp();
    const booked = (
      await create(owner, landing, oneDay(landing, { rules_override: { reason: "Cliente habitual" } }))
    ).json().reservation;
    const changed = await app.inject({
      method: "PUT",
      url: `/api/reservations/${booked.id}`,
      payload: { ...oneDay(landing), phone: "+1 809 555 0199", version: booked.version },
      headers: bearer(owner),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().reservation).toMatchObject({
      phone: "+1 809 555 0199",
      rules_override: { reason: "Cliente habitual", rules: [{ rule: "minDays" }] },
    });
  });

  it.each([
    ["es", "Explica en 3 a 200 caracteres por qué reservas fuera de tus reglas."],
    ["en", "Say in 3 to 200 characters why you book outside your rules."],
  ])("needs a reason, in %s, and stores nothing without one", async (language, message) => {
    const { owner, landing } = await setUp();
    for (const reason of ["", "  a ", "x".repeat(201)]) {
      const response = await create(owner, landing, oneDay(landing, { rules_override: { reason } }), language);
      expect(response.statusCode).toBe(422);
      const expected =
        reason.length > 200
          ? language === "es"
            ? "El motivo no puede superar los 200 caracteres."
            : "The reason cannot be longer than 200 characters."
          : message;
      expect(response.json().errors).toEqual({ "rules_override.reason": [expected] });
    }
    expect(await stored(landing)).toEqual([]);
  });

  it("never skips availability: the last unit taken still answers 409", async () => {
    const { owner, landing } = await setUp("1");
    const skip = { rules_override: { reason: "Cliente habitual" } };
    expect((await create(owner, landing, oneDay(landing, skip))).statusCode).toBe(201);
    const taken = await create(owner, landing, oneDay(landing, skip));
    expect(taken.statusCode).toBe(409);
    expect(await stored(landing)).toHaveLength(1);
  });

  it("marks nothing when no rule of the owner's was in the way", async () => {
    const { owner, landing } = await setUp();
    const { id_landing, terms_accepted, email, ...threeDays } = bookingPayload(landing, clock.now(), {
      place_of_departure: "Santiago",
      arrival_place: "Santiago",
    });
    const booked = await create(owner, landing, { ...threeDays, rules_override: { reason: "Por si acaso" } });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().reservation.rules_override).toBeNull();
    expect((await stored(landing))[0]?.rulesOverrideReason).toBeNull();
  });

  it("quotes each problem with whether the owner may book past it", async () => {
    const { owner, landing } = await setUp();
    const { name, last_name, phone, description, number_person, number_bag, ...quote } = oneDay(landing);
    const response = await app.inject({
      method: "POST",
      url: `/api/landings/${landing.id}/quote`,
      payload: quote,
      headers: { ...bearer(owner), "accept-language": "en" },
    });
    expect(response.json().problems).toEqual([
      { rule: "minDays", field: "date_of_arrival", message: "Minimum 3 rental days.", overridable: true },
    ]);
  });

  it("is the owner's alone: the public booking ignores the choice and keeps the rules", async () => {
    const { landing } = await setUp();
    const response = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: {
        ...bookingPayload(
          landing,
          clock.now(),
          { place_of_departure: "Santiago", arrival_place: "Santiago" },
          { start: 10, length: 1 },
        ),
        rules_override: { reason: "Soy cliente" },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().rules).toEqual(["minDays"]);
    expect(await stored(landing)).toEqual([]);
  });
});
