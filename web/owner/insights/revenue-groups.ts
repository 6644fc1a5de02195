import type { Charts, RevenueSeries } from "@domain/insights";

export type RevenueGroups = {
  /** One drawing per currency that has revenue in the months shown: its own axis. */
  drawn: { currency: string; series: RevenueSeries[] }[];
  /**
   * Currencies whose landings have none in those months (a landing whose currency changed, say):
   * an axis of zeros in them says nothing, so they are named in a sentence instead.
   */
  without: string[];
};

/** The revenue per month's lines grouped by currency: landings of different currencies never share an axis. */
export function revenueGroups(revenue: Charts["revenue_per_month"]): RevenueGroups {
  const currencies = [...new Set(revenue.series.map((line) => line.currency))];
  const groups = currencies.map((currency) => ({
    currency,
    series: revenue.series.filter((line) => line.currency === currency),
  }));
  const hasRevenue = (group: (typeof groups)[number]) =>
    group.series.some((line) => line.points.some((point) => point.revenue_cents > 0));
  return {
    drawn: groups.filter(hasRevenue),
    without: groups.filter((group) => !hasRevenue(group)).map((group) => group.currency),
  };
}
