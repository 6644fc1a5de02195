import { type Planner, type PlannerLane, plannerResponseSchema } from "@domain/planner";
import { addDays, toInstant, toLocal } from "@domain/rental-time";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, reservationAddons, reservations, vehicleBlocks } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createVehicleFor,
  type Owner,
  signIn,
  signUp,
} from "../test/factories";

const { app, clock, db } = await createTestApp();
const ZONE = "America/Santo_Domingo";

const get = (owner: Owner | null, url: string) =>
  app.inject({ method: "GET", url, headers: { ...(owner ? bearer(owner) : {}), "accept-language": "es" } });

const at = (local: string) => {
  const [date = "", time = ""] = local.split("T");
  const instant = toInstant({ date, time }, ZONE);
  if (!instant) throw new Error(`bad time ${local}`);
  return instant;
};

let sequence = 0;
/** A booking written straight to the table: the planner must show even what availability would refuse. */
async function reserve(
  landingId: number,
  vehicleId: number,
  pickup: string,
  dropoff: string,
  extra: { status?: string; source?: string; name?: string } = {},
) {
  sequence++;
  const [row] = await db
    .insert(reservations)
    .values({
      landingId,
      ownerId: sql`(select owner_id from landings where id = ${landingId})`,
      vehicleId,
      reference: `NLY-P${String(sequence).padStart(2, "0")}${Math.random().toString(36).slice(2, 5).toUpperCase()}`,
      status: extra.status ?? "confirmed",
      source: extra.source ?? "public",
      vehicleName: "Toyota Corolla 2024",
      placeOfDeparture: "Santiago",
      arrivalPlace: "Santiago",
      pickupDate: pickup.slice(0, 10),
      pickupTime: pickup.slice(11),
      returnDate: dropoff.slice(0, 10),
      returnTime: dropoff.slice(11),
      pickupAt: at(pickup),
      returnAt: at(dropoff),
      people: 2,
      bags: 1,
      name: extra.name ?? `Cliente ${sequence}`,
      lastName: "Peña",
      email: "cliente@example.com",
      phone: "+1 809 555 0101",
      language: "es",
      days: 1,
      pricePerDayCents: 4550,
      rentalCents: 4550,
      addonsCents: 0,
      subtotalCents: 4550,
      taxLabel: "ITBIS",
      taxRateBasisPoints: 1800,
      taxCents: 819,
      totalCents: 5369,
      currency: "USD",
    })
    .returning({ id: reservations.id, reference: reservations.reference });
  if (!row) throw new Error("insert failed");
  return row;
}

async function block(vehicleId: number, from: string, to: string, units: number, note = "") {
  const next = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(vehicleBlocks)
    .values({
      vehicleId,
      units,
      startsOn: from,
      endsOn: to,
      startsAt: at(`${from}T00:00`),
      endsAt: at(`${next(to)}T00:00`),
      note,
    })
    .returning({ id: vehicleBlocks.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

const laneIds = (lane: PlannerLane) => ({
  overbooked: lane.overbooked,
  reservations: lane.reservations.map((r) => r.id),
  blocks: lane.blocks.map((b) => b.id),
});

/** Two vehicles (2 units and 1 unit) and the week of 2030-03-04 with bookings at and around its edges. */
async function seeded() {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units: "2", name: "Toyota Corolla" });
  const van = await createVehicleFor(app, owner, landing.id, undefined, { units: "1", name: "Hyundai H1" });
  const car = landing.vehicle.id;
  const r = {
    before: await reserve(landing.id, car, "2030-03-01T10:00", "2030-03-04T01:00"),
    manual: await reserve(landing.id, car, "2030-03-04T10:00", "2030-03-06T10:00", { source: "manual", name: "Ana" }),
    pending: await reserve(landing.id, car, "2030-03-05T10:00", "2030-03-08T10:00", { status: "pending" }),
    backToBack: await reserve(landing.id, car, "2030-03-06T10:00", "2030-03-07T10:00"),
    cancelled: await reserve(landing.id, car, "2030-03-05T09:00", "2030-03-06T09:00", { status: "cancelled" }),
    endsAtStart: await reserve(landing.id, car, "2030-03-02T10:00", "2030-03-04T00:00"),
    startsAtEnd: await reserve(landing.id, car, "2030-03-11T00:00", "2030-03-12T10:00"),
    completed: await reserve(landing.id, van.id, "2030-03-04T08:00", "2030-03-05T08:00", { status: "completed" }),
    vanFirst: await reserve(landing.id, van.id, "2030-03-05T10:00", "2030-03-07T10:00", { status: "pending" }),
    vanOverbooked: await reserve(landing.id, van.id, "2030-03-06T10:00", "2030-03-08T10:00"),
  };
  const blocks = {
    bothCars: await block(car, "2030-03-09", "2030-03-09", 2, "Revisión anual"),
    van: await block(van.id, "2030-03-09", "2030-03-10", 1),
    vanBefore: await block(van.id, "2030-03-01", "2030-03-03", 1),
  };
  return { owner, landing, car, van: van.id, r, blocks };
}

describe("GET /api/planner/:landingId", () => {
  it("deals the week's bookings and blocks onto one lane per unit, with overbooked lanes for the overflow", async () => {
    const { owner, landing, car, van, r, blocks } = await seeded();
    const response = await get(owner, `/api/planner/${landing.id}?from=2030-03-04&days=7`);
    expect(response.statusCode).toBe(200);
    const planner = response.json() as Planner;
    // The route writes its answer without encoding it through its schema (routes.ts): it must still
    // be exactly what the schema describes, no field missing, wrong or more.
    expect(plannerResponseSchema.parse(planner)).toEqual(planner);
    expect(planner.landing).toMatchObject({ id: landing.id, time_zone: ZONE, currency: "USD" });
    expect(planner.from).toBe("2030-03-04");
    expect(planner.days).toBe(7);
    expect(planner.today).toBe(toLocal(clock.now(), ZONE).date);
    expect(planner.vehicles.map((v) => [v.id, v.name, v.units])).toEqual([
      [car, "Toyota Corolla", 2],
      [van, "Hyundai H1", 1],
    ]);
    expect(planner.vehicles[0]?.image).toMatch(/^\/storage\//);

    expect(planner.vehicles[0]?.lanes.map(laneIds)).toEqual([
      { overbooked: false, reservations: [r.before.id, r.manual.id, r.backToBack.id], blocks: [blocks.bothCars] },
      { overbooked: false, reservations: [r.pending.id], blocks: [blocks.bothCars] },
    ]);
    expect(planner.vehicles[1]?.lanes.map(laneIds)).toEqual([
      { overbooked: false, reservations: [r.completed.id, r.vanFirst.id], blocks: [blocks.van] },
      { overbooked: true, reservations: [r.vanOverbooked.id], blocks: [] },
    ]);

    const manual = planner.vehicles[0]?.lanes[0]?.reservations[1];
    expect(manual).toEqual({
      id: r.manual.id,
      reference: r.manual.reference,
      status: "confirmed",
      source: "manual",
      customer: "Ana Peña",
      start: at("2030-03-04T10:00").toISOString(),
      end: at("2030-03-06T10:00").toISOString(),
      start_local: "2030-03-04T10:00",
      end_local: "2030-03-06T10:00",
      unit: null,
      overdue: false,
      express: false,
      held_until: at("2030-03-06T10:00").toISOString(),
      held_until_local: "2030-03-06T10:00",
    });
    expect(planner.vehicles[1]?.lanes[0]?.blocks[0]).toEqual({
      id: blocks.van,
      start_date: "2030-03-09",
      end_date: "2030-03-10",
      units: 1,
      reason: null,
    });
    expect(planner.vehicles[0]?.lanes[0]?.blocks[0]).toMatchObject({ units: 2, reason: "Revisión anual" });
  });

  it("puts a block before a booking that starts at the same moment: the car out of service keeps its lane", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const car = landing.vehicle.id;
    // The booking is written first, so only the block's priority can put the block on the first lane.
    const booking = await reserve(landing.id, car, "2030-04-02T00:00", "2030-04-03T10:00");
    const workshop = await block(car, "2030-04-02", "2030-04-02", 1, "Taller");
    const planner = (await get(owner, `/api/planner/${landing.id}?from=2030-04-01&days=7`)).json() as Planner;
    expect(planner.vehicles[0]?.lanes.map(laneIds)).toEqual([
      { overbooked: false, reservations: [], blocks: [workshop] },
      { overbooked: true, reservations: [booking.id], blocks: [] },
    ]);
  });

  it("takes a month, and only what reaches into the window", async () => {
    const { owner, landing, r, blocks } = await seeded();
    const month = (await get(owner, `/api/planner/${landing.id}?from=2030-03-01&days=31`)).json() as Planner;
    const ids = (planner: Planner) =>
      planner.vehicles.flatMap((v) => v.lanes.flatMap((lane) => lane.reservations.map((bar) => bar.id)));
    const blockIds = (planner: Planner) =>
      new Set(planner.vehicles.flatMap((v) => v.lanes.flatMap((lane) => lane.blocks.map((bar) => bar.id))));
    const all = [r.before, r.manual, r.pending, r.backToBack, r.endsAtStart, r.startsAtEnd, r.completed, r.vanFirst];
    expect(new Set(ids(month))).toEqual(new Set([...all, r.vanOverbooked].map((row) => row.id)));
    expect(ids(month)).not.toContain(r.cancelled.id);
    expect(blockIds(month)).toEqual(new Set([blocks.bothCars, blocks.van, blocks.vanBefore]));

    const later = (await get(owner, `/api/planner/${landing.id}?from=2030-03-11&days=7`)).json() as Planner;
    expect(ids(later)).toEqual([r.startsAtEnd.id]);
    expect(blockIds(later)).toEqual(new Set());
    const empty = (await get(owner, `/api/planner/${landing.id}?from=2030-04-01&days=7`)).json() as Planner;
    expect(empty.vehicles.map((v) => v.lanes.length)).toEqual([2, 1]);
    expect(ids(empty)).toEqual([]);
  });

  it("answers 404 for another owner's landing or a trashed one, and 401 without a session", async () => {
    const { owner, landing } = await seeded();
    const stranger = await signUp(app);
    const theirs = await get(stranger, `/api/planner/${landing.id}?from=2030-03-04&days=7`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: expect.any(String) });
    expect((await get(owner, `/api/planner/2147483000?from=2030-03-04&days=7`)).statusCode).toBe(404);
    expect((await get(null, `/api/planner/${landing.id}?from=2030-03-04&days=7`)).statusCode).toBe(401);
    await db.update(landings).set({ deletedAt: new Date() }).where(eq(landings.id, landing.id));
    expect((await get(owner, `/api/planner/${landing.id}?from=2030-03-04&days=7`)).statusCode).toBe(404);
  });

  it("refuses a window that is not a real date and 7 or 31 days, with the field named", async () => {
    const { owner, landing } = await seeded();
    for (const query of [
      "from=2030-02-30&days=7",
      "from=hoy&days=7",
      "days=7",
      "from=2030-03-04&days=10",
      "from=2030-03-04&days=x",
      "from=2030-03-04",
    ]) {
      const response = await get(owner, `/api/planner/${landing.id}?${query}`);
      expect(response.statusCode, query).toBe(422);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      expect(
        Object.keys(body.errors).some((field) => field === "from" || field === "days"),
        query,
      ).toBe(true);
    }
    expect((await get(owner, `/api/planner/abc?from=2030-03-04&days=7`)).statusCode).toBe(422);
  });
});

describe("GET /api/planner/reservations/:id", () => {
  it("answers the owner's reservation whole, and 404 to anyone else", async () => {
    const { owner, r } = await seeded();
    // Its add-ons, and only its own.
    await db.insert(reservationAddons).values([
      { reservationId: r.manual.id, name: "GPS", priceCents: 500, quantity: 1, totalCents: 500 },
      { reservationId: r.pending.id, name: "Silla de bebé", priceCents: 700, quantity: 1, totalCents: 700 },
    ]);
    const own = await get(owner, `/api/planner/reservations/${r.manual.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: r.manual.id, reference: r.manual.reference, source: "manual", name: "Ana" });
    expect(own.json().addons.map((addon: { name: string }) => addon.name)).toEqual(["GPS"]);
    const stranger = await signUp(app);
    expect((await get(stranger, `/api/planner/reservations/${r.manual.id}`)).statusCode).toBe(404);
  });
});

describe("a car on rent past its planned return (issue 28)", () => {
  const send = (owner: Owner, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });
  /** A desk booking of the landing's vehicle from two days on, `length` days long. */
  const bookAtDesk = async (
    owner: Owner,
    landing: Awaited<ReturnType<typeof createBookableLanding>>,
    length: number,
  ) => {
    const { id_landing, terms_accepted, email, ...payload } = bookingPayload(
      landing,
      clock.now(),
      {},
      { start: 2, length },
    );
    const made = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, payload);
    expect(made.statusCode, made.body).toBe(201);
    return made.json().reservation as { id: number; pickup_at: string; return_at: string };
  };
  /** The car handed over at the counter, 12,000 km and a full tank. */
  const checkOut = async (owner: Owner, id: number) => {
    const out = await send(owner, "POST", `/api/reservations/${id}/check-out`, {
      odometer_km: 12_000,
      fuel_eighths: 8,
      drivers: [
        {
          name: "María José Peña",
          licence_number: "001-1234567-8",
          licence_country: "do",
          licence_expiry: "2035-01-31",
          birth_date: "1988-06-15",
        },
      ],
      items: [],
      marks: [],
      note: "",
    });
    expect(out.statusCode, out.body).toBe(200);
  };

  it("holds its unit up to now and through today, so a booking picked up meanwhile on it is a conflict, until it is checked in", async () => {
    let owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const booked = await bookAtDesk(owner, landing, 3);
    // Checked out at its pickup (10:00 on the landing's clock), then two hours past its planned return.
    clock.advance(new Date(booked.pickup_at).getTime() - clock.now().getTime());
    owner = await signIn(app, owner);
    await checkOut(owner, booked.id);
    clock.advance(new Date(booked.return_at).getTime() + 2 * 3_600_000 - clock.now().getTime());
    owner = await signIn(app, owner);
    const today = toLocal(clock.now(), ZONE).date;
    const returnLocal = toLocal(new Date(booked.return_at), ZONE);
    expect(returnLocal).toEqual({ date: today, time: "10:00" });
    // Picked up at 14:00 today on the only unit, while the car is still out.
    const meanwhile = await reserve(landing.id, landing.vehicle.id, `${today}T14:00`, `${addDays(today, 1)}T18:00`);

    const week = async (from: string) => {
      const planner = (await get(owner, `/api/planner/${landing.id}?from=${from}&days=7`)).json() as Planner;
      // An overdue bar's held_until is its own instant: still what the schema describes.
      expect(plannerResponseSchema.parse(planner)).toEqual(planner);
      return planner.vehicles[0]?.lanes;
    };
    const endOfToday = at(`${addDays(today, 1)}T00:00`);
    const lanes = await week(addDays(today, -5));
    expect(lanes?.map(laneIds)).toEqual([
      { overbooked: false, reservations: [booked.id], blocks: [] },
      { overbooked: true, reservations: [meanwhile.id], blocks: [] },
    ]);
    const bar = lanes?.[0]?.reservations[0];
    expect(bar).toMatchObject({
      status: "on_rent",
      overdue: true,
      end: booked.return_at,
      end_local: `${today}T10:00`,
      held_until: endOfToday.toISOString(),
      held_until_local: `${addDays(today, 1)}T00:00`,
    });
    expect(Date.parse(bar?.held_until ?? "")).toBeGreaterThan(clock.now().getTime());
    // A week that starts after its planned return still shows it, today; one from tomorrow does not.
    clock.advance(12 * 3_600_000 - 60_000); // 23:59, still today
    owner = await signIn(app, owner);
    const lateToday = await week(today);
    expect(lateToday?.map(laneIds)).toEqual([
      { overbooked: false, reservations: [booked.id], blocks: [] },
      { overbooked: true, reservations: [meanwhile.id], blocks: [] },
    ]);
    expect(lateToday?.[0]?.reservations[0]).toMatchObject({ overdue: true, held_until: endOfToday.toISOString() });
    expect((await week(addDays(today, 1)))?.map(laneIds)).toEqual([
      { overbooked: false, reservations: [meanwhile.id], blocks: [] },
    ]);

    // Checked in: back to its planned return, and the later booking has the unit.
    const back = await send(owner, "POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 12_300,
      fuel_eighths: 8,
    });
    expect(back.statusCode, back.body).toBe(200);
    const after = await week(addDays(today, -5));
    expect(after?.map(laneIds)).toEqual([{ overbooked: false, reservations: [booked.id, meanwhile.id], blocks: [] }]);
    expect(after?.[0]?.reservations[0]).toMatchObject({
      status: "returned",
      overdue: false,
      held_until: booked.return_at,
      held_until_local: `${today}T10:00`,
    });
  });

  it("draws a car checked in early up to when it came back, so a booking of the days it freed is no conflict", async () => {
    let owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const booked = await bookAtDesk(owner, landing, 4);
    clock.advance(new Date(booked.pickup_at).getTime() - clock.now().getTime());
    owner = await signIn(app, owner);
    await checkOut(owner, booked.id);
    // Back two hours later, days before its planned return; the unit is booked again for tomorrow.
    clock.advance(2 * 3_600_000);
    owner = await signIn(app, owner);
    const backAt = clock.now();
    const back = await send(owner, "POST", `/api/reservations/${booked.id}/check-in`, {
      odometer_km: 12_050,
      fuel_eighths: 8,
    });
    expect(back.statusCode, back.body).toBe(200);
    const today = toLocal(clock.now(), ZONE).date;
    const next = await reserve(
      landing.id,
      landing.vehicle.id,
      `${addDays(today, 1)}T10:00`,
      `${addDays(today, 2)}T10:00`,
    );

    const lanes = ((await get(owner, `/api/planner/${landing.id}?from=${today}&days=7`)).json() as Planner).vehicles[0]
      ?.lanes;
    expect(lanes?.map(laneIds)).toEqual([{ overbooked: false, reservations: [booked.id, next.id], blocks: [] }]);
    expect(lanes?.[0]?.reservations[0]).toMatchObject({
      status: "returned",
      end: booked.return_at,
      held_until: backAt.toISOString(),
      held_until_local: `${today}T${toLocal(backAt, ZONE).time}`,
    });
  });
});
