import { describe, expect, it } from "vitest";
import { offsetOf, span } from "./bar-geometry";

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

  it("draws a rental of a few hours at its own width, at least 8 px, so it never covers the next one", () => {
    const twoHours = span(offsetOf(month.from, "2026-12-10T10:00"), offsetOf(month.from, "2026-12-10T12:00"), month);
    expect(twoHours.width).toBe(8);
    const morning = span(offsetOf(month.from, "2026-12-10T06:00"), offsetOf(month.from, "2026-12-10T12:00"), month);
    expect(morning.width).toBeCloseTo(10);
  });
});
