import { describe, expect, it } from "vitest";
import { assignLanes, isOverdue, type LaneItem, plannerHold } from "./planner-lanes";

const item = (id: number, start: number, end: number, units = 1): LaneItem => ({ id, start, end, units });
/** The lanes as ids per lane, with a "!" in front of an overbooked lane's list. */
const shape = (lanes: ReturnType<typeof assignLanes<LaneItem>>) =>
  lanes.map((lane) => (lane.overbooked ? ["!", ...lane.items.map((i) => i.id)] : lane.items.map((i) => i.id)));

describe("assignLanes", () => {
  it("gives every unit a lane, empty ones included", () => {
    expect(shape(assignLanes(3, []))).toEqual([[], [], []]);
  });

  it("puts each item on the lowest unit free at its start, earliest start first", () => {
    const lanes = assignLanes(2, [item(3, 5, 8), item(1, 0, 4), item(2, 2, 6), item(4, 6, 9)]);
    expect(shape(lanes)).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it("lets a booking start the moment the previous one ends", () => {
    expect(shape(assignLanes(1, [item(2, 4, 8), item(1, 0, 4)]))).toEqual([[1, 2]]);
  });

  it("breaks ties at the same start by the given order, then by id", () => {
    const items = [item(9, 0, 2), item(5, 0, 2), item(7, 0, 2)];
    expect(shape(assignLanes(3, items))).toEqual([[5], [7], [9]]);
    expect(shape(assignLanes(3, items, (i) => (i.id === 9 ? 0 : 1)))).toEqual([[9], [5], [7]]);
  });

  it("gives a block holding N units N lanes", () => {
    const lanes = assignLanes(3, [item(1, 0, 4), item(2, 2, 6, 2)]);
    expect(shape(lanes)).toEqual([[1], [2], [2]]);
  });

  it("moves what does not fit to overbooked lanes instead of hiding it", () => {
    const lanes = assignLanes(1, [item(1, 0, 4), item(2, 1, 3), item(3, 2, 5), item(4, 3, 6)]);
    expect(shape(lanes)).toEqual([[1], ["!", 2, 4], ["!", 3]]);
  });

  it("sends the part of a block beyond the free units to the overbooked lanes", () => {
    const lanes = assignLanes(2, [item(1, 0, 4), item(2, 1, 3, 2)]);
    expect(shape(lanes)).toEqual([[1], [2], ["!", 2]]);
  });

  it("does not depend on the order items arrive in", () => {
    const items = [item(1, 0, 3), item(2, 1, 5), item(3, 3, 7), item(4, 5, 8), item(5, 2, 4)];
    const expected = shape(assignLanes(2, items));
    expect(shape(assignLanes(2, [...items].reverse()))).toEqual(expected);
    expect(expected).toEqual([
      [1, 3],
      [2, 4],
      ["!", 5],
    ]);
  });
});

describe("assignLanes with bookings the owner put on a unit (issue 25.22)", () => {
  const pinned = (id: number, start: number, end: number, unit: number): LaneItem => ({
    id,
    start,
    end,
    units: 1,
    unit,
  });

  it("draws a pinned booking on its own unit, even when a lower one is free", () => {
    expect(shape(assignLanes(3, [pinned(1, 0, 4, 3), item(2, 0, 4)]))).toEqual([[2], [], [1]]);
  });

  it("deals the other items around the pinned ones, each on a lane free for its whole period", () => {
    // Booking 2 starts before the pinned booking 1, but would run into it on unit 1.
    const lanes = assignLanes(2, [pinned(1, 3, 6, 1), item(2, 0, 4), item(3, 6, 8)]);
    expect(shape(lanes)).toEqual([[1, 3], [2]]);
  });

  it("shows a pinned booking whose unit is taken as overbooked, and ignores a unit the vehicle no longer has", () => {
    expect(shape(assignLanes(1, [pinned(1, 0, 4, 1), pinned(2, 2, 5, 1)]))).toEqual([[1], ["!", 2]]);
    expect(shape(assignLanes(1, [pinned(1, 0, 4, 3)]))).toEqual([[1]]);
  });

  it("keeps each lane's items in time order", () => {
    const lanes = assignLanes(1, [item(2, 0, 2), pinned(1, 5, 6, 1), item(3, 2, 4)]);
    expect(shape(lanes)).toEqual([[2, 3, 1]]);
  });
});

describe("a car on rent past its planned return (issue 28)", () => {
  const HOUR = 3_600_000;
  // Today runs from 0 to 24 h on the landing's clock; it is 15:00.
  const now = 15 * HOUR;
  const endOfToday = 24 * HOUR;

  it("holds its unit up to now and through the rest of today, only while on rent and overdue", () => {
    const due = 10 * HOUR;
    expect(plannerHold({ status: "on_rent", end: due }, now, endOfToday)).toEqual({ overdue: true, end: endOfToday });
    // Due back the moment it is now: overdue, as availability counts it (return_at <= now()).
    expect(plannerHold({ status: "on_rent", end: now }, now, endOfToday)).toEqual({ overdue: true, end: endOfToday });
    expect(plannerHold({ status: "on_rent", end: now + 1 }, now, endOfToday)).toEqual({ overdue: false, end: now + 1 });
    for (const status of ["confirmed", "returned", "completed", "pending"]) {
      expect(plannerHold({ status, end: due }, now, endOfToday)).toEqual({ overdue: false, end: due });
    }
    // Never before now, should the end of today's column be given wrong.
    expect(plannerHold({ status: "on_rent", end: due }, now, now - HOUR).end).toBe(now);
    expect(isOverdue({ status: "on_rent", end: due }, now)).toBe(true);
    expect(isOverdue({ status: "on_rent", end: now + HOUR }, now)).toBe(false);
  });

  /** An overdue booking on rent, picked up two days ago and due back at 10:00 today, as the planner lays it. */
  const overdue = (id: number, unit: number | null = null): LaneItem => ({
    id,
    start: -2 * 24 * HOUR,
    end: plannerHold({ status: "on_rent", end: 10 * HOUR }, now, endOfToday).end,
    units: 1,
    unit,
    out: true,
  });

  it("shows a booking picked up after the planned return, before the car is back, as a conflict", () => {
    const later = item(2, 18 * HOUR, 40 * HOUR);
    expect(shape(assignLanes(1, [overdue(1), later]))).toEqual([[1], ["!", 2]]);
    // With its planned return alone the later booking would have looked free on the same unit.
    expect(shape(assignLanes(1, [{ ...overdue(1), end: 10 * HOUR }, later]))).toEqual([[1, 2]]);
    // Tomorrow's booking does not clash with a car out through today; a second unit takes today's.
    expect(shape(assignLanes(1, [overdue(1), item(3, endOfToday + 8 * HOUR, 60 * HOUR)]))).toEqual([[1, 3]]);
    expect(shape(assignLanes(2, [overdue(1), later]))).toEqual([[1], [2]]);
  });

  it("keeps the car that is out on its unit; a booking put on that unit for today is the conflict", () => {
    const pinnedLater: LaneItem = { ...item(2, 18 * HOUR, 40 * HOUR), unit: 1 };
    expect(shape(assignLanes(1, [pinnedLater, overdue(1)]))).toEqual([[1], ["!", 2]]);
    // With a second unit the car out is dealt onto it, and nothing clashes.
    expect(shape(assignLanes(2, [pinnedLater, overdue(1)]))).toEqual([[2], [1]]);
    // Put on a unit itself, it stays there and the later booking put on it is the conflict.
    expect(shape(assignLanes(2, [pinnedLater, overdue(1, 1)]))).toEqual([[1], [], ["!", 2]]);
    // A booking put on the unit that ended before the pickup is no conflict at all.
    const before: LaneItem = { ...item(3, -4 * 24 * HOUR, -3 * 24 * HOUR), unit: 1 };
    expect(shape(assignLanes(1, [before, overdue(1)]))).toEqual([[3, 1]]);
  });
});
