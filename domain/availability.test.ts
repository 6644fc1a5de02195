import { describe, expect, it } from "vitest";
import { busiestInstant, isAvailable, overlaps, peakOccupancy } from "./availability";

const day = (n: number) => n * 24;
const p = (start: number, end: number) => ({ start: day(start), end: day(end) });

describe("peak occupancy", () => {
  it("counts units held at the same instant, not reservations that overlap the period", () => {
    // Two units; bookings on days 1-3 and 5-7 never hold two cars at once, so 2-6 is free.
    const taken = [p(1, 3), p(5, 7)];
    expect(peakOccupancy(taken, p(2, 6))).toBe(1);
    expect(isAvailable(2, taken, p(2, 6))).toBe(true);
    expect(isAvailable(1, taken, p(2, 6))).toBe(false);
  });

  it("treats periods as half-open: a return and a pickup at the same time do not overlap", () => {
    expect(isAvailable(1, [p(1, 3)], p(3, 5))).toBe(true);
    expect(isAvailable(1, [p(3, 5)], p(1, 3))).toBe(true);
    expect(isAvailable(1, [p(1, 3), p(3, 5)], p(2, 4))).toBe(false);
    // Back to back on the same unit, then a second class member for the overlap.
    expect(peakOccupancy([p(1, 3), p(3, 5)], p(0, 10))).toBe(1);
    expect(overlaps(p(1, 3), p(3, 5))).toBe(false);
    expect(overlaps(p(3, 5), p(1, 3))).toBe(false);
    expect(overlaps(p(5, 7), p(1, 3))).toBe(false);
    expect(overlaps(p(1, 3), p(2, 5))).toBe(true);
    expect(overlaps(p(2, 5), p(1, 3))).toBe(true);
    // Whatever order the bookings come in, a return frees the car before a pickup at that instant.
    expect(peakOccupancy([p(3, 5), p(1, 3)], p(0, 10))).toBe(1);
  });

  it("finds the peak where three periods meet, and ignores what lies outside the window", () => {
    const taken = [p(1, 10), p(2, 4), p(3, 6), p(20, 30)];
    expect(peakOccupancy(taken, p(0, 15))).toBe(3);
    expect(peakOccupancy(taken, p(4, 6))).toBe(2);
    expect(peakOccupancy(taken, p(12, 19))).toBe(0);
    expect(isAvailable(3, taken, p(0, 15))).toBe(false);
    expect(isAvailable(3, taken, p(4, 6))).toBe(true);
  });

  it("refuses an empty or reversed window", () => {
    expect(isAvailable(5, [], p(3, 3))).toBe(false);
    expect(isAvailable(5, [], p(4, 3))).toBe(false);
  });
});

describe("the busiest instant", () => {
  it("says when the peak begins as well as how many units it holds", () => {
    const taken = [p(1, 10), p(2, 4), p(3, 6), p(20, 30)];
    expect(busiestInstant(taken, p(0, 15))).toEqual({ units: 3, at: day(3) });
    // Clipped by the window: what is already under way at its start counts from that start.
    expect(busiestInstant(taken, p(5, 15))).toEqual({ units: 2, at: day(5) });
  });

  it("keeps the first of two instants that are as busy", () => {
    const taken = [p(1, 3), p(2, 4), p(6, 8), p(7, 9)];
    expect(busiestInstant(taken, p(0, 10))).toEqual({ units: 2, at: day(2) });
    // A return and a pickup at the same instant leave the count as it was: no new peak there.
    expect(busiestInstant([p(1, 5), p(2, 4), p(4, 6)], p(0, 10))).toEqual({ units: 2, at: day(2) });
  });

  it("counts a block's units, and without periods holds nothing from the window's start", () => {
    expect(busiestInstant([{ ...p(2, 6), units: 2 }, p(4, 5)], p(0, 10))).toEqual({ units: 3, at: day(4) });
    expect(busiestInstant([], p(3, 9))).toEqual({ units: 0, at: day(3) });
    expect(busiestInstant([p(12, 14)], p(3, 9))).toEqual({ units: 0, at: day(3) });
  });
});
