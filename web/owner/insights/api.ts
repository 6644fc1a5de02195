import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";

/** Every query of the home page lives under ["insights", ...]: live updates refresh them all. */
export const INSIGHTS_KEY = ["insights"] as const;

export type Movement = {
  id: number;
  reference: string;
  landing_id: number;
  status: string;
  customer: string;
  vehicle: string;
  date: string;
  time: string;
  place: string;
};
export type MovementList = { total: number; items: Movement[] };
export type DayMovements = { pickups: MovementList; returns: MovementList };

export type ScopedLanding = {
  id: number;
  name: string;
  display_name: string;
  currency: string;
  time_zone: string;
  /** Today on the landing's wall clock, yyyy-mm-dd. */
  today: string;
};

export type MonthFigures = {
  currency: string;
  revenue_cents: number;
  bookings: number;
  last_month_revenue_cents: number;
  last_month_bookings: number;
};

/** Confirmed reservations still to be picked up, in one currency. */
export type UpcomingFigures = { currency: string; revenue_cents: number; bookings: number };

/** GET /api/insights/summary (server/insights/schemas.ts). */
export type Summary = {
  landings: ScopedLanding[];
  today: DayMovements;
  tomorrow: DayMovements;
  pending: number;
  /** Reservations made this month and last (by the day they were made), cancelled ones left out. */
  booked: { this_month: number; last_month: number };
  /** Revenue by pickup month, per currency. */
  month: MonthFigures[];
  upcoming: UpcomingFigures[];
  utilisation: { booked_unit_days: number; available_unit_days: number; percent: number | null };
};

export type DayBookings = { date: string; public: number; manual: number };
export type RevenueSeries = {
  landing_id: number;
  display_name: string;
  currency: string;
  points: { month: string; revenue_cents: number; bookings: number }[];
};

/** GET /api/insights/charts. */
export type Charts = {
  bookings_per_day: DayBookings[];
  revenue_per_month: { months: string[]; series: RevenueSeries[] };
};

export type FunnelStepName = "home" | "list" | "vehicle" | "review" | "booked";

/** GET /api/insights/funnel. */
export type Funnel = {
  from: string;
  to: string;
  /** `rate`: share of the step before (never above 100); `more_than_before` when this step counts more. */
  steps: { step: FunnelStepName; count: number; rate: number | null; more_than_before: boolean }[];
  overall: number | null;
  confirmation_views: number;
};

/** One landing's id, or null for all of the owner's landings. */
export type LandingScope = number | null;

const scopeParams = (landing: LandingScope, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (landing !== null) params.set("landing", String(landing));
  const text = params.toString();
  return text ? `?${text}` : "";
};

export const summaryQuery = (landing: LandingScope) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, "summary", landing],
    queryFn: ({ signal }) => apiRequest<Summary>(`/api/insights/summary${scopeParams(landing)}`, { signal }),
  });

export const chartsQuery = (landing: LandingScope) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, "charts", landing],
    queryFn: ({ signal }) => apiRequest<Charts>(`/api/insights/charts${scopeParams(landing)}`, { signal }),
  });

export const funnelQuery = (landing: LandingScope, period: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, "funnel", landing, period.from, period.to],
    queryFn: ({ signal }) => apiRequest<Funnel>(`/api/insights/funnel${scopeParams(landing, period)}`, { signal }),
  });
