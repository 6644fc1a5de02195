import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { copyBooking } from "../test/booking-copies";
import { bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { droppedRows, planNodes } from "../test/query-plans";
import { freeVehicleIds, holdsQuery } from "./availability";
import { keysOfBookingsQuery, keysOfBookingsSince } from "./idempotency";

const { app, clock, db } = await createTestApp();

const DAY = 86_400_000;
const PAST_BOOKINGS = 40;

/** A car of one unit booked from 10 days ahead, on a landing of its own. */
async function bookedAhead(headers: Record<string, string> = {}) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units: "1" });
  const booked = await app.inject({
    method: "POST",
    url: "/api/reservations",
    payload: bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 }),
    headers,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return { landing, id: (booked.json() as { id: number }).id };
}

describe("a vehicle's availability with a long history (issue 29)", () => {
  it("reads only the bookings not yet returned when the period starts, not every past one", async () => {
    const { landing, id } = await bookedAhead();
    // Years of rentals behind the car: copies of the booking, returned and completed long ago.
    await copyBooking(db, id, {
      count: PAST_BOOKINGS,
      tag: "P",
      status: "completed",
      days: sql`-(g * 4 + 400)`,
    });
    const now = clock.now().getTime();
    const later = { from: new Date(now + 30 * DAY), to: new Date(now + 33 * DAY) };
    // Whether an index can answer it, not whether a planner picks one for a table this small.
    const nodes = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return planNodes(tx, holdsQuery(tx, { vehicleIds: [landing.vehicle.id] }, later));
    });
    expect(nodes[0]).toBeDefined();
    // The bookings it read from the table and then dropped, over all its nodes.
    const dropped = nodes.filter((node) => node["Relation Name"] === "reservations").map(droppedRows);
    expect(dropped.reduce((sum, rows) => sum + rows, 0)).toBe(0);

    // Still the right answer: free after the booking, taken during it, whatever its past.
    const fleet = [{ id: landing.vehicle.id, units: 1 }];
    expect(await freeVehicleIds(db, fleet, later)).toEqual(new Set([landing.vehicle.id]));
    const during = { from: new Date(now + 11 * DAY), to: new Date(now + 12 * DAY) };
    expect(await freeVehicleIds(db, fleet, during)).toEqual(new Set());
  });

  it("reads the keys the site keeps of a landing's bookings (`keptNewKey`) from those not yet returned only", async () => {
    const { landing, id } = await bookedAhead({ "idempotency-key": "history-key-ahead" });
    await copyBooking(db, id, { count: PAST_BOOKINGS, tag: "K", status: "completed", days: sql`-(g * 4 + 400)` });
    // Each made with a key of its own, as the site's bookings are.
    await db.execute(
      sql`update reservations set idempotency_key = reference where landing_id = ${landing.id} and id <> ${id}`,
    );
    const since = new Date(clock.now().getTime() - DAY);
    const nodes = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return planNodes(tx, keysOfBookingsQuery(tx, landing.id, since));
    });
    const dropped = nodes.filter((node) => node["Relation Name"] === "reservations").map(droppedRows);
    expect(dropped.reduce((sum, rows) => sum + rows, 0)).toBe(0);
    expect(await keysOfBookingsSince(db, landing.id, since)).toEqual(new Set(["history-key-ahead"]));
  });
});
