import { z } from "zod";

/**
 * What the home page's API answers (GET /api/insights/summary, /charts, /funnel): the schemas the
 * server answers with and, inferred from them, the types the dashboard reads.
 */

const movement = z.object({
  id: z.number().int(),
  reference: z.string(),
  landing_id: z.number().int(),
  status: z.string(),
  customer: z.string(),
  vehicle: z.string(),
  date: z.string(),
  time: z.string(),
  place: z.string(),
  /** The customer finished their express pickup (issue 28.6): at the counter, only the licence is checked. */
  express: z.boolean(),
});
const movementList = z.object({ total: z.number().int(), items: z.array(movement) });
const day = z.object({ pickups: movementList, returns: movementList });

/** The landings the figures cover, so the page can name and link them. */
const scopedLanding = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  /** Today on the landing's wall clock, yyyy-mm-dd. */
  today: z.string(),
});

/** Revenue by pickup month, in one currency: confirmed or completed reservations picked up this month and last. */
const monthFigures = z.object({
  currency: z.string(),
  revenue_cents: z.number(),
  bookings: z.number().int(),
  last_month_revenue_cents: z.number(),
  last_month_bookings: z.number().int(),
  /** Money actually received online this month (issue 27): charges, transfers and deposit captures, less refunds. */
  received_cents: z.number(),
  /** Money the owner recorded as taken at the counter this month (issue 28: cash, their own terminal, a transfer seen). */
  received_at_counter_cents: z.number(),
});

/** Confirmed reservations whose pickup is still ahead, in one currency. */
const upcomingFigures = z.object({ currency: z.string(), revenue_cents: z.number(), bookings: z.number().int() });

export const summaryResponse = z.object({
  landings: z.array(scopedLanding),
  today: day,
  tomorrow: day,
  pending: z.number().int(),
  /** The counter (issue 28): cars out on rent now, those due back today, and those past their return. */
  counter: z.object({
    out_now: z.number().int(),
    due_back_today: z.number().int(),
    overdue: z.number().int(),
  }),
  /** Reservations made (by creation day) this month and last, cancelled ones left out. */
  booked: z.object({ this_month: z.number().int(), last_month: z.number().int() }),
  /** Revenue by pickup month, per currency. */
  month: z.array(monthFigures),
  /** Per currency. */
  upcoming: z.array(upcomingFigures),
  utilisation: z.object({
    booked_unit_days: z.number(),
    available_unit_days: z.number(),
    percent: z.number().nullable(),
  }),
});

const dayBookings = z.object({ date: z.string(), public: z.number().int(), manual: z.number().int() });
const revenueSeries = z.object({
  landing_id: z.number().int(),
  display_name: z.string(),
  currency: z.string(),
  points: z.array(z.object({ month: z.string(), revenue_cents: z.number(), bookings: z.number().int() })),
});

export const chartsResponse = z.object({
  bookings_per_day: z.array(dayBookings),
  revenue_per_month: z.object({ months: z.array(z.string()), series: z.array(revenueSeries) }),
});

export const FUNNEL_STEPS = ["home", "list", "vehicle", "review", "booked"] as const;

export const funnelResponse = z.object({
  from: z.string(),
  to: z.string(),
  steps: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      count: z.number().int(),
      /** The share of the step before, at most 100; null when that step had nobody or fewer than this one. */
      rate: z.number().nullable(),
      /** More than the step before (visitors arrive on any page from a link, and a back button is not counted). */
      more_than_before: z.boolean(),
    }),
  ),
  overall: z.number().nullable(),
  confirmation_views: z.number().int(),
});

export type Movement = z.infer<typeof movement>;
export type MovementList = z.infer<typeof movementList>;
export type DayMovements = z.infer<typeof day>;
export type ScopedLanding = z.infer<typeof scopedLanding>;
export type MonthFigures = z.infer<typeof monthFigures>;
export type UpcomingFigures = z.infer<typeof upcomingFigures>;
/** GET /api/insights/summary. */
export type Summary = z.infer<typeof summaryResponse>;
export type DayBookings = z.infer<typeof dayBookings>;
export type RevenueSeries = z.infer<typeof revenueSeries>;
/** GET /api/insights/charts. */
export type Charts = z.infer<typeof chartsResponse>;
export type FunnelStepName = (typeof FUNNEL_STEPS)[number];
/** GET /api/insights/funnel. */
export type Funnel = z.infer<typeof funnelResponse>;
