import { describe, expect, it } from "vitest";
import { offsetOf, roomsIn, span } from "./bar-geometry";

const month = { from: "2026-12-01", days: 31, dayWidth: 40 };

describe("a planner bar's box", () => {
  it("spans its days at the day's width, cut to the window", () => {
    const box = span(offsetOf(month.from, "2026-12-03T10:00"), offsetOf(month.from, "2026-12-05T10:00"), month);
    expect(box.left).toBeCloseTo((2 + 10 / 24) * 40);
    expect(box.width).toBeCloseTo(80);
    expect(box).toMatchObject({ cutStart: false, cutEnd: false });
    expect(span(-2, 3, month)).toMatchObject({ left: 0, width: 120, cutStart: true, cutEnd: false });
    expect(span(30, 33, month)).toMatchObject({ left: 1200, width: 40, cutEnd: true });
  });

  it("draws a rental of a few hours at least 8 px, and up to 28 px into the free room after it, then before it", () => {
    const ten = offsetOf(month.from, "2026-12-10T10:00");
    const noon = offsetOf(month.from, "2026-12-10T12:00");
    const short = { start: ten, end: noon };
    // Nothing around it: wide enough to see and click, from where it starts.
    expect(span(ten, noon, month)).toMatchObject({ left: ten * 40, width: 28 });
    const [alone] = roomsIn([short], month);
    expect(span(ten, noon, month, alone)).toMatchObject({ left: ten * 40, width: 28 });
    // The unit's next booking 4 px after its start (an hour at this day's width): it grows back
    // into the free morning instead, and its right edge stays where the next one starts.
    const next = { start: ten + 4 / 40, end: ten + 3 };
    const [room] = roomsIn([short, next], month);
    const box = span(ten, noon, month, room);
    expect(box.width).toBeCloseTo(28);
    expect(box.left + box.width).toBeCloseTo(next.start * 40);
    // Boxed in on both sides: 8 px still.
    const before = { start: ten - 2, end: ten };
    const [tight] = roomsIn([short, before, { start: ten + 1 / 40, end: ten + 1 }], month);
    expect(span(ten, noon, month, tight).width).toBe(8);
    // A longer rental keeps its own box.
    const day = span(offsetOf(month.from, "2026-12-10T06:00"), offsetOf(month.from, "2026-12-11T06:00"), month, {
      before: 100,
      after: 5,
    });
    expect(day).toMatchObject({ width: 40, left: (9 + 6 / 24) * 40 });
  });

  it("measures the free room around each thing in a lane: to the next start, back to the last end", () => {
    const rooms = roomsIn(
      [
        { start: 3, end: 4 },
        { start: 5, end: 7 },
        { start: -2, end: 2 },
      ],
      month,
    );
    expect(rooms).toEqual([
      { before: 40, after: 80 },
      { before: 40, after: (31 - 5) * 40 },
      { before: 0, after: 120 },
    ]);
  });
});
