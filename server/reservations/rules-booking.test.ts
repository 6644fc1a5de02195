import { quoteRental } from "@domain/rental-checks";
import {
  DEFAULT_LANDING_RULES,
  DEFAULT_VEHICLE_RULES,
  type LandingRules,
  type VehicleRules,
} from "@domain/rental-rules";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, locations, outbox, placeRules, reservations, vehicleBlocks, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import { bookingPayload, browser, createBookableLanding, signUp } from "../test/factories";

/**
 * The rental rules of issue 10 on the public booking: each rule refuses with a 422 naming it (and
 * stores nothing), fees and seasons price the booking exactly as `domain/` does, and blocks count
 * with bookings against the vehicle's units. Rules are written straight to the rows here; the
 * owner endpoints that write them have their own tests.
 */
const { app, clock, db } = await createTestApp();

const book = (payload: object, language = "es") =>
  app.inject({ method: "POST", url: "/api/reservations", payload, headers: { "accept-language": language } });

const day = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
/** Days from today to the first `weekday` (0 = Sunday) at least `after` days ahead. */
function offsetTo(weekday: number, after = 5) {
  for (let offset = after; ; offset++) if (new Date(`${day(offset)}T12:00:00Z`).getUTCDay() === weekday) return offset;
}

async function setUp(rules: Partial<LandingRules> = {}, vehicleRules: Partial<VehicleRules> = {}, units = "2") {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { price: "50", units });
  await db.update(landings).set({ rules }).where(eq(landings.id, landing.id));
  await db.update(vehicles).set({ rules: vehicleRules }).where(eq(vehicles.id, landing.vehicle.id));
  return { owner, landing };
}

async function countStored(landingId: number) {
  return (await db.select().from(reservations).where(eq(reservations.landingId, landingId))).length;
}

/** A booking the rule refuses: 422 naming it, the message under its field, nothing stored. */
async function expectRefused(
  landing: { id: number },
  payload: object,
  rule: string,
  field: string,
  message: { es: string; en: string },
) {
  for (const language of ["es", "en"] as const) {
    const response = await book(payload, language);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ rules: [rule], errors: { [field]: [message[language]] } });
  }
  expect(await countStored(landing.id)).toBe(0);
}

describe("each rule refuses what it must, with a 422 naming it", () => {
  it("minimum and maximum days, the vehicle's own overriding the landing's", async () => {
    const { landing } = await setUp({ min_days: 4 });
    await expectRefused(landing, bookingPayload(landing, clock.now()), "minDays", "date_of_arrival", {
      es: "Mínimo 4 días de alquiler.",
      en: "Minimum 4 rental days.",
    });
    await db
      .update(vehicles)
      .set({ rules: { min_days: 1, max_days: 2 } })
      .where(eq(vehicles.id, landing.vehicle.id));
    await expectRefused(landing, bookingPayload(landing, clock.now()), "maxDays", "date_of_arrival", {
      es: "Máximo 2 días de alquiler.",
      en: "Maximum 2 rental days.",
    });
    // The vehicle's own minimum (3) replaces the landing's 4.
    await db
      .update(vehicles)
      .set({ rules: { min_days: 3 } })
      .where(eq(vehicles.id, landing.vehicle.id));
    expect((await book(bookingPayload(landing, clock.now()))).statusCode).toBe(201);
  });

  it("lead time and booking horizon", async () => {
    const { landing } = await setUp({ lead_time_hours: 24 * 12 });
    await expectRefused(landing, bookingPayload(landing, clock.now()), "leadTime", "date_of_departure", {
      es: "Las recogidas se reservan con al menos 288 horas de antelación.",
      en: "Pickups must be booked at least 288 hours ahead.",
    });
    await db
      .update(landings)
      .set({ rules: { booking_horizon_months: 1 } })
      .where(eq(landings.id, landing.id));
    const far = bookingPayload(landing, clock.now(), {}, { start: 45, length: 3 });
    await expectRefused(landing, far, "bookingHorizon", "date_of_departure", {
      es: "Solo se aceptan reservas con hasta 1 meses de antelación.",
      en: "Bookings open up to 1 months ahead.",
    });
  });

  it("the landing's closed dates, for pickups and returns", async () => {
    const { landing } = await setUp({ closures: [{ from: day(13), to: day(13), note: "Feriado" }] });
    await expectRefused(landing, bookingPayload(landing, clock.now()), "closedDate", "date_of_arrival", {
      es: "No hay recogidas ni devoluciones ese día (Feriado).",
      en: "No pickups or returns on that day (Feriado).",
    });
  });

  it("a place's closed weekday and its opening hours", async () => {
    const { landing } = await setUp();
    const weekdays = [null, ...Array(6).fill({ open: "08:00", close: "18:00" })];
    await db.insert(placeRules).values({ landingId: landing.id, place: "santiago", hours: weekdays });
    const sunday = offsetTo(0);
    await expectRefused(
      landing,
      bookingPayload(landing, clock.now(), {}, { start: sunday, length: 3 }),
      "closedDay",
      "date_of_departure",
      { es: "Cerrado los domingos (Santiago).", en: "Closed on Sundays (Santiago)." },
    );
    const monday = offsetTo(1);
    const evening = bookingPayload(landing, clock.now(), { time_of_departure: "19:30" }, { start: monday, length: 3 });
    await expectRefused(landing, evening, "openingHours", "time_of_departure", {
      es: "Santiago atiende de 08:00 a 18:00 ese día.",
      en: "Santiago is open from 08:00 to 18:00 that day.",
    });
  });

  it("the driver's date of birth and minimum age", async () => {
    const { landing } = await setUp({}, { min_driver_age: 25 });
    const payload = bookingPayload(landing, clock.now());
    await expectRefused(landing, payload, "driverAge", "driver_birth_date", {
      es: "Indica la fecha de nacimiento del conductor.",
      en: "Enter the driver's date of birth.",
    });
    const young = `${Number(day(10).slice(0, 4)) - 24}${day(10).slice(4)}`;
    await expectRefused(landing, { ...payload, driver_birth_date: young }, "driverAge", "driver_birth_date", {
      es: "El conductor debe tener al menos 25 años.",
      en: "The driver must be at least 25 years old.",
    });
    const old = `${Number(day(10).slice(0, 4)) - 25}${day(10).slice(4)}`;
    const response = await book({ ...payload, driver_birth_date: old });
    expect(response.statusCode).toBe(201);
    expect(response.json().driver_birth_date).toBe(old);
    const born1970 = await book({ ...payload, driver_birth_date: "1970-07-15", email: "otra@example.com" });
    expect(born1970.statusCode, born1970.body).toBe(201);
  });

  it("several rules at once, each under its field", async () => {
    const { landing } = await setUp({ min_days: 5, closures: [{ from: day(10), to: day(10), note: "" }] });
    const response = await book(bookingPayload(landing, clock.now()));
    expect(response.statusCode).toBe(422);
    expect(response.json().rules.sort()).toEqual(["closedDate", "minDays"]);
    expect(Object.keys(response.json().errors).sort()).toEqual(["date_of_arrival", "date_of_departure"]);
  });
});

describe("fees, seasons and discounts price the booking as domain/ does", () => {
  it("a 10-day one-way rental across a season edge, with the 7-day discount, a young driver and an after-hours return", async () => {
    const season = { name: "Alta", from: day(15), to: day(40), price_cents: 90_00 };
    const { owner, landing } = await setUp(
      {
        week_discount_bp: 10_00,
        young_driver_age: 25,
        young_driver_fee_cents: 8_00,
        cancellation_late_fee_cents: 150_00,
        cancellation_early_fee_cents: 60_00,
        cancellation_window_hours: 48,
      },
      { deposit_cents: 300_00, seasons: [season] },
    );
    await db
      .update(locations)
      .set({ oneWayFeeCents: 35_00 })
      .where(
        and(
          eq(locations.landingId, landing.id),
          eq(locations.arrivalPlace, "La Romana"),
          eq(locations.placeOfDeparture, "Santiago"),
        ),
      );
    const allWeek = Array(7).fill({ open: "08:00", close: "18:00" });
    await db
      .insert(placeRules)
      .values({ landingId: landing.id, place: "La Romana", hours: allWeek, afterHoursFeeCents: 20_00 });
    const birth = `${Number(day(10).slice(0, 4)) - 22}-01-01`;
    const payload = bookingPayload(
      landing,
      clock.now(),
      { driver_birth_date: birth, time_of_arrival: "21:00", time_of_departure: "21:00" },
      { start: 10, length: 10 },
    );
    // Pickup at 21:00 in Santiago (no hours kept: always open); return at 21:00 in La Romana: after hours.
    const response = await book(payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      days: 10,
      rental_lines: [
        { season: null, days: 5, price_per_day_cents: 50_00, total_cents: 250_00 },
        { season: "Alta", days: 5, price_per_day_cents: 90_00, total_cents: 450_00 },
      ],
      rental_cents: 700_00,
      discount_rate: 10,
      discount_cents: 70_00,
      fees: [
        { kind: "oneWay", total_cents: 35_00, per_day_cents: null },
        { kind: "afterHoursReturn", total_cents: 20_00, per_day_cents: null },
        { kind: "youngDriver", total_cents: 80_00, per_day_cents: 8_00 },
      ],
      fees_cents: 135_00,
      subtotal_cents: 765_00,
      tax_cents: 137_70,
      total_cents: 902_70,
      deposit_cents: 300_00,
      cancellation_policy: { late_fee_cents: 150_00, early_fee_cents: 60_00, window_hours: 48 },
    });
    // The same figures as the one pricing function the pages run.
    const [landingRow] = await db.select().from(landings).where(eq(landings.id, landing.id));
    const quote = quoteRental(
      {
        timeZone: "America/Santo_Domingo",
        rules: { ...DEFAULT_LANDING_RULES, ...(landingRow?.rules ?? {}) },
        vehicle: { price_cents: 50_00, ...DEFAULT_VEHICLE_RULES, deposit_cents: 300_00, seasons: [season] },
        places: [{ place: "La Romana", hours: allWeek, after_hours_fee_cents: 20_00 }],
        pairs: [{ place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 35_00 }],
        taxRateBasisPoints: 18_00,
        taxLabel: "ITBIS",
        currency: "USD",
      },
      {
        pickup: { date: payload.date_of_departure, time: "21:00", place: "Santiago" },
        dropoff: { date: payload.date_of_arrival, time: "21:00", place: "La Romana" },
        addons: [],
        driverBirthDate: birth,
      },
      clock.now(),
    );
    expect(body.total_cents).toBe(quote.price.totalCents);
    // Stored as it was: later rule changes never reprice it.
    await db.update(vehicles).set({ rules: {} }).where(eq(vehicles.id, landing.vehicle.id));
    const [row] = await db.select().from(reservations).where(eq(reservations.id, body.id));
    expect(row).toMatchObject({ totalCents: 902_70, discountCents: 70_00, feesCents: 135_00, depositCents: 300_00 });
    expect(row?.priceLines?.rental).toHaveLength(2);
    // The owner's cancellation of the confirmed booking uses the policy agreed when booking: 60.00
    // outside 48 hours.
    for (const status of ["confirmed", "cancelled"]) {
      const moved = await app.inject({
        method: "PATCH",
        url: `/api/reservations/${body.id}/status`,
        payload: { status },
        headers: browser(owner),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const [cancelled] = await db.select().from(reservations).where(eq(reservations.id, body.id));
    expect(cancelled?.cancellationFeeCents).toBe(60_00);
  });

  it("the quote lists every line and explains the rules that stop it, without booking", async () => {
    const { landing } = await setUp({ min_days: 5, week_discount_bp: 5_00 }, { deposit_cents: 150_00 });
    const url = (from: number, to: number) =>
      `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${day(from)}T10:00&to=${day(to)}T10:00&pickup=Santiago&return=Santiago`;
    const short = await app.inject({ method: "GET", url: url(10, 13), headers: { "accept-language": "en" } });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toMatchObject({
      available: true,
      deposit_cents: 150_00,
      problems: [{ rule: "minDays", field: "date_of_arrival", message: "Minimum 5 rental days." }],
    });
    const week = (await app.inject({ method: "GET", url: url(10, 17) })).json();
    expect(week).toMatchObject({ problems: [], rental_cents: 350_00, discount_rate: 5, discount_cents: 17_50 });
    expect(await countStored(landing.id)).toBe(0);
  });
});

describe("blocks count in availability like bookings", () => {
  it("a block of one unit and one booking fill a vehicle of two units", async () => {
    const { landing } = await setUp();
    await db.insert(vehicleBlocks).values({
      vehicleId: landing.vehicle.id,
      units: 1,
      startsOn: day(11),
      endsOn: day(11),
      startsAt: new Date(`${day(11)}T04:00:00Z`),
      endsAt: new Date(`${day(12)}T04:00:00Z`),
    });
    expect((await book(bookingPayload(landing, clock.now()))).statusCode).toBe(201);
    const second = await book(bookingPayload(landing, clock.now(), { email: "otro@example.com" }));
    expect(second.statusCode).toBe(409);
    expect(second.json().rules).toEqual(["availability"]);
    const availability = await app.inject({
      method: "GET",
      url: `/api/publicLanding/${landing.name}/availability?from=${day(10)}T10:00&to=${day(13)}T10:00`,
    });
    expect(availability.json().vehicles).toEqual([{ id: landing.vehicle.id, available: false }]);
    // Outside the blocked day the second unit is free again.
    const later = await book(bookingPayload(landing, clock.now(), {}, { start: 20, length: 2 }));
    expect(later.statusCode).toBe(201);
    expect(await countStored(landing.id)).toBe(2);
  });

  it("an owner's block never takes out units that bookings already hold", async () => {
    const { owner, landing } = await setUp();
    expect((await book(bookingPayload(landing, clock.now()))).statusCode).toBe(201);
    const block = (units: number, language = "es") =>
      app.inject({
        method: "POST",
        url: `/api/vehicles/${landing.id}/${landing.vehicle.id}/blocks`,
        payload: { from: day(11), to: day(12), units, note: "Taller" },
        headers: { ...browser(owner), "accept-language": language },
      });
    const tooMany = await block(2, "en");
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.units).toEqual([
      "Other bookings or blocks already hold units on those dates: you can block only 1. Cancel or move a booking first.",
    ]);
    expect(await db.select().from(vehicleBlocks).where(eq(vehicleBlocks.vehicleId, landing.vehicle.id))).toEqual([]);
    expect((await block(1)).statusCode).toBe(201);
    // The booking and the block now hold both units: the next visitor and the next block are refused.
    expect((await book(bookingPayload(landing, clock.now(), { email: "otro@example.com" }))).statusCode).toBe(409);
    const none = await block(1);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.units).toEqual([
      "En esas fechas otras reservas o bloqueos ya ocupan todas las unidades: no queda ninguna que bloquear. Cancela o mueve una reserva primero.",
    ]);
  });

  it("racing visitors never get more than units minus blocked units", async () => {
    const { landing } = await setUp({}, {}, "3");
    await db.insert(vehicleBlocks).values({
      vehicleId: landing.vehicle.id,
      units: 2,
      startsOn: day(10),
      endsOn: day(12),
      startsAt: new Date(`${day(10)}T04:00:00Z`),
      endsAt: new Date(`${day(13)}T04:00:00Z`),
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        book(bookingPayload(landing, clock.now(), { email: `v${index}@example.com` })),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(11);
    expect(await countStored(landing.id)).toBe(1);
  });
});

describe("a landing on its own domain", () => {
  const customerMail = async (reservationId: number) =>
    (await db.select().from(outbox).where(eq(outbox.reservationId, reservationId))).find(
      (row) => row.kind === "reservation.customer",
    );

  it("sends the customer a link to their page on that domain once it is verified", async () => {
    const { landing } = await setUp();
    const domain = `reservas-${landing.id}.flotasol.com`;
    await db
      .update(landings)
      .set({ customDomain: domain, customDomainVerifiedAt: clock.now() })
      .where(eq(landings.id, landing.id));
    const body = (await book(bookingPayload(landing, clock.now()))).json();
    expect((await customerMail(body.id))?.text).toContain(`https://${domain}/reservation/${body.reference}?t=`);
  });

  it("sends the link on Nelly's address while the domain is only claimed (it serves nothing yet)", async () => {
    const { landing } = await setUp();
    const domain = `pendiente-${landing.id}.flotasol.com`;
    await db
      .update(landings)
      .set({ customDomain: domain, customDomainToken: "0a1b", customDomainVerifiedAt: null })
      .where(eq(landings.id, landing.id));
    const body = (await book(bookingPayload(landing, clock.now()))).json();
    const text = (await customerMail(body.id))?.text ?? "";
    expect(text).toContain(`/${landing.name}/reservation/${body.reference}?t=`);
    expect(text).not.toContain(domain);
  });
});
