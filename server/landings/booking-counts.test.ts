import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { createTestApp } from "../test/app";
import { copyBooking } from "../test/booking-copies";
import { bearer, bookingPayload, createBookableLanding, type Owner, signIn, signUp } from "../test/factories";
import { AVAILABILITY_CHANNEL } from "./availability-versions";
import { bookingCountsQuery } from "./booking-counts";

// An owner's landings list and a landing's detail show each landing's bookings counted, all and
// those still going ahead; the counts are kept per availability version (booking-counts.ts), so
// they must follow every change, on the instance that made it and on the database's notice.
const { app, clock, db } = await createTestApp();
const MINUTE = 60_000;
/** Far under HOLDS_TRUST_MS: seeing a change within it proves the notice told, not the expiry. */
const NOTICE = { timeout: 2000, interval: 10 };

type Counts = { reservations_count: number; active_reservations_count: number };

async function listed(owner: Owner, landingId: number): Promise<Counts> {
  const list = await app.inject({ method: "GET", url: `/api/landing/${owner.id}`, headers: bearer(owner) });
  expect(list.statusCode, list.body).toBe(200);
  const found = (list.json() as (Counts & { id: number })[]).find((landing) => landing.id === landingId);
  const detail = await app.inject({
    method: "GET",
    url: `/api/landings/${owner.id}/${landingId}`,
    headers: bearer(owner),
  });
  expect(detail.statusCode, detail.body).toBe(200);
  const { reservations_count, active_reservations_count } = detail.json() as Counts;
  // The detail counts as the list does.
  expect({ reservations_count, active_reservations_count }).toEqual({
    reservations_count: found?.reservations_count,
    active_reservations_count: found?.active_reservations_count,
  });
  return { reservations_count, active_reservations_count };
}

async function book(landing: { id: number; vehicle: { id: number } }, start: number, length: number) {
  const booked = await app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(landing, clock.now(), {}, { start, length }),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return (booked.json() as { id: number }).id;
}

describe("a landing's bookings counted for its owner", () => {
  it("follows a booking made here, one written straight to the database, and a cancellation", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "5" });
    expect(await listed(owner, landing.id)).toEqual({ reservations_count: 0, active_reservations_count: 0 });

    const first = await book(landing, 10, 2);
    expect(await listed(owner, landing.id)).toEqual({ reservations_count: 1, active_reservations_count: 1 });

    // Another instance's bookings reach this one by the database's notice.
    await copyBooking(db, first, { count: 3, tag: "N", status: "confirmed", days: sql`g` });
    await expect
      .poll(() => listed(owner, landing.id), NOTICE)
      .toEqual({
        reservations_count: 4,
        active_reservations_count: 4,
      });
    await db.execute(sql`update reservations set status = 'cancelled' where reference like '%-N1'
      and landing_id = ${landing.id}`);
    await expect
      .poll(() => listed(owner, landing.id), NOTICE)
      .toEqual({
        reservations_count: 4,
        active_reservations_count: 3,
      });
  });

  it("stops counting a booking as ahead once its return has passed, with nothing written", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "5" });
    const first = await book(landing, 1, 2);
    await book(landing, 5, 2);
    const [returned] = await rowsOf<{ at: string }>(
      db,
      sql`select return_at as at from reservations where id = ${first}`,
    );
    // Ten minutes before the first return, after signing in again (a session ends an hour idle).
    clock.advance(new Date(String(returned?.at)).getTime() - clock.now().getTime() - 10 * MINUTE);
    const later = await signIn(app, owner);
    expect(await listed(later, landing.id)).toEqual({ reservations_count: 2, active_reservations_count: 2 });
    // Twenty minutes on, only reads in between: the first booking is no longer ahead.
    clock.advance(20 * MINUTE);
    expect(await listed(later, landing.id)).toEqual({ reservations_count: 2, active_reservations_count: 1 });
  });

  it("is answered from the kept counts while nothing says the landing's bookings changed", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "5" });
    const first = await book(landing, 10, 2);
    expect(await listed(owner, landing.id)).toEqual({ reservations_count: 1, active_reservations_count: 1 });
    // Bookings written with the notice switched off: the kept counts do not see them, which shows
    // a read of an unchanged landing counts nothing.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table reservations disable trigger reservations_holds_notify`);
      await copyBooking(tx, first, { count: 2, tag: "S", status: "pending", days: sql`g` });
      await tx.execute(sql`alter table reservations enable trigger reservations_holds_notify`);
    });
    expect(await listed(owner, landing.id)).toEqual({ reservations_count: 1, active_reservations_count: 1 });
    // The landing's notice, as the trigger sends it, makes the next read count again.
    await db.execute(sql`select pg_notify(${AVAILABILITY_CHANNEL}, ${String(landing.id)})`);
    await expect
      .poll(() => listed(owner, landing.id), NOTICE)
      .toEqual({
        reservations_count: 3,
        active_reservations_count: 3,
      });
  });

  it("counts only the owner's own landings, whatever ids it is given", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "5" });
    await book(landing, 10, 2);
    expect(await bookingCountsQuery(db, other.id, [landing.id], clock.now())).toEqual([]);
    expect(await bookingCountsQuery(db, owner.id, [landing.id], clock.now())).toEqual([
      expect.objectContaining({ id: landing.id, reservations: 1, activeReservations: 1 }),
    ]);
  });
});
