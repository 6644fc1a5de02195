import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors";
import { TestClock } from "../test/clock";
import type { Counters } from "./counters";
import { type ReservationSlot, reservationSlots } from "./reservation-slots";

function memoryCounters() {
  const totals = new Map<string, number>();
  const counters: Counters = {
    async add(key, windowStart, _windowMs, delta) {
      const name = `${key}@${windowStart.toISOString()}`;
      totals.set(name, (totals.get(name) ?? 0) + delta);
      return totals.get(name) ?? 0;
    },
    async close() {},
  };
  return { counters, totals };
}

/** A slot refused: its refusal, once its count is given back as the booking does. */
const refusal = async (taken: Promise<ReservationSlot>) => {
  const slot = await taken;
  expect(slot.refusal).toBeInstanceOf(HttpError);
  await slot.release();
  return slot.refusal as HttpError;
};

describe("the reservation flood limit", () => {
  it("counts per address and clock hour, and says how many minutes are left in it", async () => {
    const { counters, totals } = memoryCounters();
    const clock = new TestClock(new Date("2026-11-23T10:45:30Z"));
    const slots = reservationSlots(counters, clock, 2, () => {});
    await slots.take("1.1.1.1");
    await slots.take("1.1.1.1");
    await slots.take("2.2.2.2");
    const refused = await refusal(slots.take("1.1.1.1"));
    expect([refused.statusCode, refused.key, refused.params]).toEqual([429, "tooManyReservations", { minutes: 15 }]);
    // The refused attempt's slot, given back.
    expect(totals.get("reservations:1.1.1.1@2026-11-23T10:00:00.000Z")).toBe(2);
    clock.advance(14 * 60_000 + 25_000);
    expect((await refusal(slots.take("1.1.1.1"))).params).toEqual({ minutes: 1 });
    clock.advance(10_000);
    await slots.take("1.1.1.1");
    expect(totals.get("reservations:1.1.1.1@2026-11-23T11:00:00.000Z")).toBe(1);
  });

  it("gives a slot back when the booking does not happen", async () => {
    const { counters, totals } = memoryCounters();
    const slots = reservationSlots(counters, new TestClock(new Date("2026-11-23T10:00:00Z")), 1, () => {});
    const slot = await slots.take("3.3.3.3");
    await slot.release();
    expect(totals.get("reservations:3.3.3.3@2026-11-23T10:00:00.000Z")).toBe(0);
    await slots.take("3.3.3.3");
  });

  it("lets bookings through, and says so, while the count is out of reach", async () => {
    const warnings: unknown[] = [];
    const broken: Counters = {
      add: async () => {
        throw new Error("connection refused");
      },
      async close() {},
    };
    const slots = reservationSlots(broken, new TestClock(), 1, (error) => warnings.push(error));
    const slot = await slots.take("4.4.4.4");
    await slots.take("4.4.4.4");
    await slot.release();
    expect(warnings.map((warning) => (warning as Error).message)).toEqual(["connection refused", "connection refused"]);
  });
});
