import { describe, expect, it } from "vitest";
import { assignLanes, type LaneItem } from "./planner-lanes";

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
