import type { Charts } from "@domain/insights";
import { describe, expect, it } from "vitest";
import { revenueGroups } from "./revenue-groups";

const months = ["2026-10", "2026-11"];
const line = (landingId: number, currency: string, cents: number[]) => ({
  landing_id: landingId,
  display_name: `Landing ${landingId}`,
  currency,
  points: months.map((month, index) => ({ month, revenue_cents: cents[index] ?? 0, bookings: cents[index] ? 1 : 0 })),
});
const revenue = (...series: ReturnType<typeof line>[]): Charts["revenue_per_month"] => ({ months, series });

describe("revenueGroups", () => {
  it("draws each currency with revenue on its own axis, its landings without revenue on the same one", () => {
    const groups = revenueGroups(revenue(line(1, "USD", [100, 0]), line(2, "USD", [0, 0]), line(3, "EUR", [0, 50])));
    expect(groups.drawn.map((group) => [group.currency, group.series.map((series) => series.landing_id)])).toEqual([
      ["USD", [1, 2]],
      ["EUR", [3]],
    ]);
    expect(groups.without).toEqual([]);
  });

  it("names a currency with no revenue in the months shown instead of drawing an axis of zeros", () => {
    const groups = revenueGroups(revenue(line(1, "USD", [100, 200]), line(2, "DOP", [0, 0])));
    expect(groups.drawn.map((group) => group.currency)).toEqual(["USD"]);
    expect(groups.without).toEqual(["DOP"]);
  });

  it("draws nothing when no landing has revenue", () => {
    const groups = revenueGroups(revenue(line(1, "USD", [0, 0]), line(2, "DOP", [0, 0])));
    expect(groups.drawn).toEqual([]);
    expect(groups.without).toEqual(["USD", "DOP"]);
  });
});
