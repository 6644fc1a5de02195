import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { toLocal } from "@domain/rental-time";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, landings, rentalHandovers, reservations } from "../db/schema";
import { freeVehicleIds } from "../reservations";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signIn, signUp } from "../test/factories";

/**
 * The rental counter (issue 28): check-out and check-in through the API, on PGlite and PostgreSQL,
 * with what each stores, refuses and charges, to the cent.
 */
const { app, clock, db } = await createTestApp();

const DAY = 86_400_000;
const HOUR = 3_600_000;
type Landing = Awaited<ReturnType<typeof createBookableLanding>>;

const send = (owner: Owner, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });

/** A booking made at the desk (confirmed at once) for `length` days from `start` days after today. */
async function confirmedBooking(
  owner: Owner,
  landing: Landing,
  days = { start: 2, length: 3 },
  overrides: Record<string, unknown> = {},
) {
  const { id_landing, terms_accepted, email, ...payload } = bookingPayload(landing, clock.now(), overrides, days);
  const response = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().reservation as { id: number; reference: string; pickup_at: string; return_at: string };
}

const driver = (overrides: Record<string, string> = {}) => ({
  name: "María José Peña",
  licence_number: "001-1234567-8",
  licence_country: "do",
  licence_expiry: "2035-01-31",
  birth_date: "1988-06-15",
  ...overrides,
});
const checkOutBody = (overrides: Record<string, unknown> = {}) => ({
  odometer_km: 12_000,
  fuel_eighths: 8,
  drivers: [driver()],
  items: ["Silla de niño"],
  marks: [{ zone: "left_rear_door", note: "Rayón de 5 cm" }],
  note: "",
  ...overrides,
});

const statusOf = async (id: number) =>
  (await db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id)))[0]?.status;
const handoversOf = (id: number) => db.select().from(rentalHandovers).where(eq(rentalHandovers.reservationId, id));

async function setUp(vehicle: Record<string, string> = {}) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, vehicle);
  return { owner, landing };
}

/** Moves the test clock to `at` (never back), and signs the owner in again: a session lasts an hour idle. */
async function moveClockTo(at: Date, owner: Owner): Promise<Owner> {
  clock.advance(Math.max(0, at.getTime() - clock.now().getTime()));
  return signIn(app, owner);
}

describe("check-out (issue 28.2)", () => {
  it("takes a confirmed booking on rent from its pickup day, with the drivers, readings, marks and items", async () => {
    let { owner, landing } = await setUp();
    const booked = await confirmedBooking(owner, landing);
    const early = await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, checkOutBody());
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("La entrega se registra a partir del día de recogida.");
    expect(await statusOf(booked.id)).toBe("confirmed");

    owner = await moveClockTo(new Date(new Date(booked.pickup_at).getTime() - 2 * HOUR), owner);
    const response = await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, checkOutBody());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(`Entrega registrada: ${booked.reference} está en alquiler.`);
    expect(body.reservation.status).toBe("on_rent");
    // The main driver's birth date, checked against the licence, is the booking's (its CSV column).
    expect(body.reservation.driver_birth_date).toBe("1988-06-15");
    expect(body.counter.check_in).toBeNull();
    expect(body.counter.check_out).toMatchObject({
      at: clock.now().toISOString(),
      odometer_km: 12_000,
      fuel_eighths: 8,
      drivers: [{ ...driver(), licence_country: "DO" }],
      items: ["Silla de niño"],
      marks: [{ zone: "left_rear_door", note: "Rayón de 5 cm" }],
    });
    const figures = await send(owner, "GET", `/api/insights/summary?landing=${landing.id}`);
    expect(figures.json().counter).toEqual({ out_now: 1, due_back_today: 0, overdue: 0 });
    const [stored] = await handoversOf(booked.id);
    expect(stored).toMatchObject({ kind: "out", odometerKm: 12_000, fuelEighths: 8, landingId: landing.id });
    expect(await statusOf(booked.id)).toBe("on_rent");

    const again = await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, checkOutBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Solo se entrega una reserva confirmada.");
    expect(await handoversOf(booked.id)).toHaveLength(1);
    const deleting = await send(owner, "DELETE", `/api/reservations/${booked.id}`);
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json().message).toBe(
      "Este vehículo está en alquiler: registra su devolución antes de tocar la reserva.",
    );
    expect(await statusOf(booked.id)).toBe("on_rent");
    const view = await send(owner, "GET", `/api/reservations/${booked.id}/counter`);
    expect(view.json().check_out.odometer_km).toBe(12_000);
  });

  it("refuses a licence that expires before the return and a driver under the age rule, storing nothing", async () => {
    let { owner, landing } = await setUp();
    const [row] = await db.select({ rules: landings.rules }).from(landings).where(eq(landings.id, landing.id));
    await db
      .update(landings)
      .set({ rules: { ...row?.rules, min_driver_age: 25 } })
      .where(eq(landings.id, landing.id));
    const booked = await confirmedBooking(owner, landing, undefined, { driver_birth_date: "1980-01-01" });
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    const response = await send(
      owner,
      "POST",
      `/api/reservations/${booked.id}/check-out`,
      checkOutBody({
        drivers: [driver({ licence_expiry: "2020-01-01" }), driver({ birth_date: "2015-01-01" })],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      "drivers.0.licence_expiry": ["Esta licencia ya está vencida."],
      "drivers.1.birth_date": ["El conductor debe tener al menos 25 años."],
    });
    const dayBeforeReturn = new Date(new Date(booked.return_at).getTime() - DAY).toISOString().slice(0, 10);
    const expiring = await send(
      owner,
      "POST",
      `/api/reservations/${booked.id}/check-out`,
      checkOutBody({ drivers: [driver({ licence_expiry: dayBeforeReturn })] }),
    );
    expect(expiring.json().errors).toEqual({
      "drivers.0.licence_expiry": ["Esta licencia vence antes de la devolución prevista."],
    });
    // One driver with both problems hears of both at once, not the second on the next try.
    const both = await send(
      owner,
      "POST",
      `/api/reservations/${booked.id}/check-out`,
      checkOutBody({ drivers: [driver({ licence_expiry: dayBeforeReturn, birth_date: "2015-01-01" })] }),
    );
    expect(both.json().errors).toEqual({
      "drivers.0.licence_expiry": ["Esta licencia vence antes de la devolución prevista."],
      "drivers.0.birth_date": ["El conductor debe tener al menos 25 años."],
    });
    expect(await statusOf(booked.id)).toBe("confirmed");
    expect(await handoversOf(booked.id)).toHaveLength(0);
  });

  it("refuses a driver under 16 when the landing sets no age rule", async () => {
    let { owner, landing } = await setUp();
    const booked = await confirmedBooking(owner, landing);
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    const response = await send(
      owner,
      "POST",
      `/api/reservations/${booked.id}/check-out`,
      checkOutBody({ drivers: [driver(), driver({ birth_date: "2015-01-01" })] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      "drivers.1.birth_date": ["El conductor debe tener al menos 16 años."],
    });
    expect(await statusOf(booked.id)).toBe("confirmed");
    expect(await handoversOf(booked.id)).toHaveLength(0);
  });

  it("answers malformed and enormous input with the field's own message and changes nothing", async () => {
    let { owner, landing } = await setUp();
    const booked = await confirmedBooking(owner, landing);
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fuel_eighths: 9 }, "fuel_eighths", "Elige el nivel de combustible, de vacío (0/8) a lleno (8/8)."],
      [
        { odometer_km: "-1" },
        "odometer_km",
        "Escribe los kilómetros que marca el cuentakilómetros: un número entero de 0 a 9,999,999.",
      ],
      [
        { odometer_km: true },
        "odometer_km",
        "Escribe los kilómetros que marca el cuentakilómetros: un número entero de 0 a 9,999,999.",
      ],
      [{ drivers: [] }, "drivers", "Añade al menos el conductor principal."],
      [
        { drivers: Array.from({ length: 5 }, () => driver()) },
        "drivers",
        "Una reserva admite como máximo 4 conductores.",
      ],
      [
        { drivers: [driver({ licence_country: "XX" })] },
        "drivers.0.licence_country",
        "Elige el país que emitió la licencia.",
      ],
      [
        { drivers: [driver({ licence_number: " " })] },
        "drivers.0.licence_number",
        "Escribe el número de la licencia (hasta 40 caracteres).",
      ],
      [{ marks: [{ zone: "engine" }] }, "marks.0.zone", "Elige en el dibujo la zona del daño."],
      [
        { items: ["x".repeat(61)] },
        "items.0",
        "Revisa lo entregado: como máximo 20 cosas, de hasta 60 caracteres cada una.",
      ],
      [{ note: "n".repeat(200_000) }, "note", "La nota no puede superar los 1,000 caracteres."],
    ];
    for (const [change, field, message] of cases) {
      const response = await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, checkOutBody(change));
      expect(response.statusCode, JSON.stringify(change).slice(0, 80)).toBe(422);
      expect(response.json().errors[field], field).toEqual([message]);
    }
    expect(await statusOf(booked.id)).toBe("confirmed");
    expect(await handoversOf(booked.id)).toHaveLength(0);
  });
});

describe("check-in (issue 28.4)", () => {
  it("prices a return 3 h late with 150 km over and two eighths missing, to the cent", async () => {
    let { owner, landing } = await setUp({ price: "55" });
    const rules = await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/counter-rules`, {
      version: landing.version,
      km_included_per_day: "200",
      extra_km_fee: "0,25",
      fuel_eighth_fee: "9.50",
      late_grace_minutes: 59,
      late_hour_fee: "12",
      cleaning_fee: "40",
      additional_driver_fee: "8",
    });
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json().landing.counter_rules).toEqual({
      km_included_per_day: 200,
      extra_km_cents: 25,
      fuel_eighth_cents: 9_50,
      late_grace_minutes: 59,
      late_hour_cents: 12_00,
      cleaning_fee_cents: 40_00,
      additional_driver_day_cents: 8_00,
    });
    const booked = await confirmedBooking(owner, landing, { start: 10, length: 3 });
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    const out = await send(
      owner,
      "POST",
      `/api/reservations/${booked.id}/check-out`,
      checkOutBody({ drivers: [driver(), driver({ name: "Luis Peña" })] }),
    );
    expect(out.statusCode, out.body).toBe(200);

    // Three days include 600 km: 750 driven is 150 over; back 3 h (past the 59 min grace) late.
    const returnedAt = new Date(new Date(booked.return_at).getTime() + 3 * HOUR);
    owner = await moveClockTo(new Date(returnedAt.getTime() + HOUR), owner);
    // Written on the landing's clock with its offset (Santo Domingo, UTC-4 all year): the same instant.
    const onLandingClock = toLocal(returnedAt, DEFAULT_TIME_ZONE);
    const response = await send(owner, "POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 12_750,
      fuel_eighths: 6,
      returned_at: `${onLandingClock.date}T${onLandingClock.time}:00-04:00`,
      cleaning: true,
      marks: [{ zone: "front_bumper", note: "Golpe nuevo" }],
      damages: [{ reason: "Golpe en el parachoques", amount: "120" }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe(`Devolución registrada: ${booked.reference} volvió.`);
    expect(body.reservation.status).toBe("returned");
    expect(body.counter.check_in).toEqual({
      at: returnedAt.toISOString(),
      odometer_km: 12_750,
      fuel_eighths: 6,
      marks: [{ zone: "front_bumper", note: "Golpe nuevo" }],
      note: "",
      cleaning: true,
      driven_km: 750,
      late_hours: 3,
      charges: [
        { kind: "extraKm", quantity: 150, unit_cents: 25, total_cents: 37_50 },
        { kind: "fuel", quantity: 2, unit_cents: 9_50, total_cents: 19_00 },
        { kind: "late", quantity: 3, unit_cents: 12_00, total_cents: 36_00 },
        { kind: "cleaning", total_cents: 40_00 },
        { kind: "drivers", quantity: 1, unit_cents: 8_00, total_cents: 24_00 },
        { kind: "damage", reason: "Golpe en el parachoques", total_cents: 120_00 },
      ],
      charges_total_cents: 276_50,
      charges_accepted: null,
      charges_from_deposit_cents: 0,
      // No deposit was taken at the counter: nothing to give back.
      deposit_back_cents: null,
      // The customer has not accepted the charges and the invoice is a draft: it can be corrected.
      correctable: true,
      corrections: [],
    });
    // The invoice: the booking (3 days at US$55 and 18 % ITBIS, US$194.70), the charges and their tax.
    expect(body.counter.invoice).toMatchObject({
      number: 1,
      booking_cents: 194_70,
      charges_cents: 276_50,
      charges_tax_cents: 49_77,
      total_cents: 520_97,
    });
    const [stored] = await db
      .select()
      .from(rentalHandovers)
      .where(and(eq(rentalHandovers.reservationId, booked.id), eq(rentalHandovers.kind, "in")));
    expect(stored?.charges?.totalCents).toBe(276_50);
    expect(await statusOf(booked.id)).toBe("returned");

    // The charges stay as priced when the owner's rules change afterwards.
    const [current] = await db.select({ version: landings.version }).from(landings).where(eq(landings.id, landing.id));
    await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/counter-rules`, {
      version: current?.version,
      late_grace_minutes: 0,
      cleaning_fee: "99",
    });
    const view = await send(owner, "GET", `/api/reservations/${booked.id}/counter`);
    expect(view.json().check_in.charges_total_cents).toBe(276_50);

    const deleted = await send(owner, "DELETE", `/api/reservations/${booked.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(
      "Esta reserva ya tiene factura y no se puede eliminar: la numeración de las facturas no admite huecos.",
    );

    const again = await send(owner, "POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 12_750,
      fuel_eighths: 6,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Solo se registra la devolución de un vehículo en alquiler.");
  });

  it("refuses a return before the check-out, in the future or with fewer kilometres, and one never checked out", async () => {
    let { owner, landing } = await setUp();
    const booked = await confirmedBooking(owner, landing);
    const notOut = await send(owner, "POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 1,
      fuel_eighths: 1,
    });
    expect(notOut.statusCode).toBe(409);
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, checkOutBody());
    const checkIn = (body: object) => send(owner, "POST", `/api/reservations/${booked.id}/check-in`, body);
    const before = await checkIn({
      odometer_km: 12_100,
      fuel_eighths: 8,
      returned_at: new Date(clock.now().getTime() - HOUR).toISOString(),
    });
    expect(before.json().errors).toEqual({
      returned_at: ["La hora de devolución no puede ser anterior a la entrega."],
    });
    const future = await checkIn({
      odometer_km: 12_100,
      fuel_eighths: 8,
      returned_at: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    expect(future.json().errors).toEqual({ returned_at: ["La hora de devolución no puede estar en el futuro."] });
    // A datetime-local input's value names no zone: refused, never read on the server's own clock.
    const now = toLocal(clock.now(), DEFAULT_TIME_ZONE);
    const zoneless = await checkIn({ odometer_km: 12_100, fuel_eighths: 8, returned_at: `${now.date}T${now.time}` });
    expect(zoneless.json().errors).toEqual({ returned_at: ["Introduce una fecha válida."] });
    const fewer = await checkIn({ odometer_km: 11_999, fuel_eighths: 8 });
    // Kilometres written as the dashboard writes numbers (es-DO, en-US), in either language.
    expect(fewer.json().errors).toEqual({
      odometer_km: ["Los kilómetros a la devolución no pueden ser menos que a la entrega (12,000 km)."],
    });
    const fewerInEnglish = await app.inject({
      method: "POST",
      url: `/api/reservations/${booked.id}/check-in`,
      payload: { odometer_km: 11_999, fuel_eighths: 8 },
      headers: { ...bearer(owner), "accept-language": "en" },
    });
    expect(fewerInEnglish.json().errors).toEqual({
      odometer_km: ["The kilometres at return cannot be fewer than at check-out (12,000 km)."],
    });
    const badDamage = await checkIn({
      odometer_km: 12_100,
      fuel_eighths: 8,
      damages: [
        { reason: "", amount: "0" },
        { reason: "Parabrisas", amount: "250000" },
      ],
    });
    expect(badDamage.json().errors).toMatchObject({
      "damages.0.reason": ["Escribe el motivo del cargo por daños (hasta 200 caracteres)."],
      "damages.0.amount": ["Escribe un importe válido, como 25 o 25.50."],
      "damages.1.amount": ["Ese importe es demasiado alto: escribe como máximo 100,000."],
    });
    expect(await statusOf(booked.id)).toBe("on_rent");
    expect(await handoversOf(booked.id)).toHaveLength(1);
  });
});

describe("invoices (issue 28.5)", () => {
  it("numbers 20 concurrent check-ins on one landing 1 to 20, no gap and no duplicate", async () => {
    let { owner, landing } = await setUp({ units: "20" });
    const booked = [];
    for (let index = 0; index < 20; index += 1) booked.push(await confirmedBooking(owner, landing));
    owner = await moveClockTo(new Date(booked[0]?.pickup_at ?? 0), owner);
    for (const { id } of booked) {
      const out = await send(owner, "POST", `/api/reservations/${id}/check-out`, checkOutBody());
      expect(out.statusCode, out.body).toBe(200);
    }
    const answers = await Promise.all(
      booked.map(({ id }) =>
        send(owner, "POST", `/api/reservations/${id}/check-in`, { odometer_km: 12_100, fuel_eighths: 8 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(booked.map(() => 200));
    const numbers = answers.map((answer) => answer.json().counter.invoice.number as number);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const stored = await db.select().from(invoices).where(eq(invoices.landingId, landing.id));
    expect(stored.map((invoice) => invoice.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    // Another landing keeps its own sequence.
    const other = await setUp();
    const first = await confirmedBooking(other.owner, other.landing);
    const otherOwner = await moveClockTo(new Date(first.pickup_at), other.owner);
    await send(otherOwner, "POST", `/api/reservations/${first.id}/check-out`, checkOutBody());
    const alone = await send(otherOwner, "POST", `/api/reservations/${first.id}/check-in`, {
      odometer_km: 12_100,
      fuel_eighths: 8,
    });
    expect(alone.json().counter.invoice.number).toBe(1);
  });
});

describe("statuses of a rental (issue 28.1)", () => {
  it("keeps an overdue car's unit taken until it is checked in", async () => {
    let { owner, landing } = await setUp({ units: "1" });
    const booked = await confirmedBooking(owner, landing);
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, checkOutBody());
    // Availability reads the database's own clock: the rental's planned return is made an hour ago.
    const now = Date.now();
    await db
      .update(reservations)
      .set({
        pickupAt: new Date(now - 2 * DAY),
        returnAt: new Date(now - HOUR),
        // Due back on the dashboard's today (the app's clock, moved to the pickup).
        returnDate: toLocal(clock.now(), DEFAULT_TIME_ZONE).date,
      })
      .where(eq(reservations.id, booked.id));
    const summary = async () =>
      (await send(owner, "GET", `/api/insights/summary?landing=${landing.id}`)).json().counter;
    expect(await summary()).toEqual({ out_now: 1, due_back_today: 1, overdue: 1 });
    const fleet = [{ id: landing.vehicle.id, units: 1 }];
    const nextHours = { from: new Date(now + HOUR), to: new Date(now + 5 * HOUR) };
    const nextWeek = { from: new Date(now + 7 * DAY), to: new Date(now + 8 * DAY) };
    expect(await freeVehicleIds(db, fleet, nextHours)).toEqual(new Set());
    expect(await freeVehicleIds(db, fleet, nextWeek)).toEqual(new Set([landing.vehicle.id]));

    const back = await send(owner, "POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 12_300,
      fuel_eighths: 8,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await freeVehicleIds(db, fleet, nextHours)).toEqual(new Set([landing.vehicle.id]));
    expect(await summary()).toEqual({ out_now: 0, due_back_today: 0, overdue: 0 });
  });

  it("never sets on rent or returned by hand; a no-show only after pickup, freeing the unit; returned completes", async () => {
    let { owner, landing } = await setUp({ units: "1" });
    const booked = await confirmedBooking(owner, landing);
    const status = (status: string) => send(owner, "PATCH", `/api/reservations/${booked.id}/status`, { status });
    for (const by of ["on_rent", "returned"]) {
      const response = await status(by);
      expect(response.statusCode).toBe(409);
    }
    const early = await status("no_show");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Una reserva se marca como no presentada después de su hora de recogida.");
    const period = { from: new Date(booked.pickup_at), to: new Date(booked.return_at) };
    const fleet = [{ id: landing.vehicle.id, units: 1 }];
    expect(await freeVehicleIds(db, fleet, period)).toEqual(new Set());
    owner = await moveClockTo(new Date(new Date(booked.pickup_at).getTime() + HOUR), owner);
    const noShow = await status("no_show");
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(noShow.json().reservation.status).toBe("no_show");
    // Nothing was paid and nothing is owed any more: no rental took place (the detail showed none
    // owed while the list's CSV said the whole total, a walk's finding).
    expect(noShow.json().reservation.settlement).toMatchObject({ paid_cents: 0, outstanding_cents: 0 });
    expect(await freeVehicleIds(db, fleet, period)).toEqual(new Set([landing.vehicle.id]));
    expect((await status("confirmed")).statusCode).toBe(409);

    const second = await confirmedBooking(owner, landing, { start: 30, length: 2 });
    owner = await moveClockTo(new Date(second.pickup_at), owner);
    await send(owner, "POST", `/api/reservations/${second.id}/check-out`, checkOutBody());
    await send(owner, "POST", `/api/reservations/${second.id}/check-in`, { odometer_km: 12_001, fuel_eighths: 8 });
    const completed = await send(owner, "PATCH", `/api/reservations/${second.id}/status`, { status: "completed" });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await statusOf(second.id)).toBe("completed");

    // Handed over in the small hours of its pickup day and back before the booked hour: completed
    // all the same (the pickup time no longer says whether the rental happened).
    const third = await confirmedBooking(owner, landing, { start: 40, length: 2 });
    owner = await moveClockTo(new Date(new Date(third.pickup_at).getTime() - 8 * HOUR), owner);
    const out = await send(owner, "POST", `/api/reservations/${third.id}/check-out`, checkOutBody());
    expect(out.statusCode, out.body).toBe(200);
    owner = await moveClockTo(new Date(clock.now().getTime() + HOUR), owner);
    const back = await send(owner, "POST", `/api/reservations/${third.id}/check-in`, {
      odometer_km: 12_010,
      fuel_eighths: 8,
    });
    expect(back.statusCode, back.body).toBe(200);
    const done = await send(owner, "PATCH", `/api/reservations/${third.id}/status`, { status: "completed" });
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(third.id)).toBe("completed");
  });

  it("names the new statuses in the CSV", async () => {
    let { owner, landing } = await setUp();
    const booked = await confirmedBooking(owner, landing);
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    await send(owner, "POST", `/api/reservations/${booked.id}/check-out`, checkOutBody());
    const csv = await send(owner, "GET", `/api/reservations/${landing.id}/export.csv`);
    expect(csv.body).toContain("En alquiler");
  });
});

describe("counter rules and scope", () => {
  it("refuses bad rules with their messages and a stale version, and keeps another owner out", async () => {
    let { owner, landing } = await setUp();
    const url = `/api/landings/${owner.id}/${landing.id}/counter-rules`;
    const bad = await send(owner, "PUT", url, {
      version: landing.version,
      km_included_per_day: "0",
      late_grace_minutes: "2000",
      extra_km_fee: "abc",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      km_included_per_day: [
        "Escribe los kilómetros incluidos por día: un número entero de 1 a 10,000, o déjalo vacío si no hay límite.",
      ],
      late_grace_minutes: ["Escribe los minutos de cortesía: un número entero de 0 a 1,440."],
      extra_km_fee: ["Escribe un importe válido, como 25 o 25.50."],
    });
    const saved = await send(owner, "PUT", url, { version: landing.version, late_grace_minutes: 0 });
    expect(saved.statusCode).toBe(200);
    const stale = await send(owner, "PUT", url, { version: landing.version, late_grace_minutes: 10 });
    expect(stale.statusCode).toBe(409);

    const booked = await confirmedBooking(owner, landing);
    owner = await moveClockTo(new Date(booked.pickup_at), owner);
    const stranger = await signUp(app);
    for (const [method, path, body] of [
      ["GET", "counter", undefined],
      ["POST", "check-out", checkOutBody()],
      ["POST", "check-in", { odometer_km: 1, fuel_eighths: 1 }],
    ] as const) {
      const response = await send(stranger, method, `/api/reservations/${booked.id}/${path}`, body);
      expect(response.statusCode, path).toBe(404);
    }
    const foreign = await send(stranger, "PUT", url, { version: landing.version + 1, late_grace_minutes: 5 });
    expect(foreign.statusCode).toBe(403);
    const [kept] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(kept?.counterRules).toMatchObject({ late_grace_minutes: 0 });
    expect(await statusOf(booked.id)).toBe("confirmed");
  });
});
