import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { createTestApp } from "../test/app";
import { createBookableLanding, signUp } from "../test/factories";
import { endingsToSettle } from "./cancel";
import { depositHoldsAhead } from "./holds";
import { holdMovementsDue } from "./owner-money";
import { refundsDue } from "./sweep";

const { app, clock, db } = await createTestApp();
const owner = await signUp(app);
const landing = await createBookableLanding(app, owner);

/**
 * 4,000 bookings and a card charge for each, the cancelled ones refunded, every one settled long
 * ago and nothing left for the sweep, seen by this transaction alone and analyzed, as a busy landing's history is.
 */
async function settledHistory(tx: Database) {
  await tx.execute(sql`
    insert into reservations (
      landing_id, owner_id, vehicle_id, reference, status, source, vehicle_name, place_of_departure, arrival_place,
      pickup_date, pickup_time, return_date, return_time, pickup_at, return_at, people, bags, name, last_name,
      email, phone, language, days, price_per_day_cents, rental_cents, addons_cents, subtotal_cents, tax_label,
      tax_rate_bp, tax_cents, total_cents, currency, cancelled_at, payment_plan)
    select ${landing.id}, ${owner.id}, ${landing.vehicle.id}, 'SW-' || n,
           (array['confirmed', 'completed', 'cancelled', 'no_show'])[1 + n % 4], 'public', 'Auto', 'Santiago',
           'Santiago', '2025-01-01', '10:00', '2025-01-04', '10:00', pickup, pickup + interval '3 days', 2, 1,
           'Ana', 'Ruiz', 'ana@example.com', '+1 809 555 0101', 'es', 3, 4500, 13500, 0, 13500, 'ITBIS', 1800, 2430,
           15930, 'USD', case when n % 4 = 2 then pickup - interval '30 days' end, '{"depositHold": "none"}'::jsonb
    from generate_series(1, 4000) n
    cross join lateral (select timestamptz '2025-01-01 14:00Z' + (n % 300) * interval '1 day' as pickup) t`);
  await tx.execute(sql`
    insert into payments (reservation_id, landing_id, kind, status, amount_cents, currency, provider, provider_id)
    select id, landing_id, 'charge', 'succeeded', 15930, 'USD', 'stripe', 'pi_' || id
    from reservations where reference like 'SW-%'`);
  // The cancelled ones refunded in full long ago.
  await tx.execute(sql`
    insert into payments (reservation_id, landing_id, kind, status, amount_cents, currency, provider, provider_id, reason)
    select id, landing_id, 'refund', 'succeeded', 15930, 'USD', 'stripe', 're_' || id, 'cancelled'
    from reservations where reference like 'SW-%' and status = 'cancelled'`);
  await tx.execute(sql`analyze reservations`);
  await tx.execute(sql`analyze payments`);
}

/**
 * What the database would do for `query` over that history, with a plan made for any values (as a
 * connection whose DATABASE_URL asks for generic plans has them): prepared, then explained with its
 * values. Rolled back: nobody else ever sees the history.
 */
async function planOf(query: (tx: Database) => { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const rolledBack = new Error("rolled back");
  return db
    .transaction(async (tx) => {
      await settledHistory(tx);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const { sql: text, params } = query(tx).toSQL();
      await tx.execute(sql.raw(`prepare sweep_query as ${text}`));
      const values = params.map((value) => (typeof value === "number" ? String(value) : `'${String(value)}'`));
      const rows = await rowsOf<Record<string, string>>(
        tx,
        sql.raw(`explain execute sweep_query(${values.join(", ")})`),
      );
      await tx.execute(sql`deallocate sweep_query`);
      throw Object.assign(rolledBack, { plan: rows.map((row) => Object.values(row)[0]).join("\n") });
    })
    .catch((error: Error & { plan?: string }) => {
      if (error !== rolledBack) throw error;
      return error.plan ?? "";
    });
}

// The payments sweep runs every half minute whatever the traffic. Over every booking and payment
// ever made, its rounds took 0.7 s of PostgreSQL every half minute at 500,000 bookings (issue 29,
// docs/performance.md): each reads only the rows it can concern, from their own index.
describe("the payments sweep reads only what it can concern", () => {
  it("cancellations and no-shows to settle: from their own indexes, not every booking", async () => {
    const plan = await planOf((tx) => endingsToSettle(tx, clock.now(), 20));
    expect(plan).toContain("reservations_cancelled_idx");
    expect(plan).toContain("reservations_no_show_idx");
    expect(plan).not.toContain("Seq Scan on reservations");
  });

  it("deposits to hold before pickup: from the held deposits' own index", async () => {
    const plan = await planOf((tx) => depositHoldsAhead(tx, clock.now()));
    expect(plan).toContain("reservations_deposit_hold_idx");
    expect(plan).not.toContain("Seq Scan on reservations");
  });

  it("refunds, captures and releases to ask again: from the failed and pending payments' indexes", async () => {
    const refunds = await planOf((tx) => refundsDue(tx, clock.now()));
    expect(refunds).toContain("payments_pending_idx");
    expect(refunds).toContain("payments_retry_idx");
    expect(refunds).not.toContain("Seq Scan on payments");
    const movements = await planOf((tx) => holdMovementsDue(tx, clock.now()));
    expect(movements).toContain("payments_pending_idx");
    expect(movements).not.toContain("Seq Scan on payments");
  });
});
