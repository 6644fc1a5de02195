import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { bookingVehicle } from "./booking-vehicle";

const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";

type Prepared = { statement: string; generic_plans: number; custom_plans: number };

/**
 * How PostgreSQL plans a booking's first read (issue 29, `bookingVehicle` in booking-vehicle.ts): the
 * vehicle's statement once per connection, a generic plan, where planning it for each run's values
 * cost three times its running; the Idempotency-Key's lookup still for each run's values, so a plan
 * made on a new database's empty table cannot keep reading all of a landing's bookings. PGlite plans
 * as it always did, so this is checked on PostgreSQL only.
 */
describe.skipIf(!onPostgres)("a booking's first read on PostgreSQL", async () => {
  // A skipped describe still runs its body to collect the tests: open nothing then.
  if (!onPostgres) {
    it("runs on PostgreSQL only", () => {});
    return;
  }
  const { app, clock, db } = await createTestApp();

  it("plans the vehicle's statement once and the key's lookup for each run, and still finds a taken car taken", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const payload = bookingPayload(landing, clock.now(), {}, { start: 20, length: 2 });
    const first = await app.inject({ method: "POST", url: "/api/reservations", payload });
    expect(first.statusCode).toBe(201);
    const [stored] = await db.select().from(landings).where(eq(landings.id, landing.id));
    const [booked] = await db.select().from(reservations).where(eq(reservations.id, first.json().id));
    if (!stored || !booked) throw new Error("the landing or its booking was not stored");
    const period = { from: booked.pickupAt, to: booked.returnAt };
    // Called directly rather than through the API: a refusal there starts reading the landing's
    // holds and keys in the background (`keepLandingHolds`), on other connections, and answers
    // the next refusals from them. One read after the other, nothing else running, the pool
    // lends the same connection each time (the last one given back), and the read below runs on
    // it too. Seven runs: PostgreSQL would choose a generic plan for the key's lookup after five.
    for (let run = 0; run < 7; run++) {
      const read = await bookingVehicle(db, stored, landing.vehicle.id, { period }, undefined, `plans-key-${run}`);
      expect(read.free).toBe(false);
    }
    const { rows } = (await db.execute(
      sql`select statement, generic_plans, custom_plans from pg_prepared_statements`,
    )) as unknown as { rows: Prepared[] };
    const vehicle = rows.filter((row) => /from "vehicles"/.test(row.statement) && /json_agg/.test(row.statement));
    const key = rows.filter((row) => /^select .* from "reservations" where .*"idempotency_key" = /.test(row.statement));
    expect(vehicle).toHaveLength(1);
    expect(Number(vehicle[0]?.generic_plans)).toBeGreaterThanOrEqual(7);
    expect(Number(vehicle[0]?.custom_plans)).toBe(0);
    expect(key).toHaveLength(1);
    expect(Number(key[0]?.custom_plans)).toBeGreaterThanOrEqual(7);
    expect(Number(key[0]?.generic_plans)).toBe(0);
  });

  it("answers a retry with its booking, not a refusal", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const payload = bookingPayload(landing, clock.now(), {}, { start: 30, length: 2 });
    const headers = { "idempotency-key": "plans-key-retry" };
    const first = await app.inject({ method: "POST", url: "/api/reservations", payload, headers });
    const again = await app.inject({ method: "POST", url: "/api/reservations", payload, headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
  });
});
