import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservations } from "../db/schema";
import { createTestApp } from "../test/app";
import { bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { heldPeriod } from "./availability";

// Public reads answer what is free from each landing's holds kept in memory (holds-cache.ts): every
// booking, cancellation or block must show at once on the instance that wrote it, and on a second
// instance (PostgreSQL) as soon as the database's notice arrives, long before the holds expire.
const { app, db, clock } = await createTestApp();
/** A second instance on the same database (PostgreSQL only: PGlite is one process). */
const second = process.env.NELLY_TEST_DATABASE === "postgres" ? (await createTestApp()).app : null;
const instances = second ? [app, second] : [app];
/** Far under HOLDS_TRUST_MS: seeing a change within it proves the notice told, not the expiry. */
const NOTICE = { timeout: 2000, interval: 10 };

describe("what is free, kept between requests", () => {
  it("follows bookings and a cancellation written straight to the database, on every instance", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const payload = bookingPayload(landing, clock.now());
    const period = `from=${payload.date_of_departure}T10:00&to=${payload.date_of_arrival}T10:00`;
    const free = async (instance: typeof app) => {
      const [list, quote] = await Promise.all([
        instance.inject({ method: "GET", url: `/api/publicLanding/${landing.name}/availability?${period}` }),
        instance.inject({
          method: "GET",
          url: `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&${period}`,
        }),
      ]);
      return [list.json().vehicles[0]?.available, quote.json().available];
    };
    for (const instance of instances) expect(await free(instance)).toEqual([true, true]);

    // Two units: the second booking takes the last one.
    for (let unit = 0; unit < 2; unit++) {
      expect((await app.inject({ method: "POST", url: "/api/reservations", payload })).statusCode).toBe(201);
    }
    expect(await free(app)).toEqual([false, false]);
    for (const instance of instances) await expect.poll(() => free(instance), NOTICE).toEqual([false, false]);

    // As another instance (or the payments' sweep) cancels one: free again everywhere.
    const [first] = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.landingId, landing.id))
      .limit(1);
    await db
      .update(reservations)
      .set({ status: "cancelled" })
      .where(eq(reservations.id, first?.id ?? 0));
    for (const instance of instances) await expect.poll(() => free(instance), NOTICE).toEqual([true, true]);
  });
});

describe("when a hold holds its unit", () => {
  const now = Date.parse("2026-12-01T12:00:00Z");
  const hour = 3_600_000;
  const hold = { vehicleId: 1, start: now + hour, end: now + 5 * hour, units: null, paymentDueAt: null };

  it("a booking holds its period; a block its units", () => {
    expect(heldPeriod({ ...hold, status: "confirmed" }, now)).toEqual({ start: now + hour, end: now + 5 * hour });
    expect(heldPeriod({ ...hold, status: null, units: 3 }, now)).toEqual({
      start: now + hour,
      end: now + 5 * hour,
      units: 3,
    });
  });

  it("a booking awaiting its payment holds until the payment is due, then no longer", () => {
    const awaiting = { ...hold, status: "awaiting_payment", paymentDueAt: now + hour };
    expect(heldPeriod(awaiting, now)).not.toBeNull();
    expect(heldPeriod(awaiting, now + hour)).toBeNull();
  });

  it("a car out past its return is held for the next 24 hours, renewed while it stays out", () => {
    const out = { ...hold, status: "on_rent", start: now - 5 * hour, end: now - hour };
    expect(heldPeriod(out, now)).toEqual({ start: now - 5 * hour, end: now + 24 * hour });
    expect(heldPeriod(out, now + 10 * hour)).toEqual({ start: now - 5 * hour, end: now + 34 * hour });
    expect(heldPeriod({ ...out, end: now + hour }, now)).toEqual({ start: now - 5 * hour, end: now + hour });
  });
});
