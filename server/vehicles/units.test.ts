import { formatDate } from "@domain/date-format";
import type { Language } from "@domain/languages";
import { toInstant } from "@domain/rental-time";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { vehicleBlocks, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  type Owner,
  signIn,
  signUp,
  vehicleFields,
} from "../test/factories";

/**
 * Issue 23, item 10: a vehicle's units never go below what its active bookings and blocks hold at
 * the same instant from now on. The refusal is a 409 naming how many units are held and the day
 * (on the landing's wall clock, Santo Domingo by default), and nothing is saved.
 */
const { app, clock, db } = await createTestApp();

type Landing = Awaited<ReturnType<typeof createBookableLanding>>;
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(clock.now().getTime() + offset * DAY_MS).toISOString().slice(0, 10);

async function setUp(units = "3") {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units });
  return { owner, landing };
}

/**
 * Books the vehicle from `start` days ahead for `length` days, 10:00 to 10:00: on the site
 * (pending) or at the owner's desk (confirmed), the two statuses that hold a car.
 */
async function book(owner: Owner, landing: Landing, start: number, length: number, at: "site" | "desk" = "site") {
  const payload = bookingPayload(landing, clock.now(), {}, { start, length });
  const { id_landing, terms_accepted, email, ...manual } = payload;
  const response =
    at === "site"
      ? await app.inject({ method: "POST", url: "/api/reservations", payload })
      : await app.inject({
          method: "POST",
          url: `/api/landings/${landing.id}/reservations`,
          payload: manual,
          headers: bearer(owner),
        });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  // The site answers the reservation itself, the desk a message and the reservation.
  return (at === "site" ? response.json() : response.json().reservation) as { id: number };
}

const saveUnits = (owner: Owner, landing: Landing, units: number, version = 1, lang: Language = "en") =>
  app.inject({
    method: "PUT",
    url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`,
    payload: { ...vehicleFields({ units: String(units), name: `Corolla x${units}` }), version },
    headers: { ...bearer(owner), "accept-language": lang },
  });

const stored = async (landing: Landing) =>
  (await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id)))[0];

/** The refusal as the owner reads it, in each language. */
const refusal = (held: number, date: string) => ({
  es: `El ${formatDate(date, "es")} hay ${held} unidades reservadas o bloqueadas a la vez: no puedes dejar menos de ${held}. Cancela o mueve esas reservas primero.`,
  en: `On ${formatDate(date, "en")}, ${held} units are booked or blocked at the same time: you cannot set fewer than ${held}. Cancel or move those bookings first.`,
});

const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";
const SANTO_DOMINGO = "America/Santo_Domingo";

/** Resolves once a session of this database waits for a lock (the save, behind the test's row lock). */
async function untilSomeoneWaitsForALock() {
  for (let tries = 0; tries < 200; tries++) {
    const rows = await rowsOf<{ waiting: number }>(
      db,
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the save never waited for the vehicle's row");
}

/** Moves the clock forward to `hour` UTC of the date `date`, and signs the owner in again (sessions last an hour). */
async function travelTo(date: string, hour: string, owner: Owner) {
  clock.advance(Date.parse(`${date}T${hour}:00Z`) - clock.now().getTime());
  return signIn(app, owner);
}

describe("a vehicle's units against its bookings", () => {
  it("refuses fewer units than three overlapping bookings hold, names 3 and the day in es and en, and saves nothing", async () => {
    const { owner, landing } = await setUp("3");
    await book(owner, landing, 10, 3);
    await book(owner, landing, 11, 3);
    await book(owner, landing, 12, 3, "desk");
    // The three hold a car each from the third pickup, on day 12.
    const words = refusal(3, day(12));
    expect(words.es).toContain(`El ${day(12).split("-").reverse().join("-")} hay 3 unidades`);

    const spanish = await saveUnits(owner, landing, 1, 1, "es");
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json()).toEqual({ message: words.es, rules: ["availability"] });
    const english = await saveUnits(owner, landing, 2, 1, "en");
    expect(english.statusCode).toBe(409);
    expect(english.json()).toEqual({ message: words.en, rules: ["availability"] });
    expect(await stored(landing)).toMatchObject({ units: 3, version: 1, name: "Toyota Corolla 2024" });

    const same = await saveUnits(owner, landing, 3);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().vehicle).toMatchObject({ units: 3, version: 2, name: "Corolla x3" });
    const more = await saveUnits(owner, landing, 5, 2);
    expect(more.statusCode).toBe(200);
    expect(await stored(landing)).toMatchObject({ units: 5, version: 3, name: "Corolla x5" });
    // A stale form is still told to reload first, whatever its units.
    const stale = await saveUnits(owner, landing, 1, 1);
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      "This data was changed in another tab or by someone else. Reload it before saving.",
    ]);
    expect(await stored(landing)).toMatchObject({ units: 5, version: 3 });
  });

  it("counts a booking under way from today, and no longer counts bookings that are over", async () => {
    const { owner, landing } = await setUp("3");
    await book(owner, landing, 10, 3);
    await book(owner, landing, 11, 3);
    await book(owner, landing, 12, 3);
    const [day12, day13, day14, day16] = [day(12), day(13), day(14), day(16)];
    // Day 12 at 16:00 in Santo Domingo: all three cars are out, so the peak is now, today.
    let session = await travelTo(day12, "20:00", owner);
    const underWay = await saveUnits(session, landing, 2, 1, "es");
    expect([underWay.statusCode, underWay.json().message]).toEqual([409, refusal(3, day12).es]);
    // Day 14 at 00:00 UTC (day 13 in Santo Domingo): the first car came back, two are still out.
    session = await travelTo(day14, "00:00", owner);
    const two = await saveUnits(session, landing, 1, 1);
    expect([two.statusCode, two.json().message]).toEqual([409, refusal(2, day13).en]);
    expect((await saveUnits(session, landing, 2, 1)).statusCode).toBe(200);
    // Every booking is over: one unit is enough.
    session = await travelTo(day16, "12:00", owner);
    const over = await saveUnits(session, landing, 1, 2);
    expect(over.statusCode, over.body).toBe(200);
    expect(await stored(landing)).toMatchObject({ units: 1, version: 3 });
  });

  it("does not count cancelled bookings", async () => {
    const { owner, landing } = await setUp("3");
    const first = await book(owner, landing, 10, 3);
    await book(owner, landing, 11, 3);
    await book(owner, landing, 12, 3);
    const cancelled = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${first.id}/status`,
      payload: { status: "cancelled" },
      headers: bearer(owner),
    });
    expect(cancelled.statusCode).toBe(200);
    // Without the first, the other two overlap from day 12.
    const one = await saveUnits(owner, landing, 1);
    expect([one.statusCode, one.json().message]).toEqual([409, refusal(2, day(12)).en]);
    expect((await saveUnits(owner, landing, 2)).statusCode).toBe(200);
    expect(await stored(landing)).toMatchObject({ units: 2, version: 2 });
  });

  it("counts a block's units with the bookings: a block of 2 and a booking hold 3", async () => {
    const { owner, landing } = await setUp("3");
    const block = await app.inject({
      method: "POST",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}/blocks`,
      payload: { from: day(11), to: day(13), units: 2 },
      headers: bearer(owner),
    });
    expect(block.statusCode, block.body).toBe(201);
    await book(owner, landing, 12, 3);
    const two = await saveUnits(owner, landing, 2, 1, "es");
    expect([two.statusCode, two.json().message]).toEqual([409, refusal(3, day(12)).es]);
    expect(await stored(landing)).toMatchObject({ units: 3, version: 1 });
  });

  it("lowers the units while the bookings never overlap, and no further once they do", async () => {
    const { owner, landing } = await setUp("3");
    // Back to back: each return at 10:00 is the next pickup's 10:00, one car does them all.
    await book(owner, landing, 10, 2);
    await book(owner, landing, 12, 2);
    await book(owner, landing, 14, 2, "desk");
    const one = await saveUnits(owner, landing, 1);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().vehicle).toMatchObject({ units: 1, version: 2 });
    expect(await stored(landing)).toMatchObject({ units: 1, version: 2 });
    // A second car from day 13, for a booking beside the one picked up on day 12: one unit is too few again.
    expect((await saveUnits(owner, landing, 2, 2)).statusCode).toBe(200);
    await book(owner, landing, 13, 2);
    const again = await saveUnits(owner, landing, 1, 3);
    expect([again.statusCode, again.json().message]).toEqual([409, refusal(2, day(13)).en]);
    expect(await stored(landing)).toMatchObject({ units: 2, version: 3 });
  });

  it("saves other fields of a vehicle already below its bookings (lowered before this check), but no fewer units", async () => {
    const { owner, landing } = await setUp("3");
    for (const start of [10, 11, 12]) await book(owner, landing, start, 3);
    await db.update(vehicles).set({ units: 2 }).where(eq(vehicles.id, landing.vehicle.id));
    const kept = await saveUnits(owner, landing, 2);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await stored(landing)).toMatchObject({ units: 2, version: 2, name: "Corolla x2" });
    const fewer = await saveUnits(owner, landing, 1, 2);
    expect([fewer.statusCode, fewer.json().message]).toEqual([409, refusal(3, day(12)).en]);
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can hold the row while the save waits.
  it.skipIf(!onPostgres)(
    "waits for the vehicle's row, so a booking or block decided meanwhile is counted",
    async () => {
      const { owner, landing } = await setUp("3");
      await book(owner, landing, 10, 3);
      await book(owner, landing, 11, 3);
      let save: ReturnType<typeof saveUnits> | undefined;
      await db.transaction(async (tx) => {
        // The row held as a booking or a block holds it while deciding: the save must wait for it...
        await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, landing.vehicle.id)).for("update");
        save = saveUnits(owner, landing, 2);
        await untilSomeoneWaitsForALock();
        // ...and then see the third car this transaction takes, on day 12.
        const [startsAt, endsAt] = [day(12), day(13)].map((date) => toInstant({ date, time: "00:00" }, SANTO_DOMINGO));
        if (!startsAt || !endsAt) throw new Error("no such day");
        await tx
          .insert(vehicleBlocks)
          .values({ vehicleId: landing.vehicle.id, startsOn: day(12), endsOn: day(12), startsAt, endsAt });
      });
      const answer = await save;
      expect([answer?.statusCode, answer?.json().message]).toEqual([409, refusal(3, day(12)).en]);
      expect(await stored(landing)).toMatchObject({ units: 3, version: 1 });
    },
  );
});
