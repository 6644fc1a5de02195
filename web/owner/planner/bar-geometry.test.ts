import { describe, expect, it } from "vitest";
import { offsetOf, roomAfter, span } from "./bar-geometry";

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

  it("draws a rental of a few hours at least 8 px, and up to 28 px where its lane is free after it", () => {
    const ten = offsetOf(month.from, "2026-12-10T10:00");
    const noon = offsetOf(month.from, "2026-12-10T12:00");
    // Nothing after it: wide enough to see and click.
    expect(span(ten, noon, month).width).toBe(28);
    expect(span(ten, noon, month, roomAfter([ten], month)(ten)).width).toBe(28);
    // The unit's next booking 12 px after its start: drawn up to it, never over it.
    const next = ten + 12 / 40;
    expect(span(ten, noon, month, roomAfter([ten, next], month)(ten)).width).toBeCloseTo(12);
    // Right against it: 8 px still.
    expect(span(ten, noon, month, roomAfter([ten, ten + 2 / 40], month)(ten)).width).toBe(8);
    // A longer rental keeps its own width.
    const morning = span(offsetOf(month.from, "2026-12-10T06:00"), offsetOf(month.from, "2026-12-11T06:00"), month, 5);
    expect(morning.width).toBeCloseTo(40);
  });

  it("measures the room after a start to the next later one, or to the window's end", () => {
    const room = roomAfter([3, 5, 5, -2], month);
    expect(room(3)).toBe(80);
    expect(room(5)).toBe((31 - 5) * 40);
    expect(room(-2)).toBe(120);
  });
});
