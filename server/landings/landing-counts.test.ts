import { sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { holdsQuery } from "../reservations/availability";
import { createTestApp } from "../test/app";
import { copyBooking } from "../test/booking-copies";
import { bearer, bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { droppedRows, planNodes } from "../test/query-plans";
import { bookingCountsQuery } from "./booking-counts";

const { app, clock, db } = await createTestApp();

const DAY = 86_400_000;
const PAST_BOOKINGS = 30;
const CANCELLED_BOOKINGS = 10;

describe("a landing's counts with a long history (owner reads at scale)", () => {
  it("counts bookings still ahead from the bookings not yet returned, not every past or cancelled one", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "5" });
    const ahead: number[] = [];
    for (const start of [10, 20]) {
      const booked = await app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: bookingPayload(landing, clock.now(), {}, { start, length: 2 }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      ahead.push((booked.json() as { id: number }).id);
    }
    // Years behind the landing: copies of a booking, returned long ago, and cancelled ones still ahead.
    await copyBooking(db, ahead[0] as number, {
      count: PAST_BOOKINGS,
      tag: "P",
      status: "completed",
      days: sql`-(g * 4 + 400)`,
    });
    await copyBooking(db, ahead[1] as number, {
      count: CANCELLED_BOOKINGS,
      tag: "C",
      status: "cancelled",
      days: sql`g`,
    });

    // What the owner sees: every booking counted, and only the two ahead holding the landing.
    const listed = await app.inject({ method: "GET", url: `/api/landing/${owner.id}`, headers: bearer(owner) });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: landing.id,
        reservations_count: 2 + PAST_BOOKINGS + CANCELLED_BOOKINGS,
        active_reservations_count: 2,
      }),
    ]);

    // Whether the indexes can answer it, not whether a planner picks them for a table this small.
    const nodes = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return planNodes(tx, bookingCountsQuery(tx, owner.id, [landing.id], clock.now()));
    });
    const reads = nodes.filter((node) => node["Relation Name"] === "reservations");
    // Three reads of the table, each by an index: all its bookings, those still ahead, and the
    // first of their returns (until which the counts are kept).
    expect(reads).toHaveLength(3);
    // Which index answers is the planner's to choose (with the statistics the other tests left, a
    // clean clone's run once took another for the two reads of reservations_landing_active_idx):
    // each read is by an index, and the rows dropped below say none goes through the past.
    for (const node of reads) expect(node["Index Name"]).toEqual(expect.any(String));
    // None goes through the landing's past: at most the cancelled bookings still ahead are read
    // and dropped (for a table this small a plan may test the status after the range by return).
    for (const node of reads) {
      expect(droppedRows(node), node["Index Name"]).toBeLessThanOrEqual(CANCELLED_BOOKINGS);
    }
  });

  it("leaves a vehicle's availability check to the vehicle's own index, even without it", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const now = clock.now().getTime();
    const window = { from: new Date(now + 10 * DAY), to: new Date(now + 13 * DAY) };
    let indexes: (string | undefined)[] = [];
    // The check names the statuses the landing's index holds; its condition on the landing is what
    // keeps the check off it. Dropped in a transaction that is rolled back.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`drop index reservations_vehicle_return_idx`);
        const nodes = await planNodes(tx, holdsQuery(tx, { vehicleIds: [landing.vehicle.id] }, window), false);
        indexes = nodes.map((node) => node["Index Name"]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes).not.toContain("reservations_landing_active_idx");
  });
});
