import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reservations, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import { deferred } from "../test/deferred";
import { bookingPayload, createBookableLanding, signUp } from "../test/factories";

// Visitors racing for the last cars. On PostgreSQL the requests really run at the same time on
// several connections, and the vehicle's row lock is what keeps the count right; PGlite runs one
// transaction at a time, so there the same test checks the logic.
const { app, clock, db } = await createTestApp();

async function race(payloads: object[]) {
  const answers = await Promise.all(
    payloads.map((payload) => app.inject({ method: "POST", url: "/api/reservations", payload })),
  );
  return answers.map((answer) => answer.statusCode);
}

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((counts, code) => {
    counts[code] = (counts[code] ?? 0) + 1;
    return counts;
  }, {});

describe("simultaneous bookings never overbook", () => {
  it("50 requests for the same period of a vehicle with 2 units: exactly 2 succeed, 48 answer 409", {
    timeout: 120_000,
  }, async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "2" });
    const payload = bookingPayload(landing, clock.now());
    const codes = await race(Array.from({ length: 50 }, () => payload));
    expect(tally(codes)).toEqual({ 201: 2, 409: 48 });
    const stored = await db
      .select()
      .from(reservations)
      .where(
        and(eq(reservations.vehicleId, landing.vehicle.id), inArray(reservations.status, ["pending", "confirmed"])),
      );
    expect(stored).toHaveLength(2);
  });

  it("50 requests for overlapping periods never hold more than 2 units at any instant", {
    timeout: 120_000,
  }, async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "2" });
    // Periods of 2 days starting on days 10..14: each overlaps its neighbours.
    const payloads = Array.from({ length: 50 }, (_, index) =>
      bookingPayload(
        landing,
        clock.now(),
        { email: `racer${index}@example.com` },
        { start: 10 + (index % 5), length: 2 },
      ),
    );
    const codes = await race(payloads);
    expect(codes.every((code) => code === 201 || code === 409)).toBe(true);
    const stored = await db.select().from(reservations).where(eq(reservations.vehicleId, landing.vehicle.id));
    expect(stored.length).toBe(codes.filter((code) => code === 201).length);
    // Peak occupancy over the stored periods, checked independently of the server's own code.
    const instants = stored.flatMap((row) => [row.pickupAt.getTime(), row.returnAt.getTime()]);
    for (const instant of instants) {
      const holding = stored.filter((row) => row.pickupAt.getTime() <= instant && instant < row.returnAt.getTime());
      expect(holding.length).toBeLessThanOrEqual(2);
    }
    expect(stored.length).toBeGreaterThanOrEqual(2);
  });
});

const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";

describe.skipIf(!onPostgres)("a booking of a car already taken", () => {
  it("is refused at once, without waiting behind the bookings that hold the car's lock", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const payload = bookingPayload(landing, clock.now());
    expect((await app.inject({ method: "POST", url: "/api/reservations", payload })).statusCode).toBe(201);
    // Another booking of the car is under way: its transaction holds the vehicle's row.
    const holding = deferred();
    const locked = deferred();
    const other = db.transaction(async (tx) => {
      await tx.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id)).for("update");
      locked.resolve();
      await holding.promise;
    });
    await locked.promise;
    try {
      const refused = app.inject({
        method: "POST",
        url: "/api/reservations",
        payload: { ...payload, email: "second@example.com" },
      });
      const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 3000));
      const first = await Promise.race([refused, waited]);
      expect(first === "waited" ? first : first.statusCode).toBe(409);
    } finally {
      holding.resolve();
      await other;
    }
  });
});

// Two tabs of the same review send the same booking with the same Idempotency-Key at once (the
// page keeps the key of an attempt for its request, shared by the landing's tabs). The second
// waits behind the first's lock; it must be answered with the first's booking, not told the car
// was taken (one unit) nor booked again (two units).
describe("the same booking sent twice at once with one Idempotency-Key", () => {
  for (const units of ["1", "2"]) {
    it(`books once and answers both with that booking (${units} unit${units === "1" ? "" : "s"})`, async () => {
      const owner = await signUp(app);
      const landing = await createBookableLanding(app, owner, { units });
      const payload = bookingPayload(landing, clock.now());
      const headers = { "idempotency-key": `two-tabs-${units}-0001` };
      const answers = await Promise.all(
        [1, 2].map(() => app.inject({ method: "POST", url: "/api/reservations", payload, headers })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      const [first, second] = answers.map((answer) => answer.json());
      expect(second.reference).toBe(first.reference);
      expect(second.customer_token).toBe(first.customer_token);
      expect(answers.filter((answer) => answer.headers["idempotent-replayed"] === "true")).toHaveLength(1);
      const stored = await db.select().from(reservations).where(eq(reservations.vehicleId, landing.vehicle.id));
      expect(stored).toHaveLength(1);
    });
  }

  it("refuses the same key with other values as a reused key, once the first is made", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const payload = bookingPayload(landing, clock.now());
    const headers = { "idempotency-key": "two-tabs-other-0001", "accept-language": "es" };
    const answers = await Promise.all(
      [payload, { ...payload, email: "otra@example.com" }].map((body) =>
        app.inject({ method: "POST", url: "/api/reservations", payload: body, headers }),
      ),
    );
    // Whichever went first is booked; the other learns nothing of it.
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((answer) => answer.statusCode === 422);
    expect(refused?.json().errors["idempotency-key"]).toEqual([
      "Esta clave Idempotency-Key ya se usó con otros datos de reserva. Usa una clave nueva para una reserva nueva.",
    ]);
    const stored = await db.select().from(reservations).where(eq(reservations.vehicleId, landing.vehicle.id));
    expect(stored).toHaveLength(1);
  });
});
