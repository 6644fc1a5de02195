import { z } from "zod";
import { isIsoDate } from "../../domain/rental-time";
import { idParam } from "../http/schemas";
import { MAX_FUNNEL_DAYS } from "./funnel";

/** `?landing=<id>`: one of the owner's landings; without it, all of them. */
export const scopeQuery = z.object({ landing: idParam.optional() });

const isoDate = z.string().refine(isIsoDate, "dateInvalid");
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The funnel's period: both ends included, `from` not after `to`, at most 366 days. */
export const funnelQuery = scopeQuery
  .extend({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine((query, context) => {
    if (!query.from || !query.to || !isIsoDate(query.from) || !isIsoDate(query.to)) return;
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1 || days > MAX_FUNNEL_DAYS) context.addIssue({ code: "custom", path: ["to"], message: "invalid" });
  });

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
  today: z.string(),
});

export const summaryResponse = z.object({
  landings: z.array(scopedLanding),
  today: day,
  tomorrow: day,
  pending: z.number().int(),
  /** Reservations made (by creation day) this month and last, cancelled ones left out. */
  booked: z.object({ this_month: z.number().int(), last_month: z.number().int() }),
  /** Revenue by pickup month: confirmed or completed reservations picked up this month and last. */
  month: z.array(
    z.object({
      currency: z.string(),
      revenue_cents: z.number(),
      bookings: z.number().int(),
      last_month_revenue_cents: z.number(),
      last_month_bookings: z.number().int(),
    }),
  ),
  /** Confirmed reservations whose pickup is still ahead, per currency. */
  upcoming: z.array(z.object({ currency: z.string(), revenue_cents: z.number(), bookings: z.number().int() })),
  utilisation: z.object({
    booked_unit_days: z.number(),
    available_unit_days: z.number(),
    percent: z.number().nullable(),
  }),
});

export const chartsResponse = z.object({
  bookings_per_day: z.array(z.object({ date: z.string(), public: z.number().int(), manual: z.number().int() })),
  revenue_per_month: z.object({
    months: z.array(z.string()),
    series: z.array(
      z.object({
        landing_id: z.number().int(),
        display_name: z.string(),
        currency: z.string(),
        points: z.array(z.object({ month: z.string(), revenue_cents: z.number(), bookings: z.number().int() })),
      }),
    ),
  }),
});

export const funnelResponse = z.object({
  from: z.string(),
  to: z.string(),
  steps: z.array(
    z.object({
      step: z.enum(["home", "list", "vehicle", "review", "booked"]),
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
