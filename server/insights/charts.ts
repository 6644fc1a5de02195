import { addDays } from "@domain/rental-time";
import { BOOKED_STATUSES } from "@domain/reservations";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { addMonths, latestToday, rentalCents, type ScopedLanding, scopeTable, withInvoice } from "./scope";

export const CHART_DAYS = 30;
export const CHART_MONTHS = 12;
/** Months after this one the revenue chart also shows: bookings confirmed for later are revenue to come. */
export const CHART_MONTHS_AHEAD = 3;
const DAY_MS = 86_400_000;

export type DayBookings = { date: string; public: number; manual: number };
export type MonthPoint = { month: string; revenue_cents: number; bookings: number };
export type RevenueSeries = {
  landing_id: number;
  display_name: string;
  currency: string;
  points: MonthPoint[];
};

/**
 * Bookings made per day over the last 30 days (each landing's calendar, cancelled ones left out),
 * split by where they came from. Every day of the axis is present, with zeros.
 */
async function bookingsPerDay(db: Database, scope: ScopedLanding[], now: Date): Promise<DayBookings[]> {
  const end = latestToday(scope, now);
  const axis = Array.from({ length: CHART_DAYS }, (_, index) => addDays(end, index - CHART_DAYS + 1));
  const days = new Map(axis.map((date) => [date, { date, public: 0, manual: 0 }]));
  if (scope.length > 0) {
    // Two days of slack around the window: the exact bounds are each landing's local dates below.
    const since = new Date(now.getTime() - (CHART_DAYS + 2) * DAY_MS);
    const rows = await rowsOf<{ day: string; source: "public" | "manual"; bookings: number }>(
      db,
      sql`
      select d.day, d.source, count(*)::int as bookings
      from (
        select to_char(r.created_at at time zone s.time_zone, 'YYYY-MM-DD') as day, r.source,
          to_char(s.today::date - ${CHART_DAYS - 1}::int, 'YYYY-MM-DD') as first_day, s.today
        from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
        where r.status <> 'cancelled' and r.created_at >= ${since.toISOString()}::timestamptz
      ) d
      where d.day >= d.first_day and d.day <= d.today
      group by d.day, d.source`,
    );
    for (const row of rows) {
      const day = days.get(row.day);
      if (day) day[row.source] += Number(row.bookings);
    }
  }
  return [...days.values()];
}

/**
 * Confirmed revenue (BOOKED_STATUSES, by pickup month) per month over the last 12 months
 * and the next 3, one series per landing and currency: a landing's own currency always has a
 * series, and a booking made before its currency changed keeps its own, never converted. A rental
 * checked in counts with the return's charges, as Clientes counts it.
 */
async function revenuePerMonth(db: Database, scope: ScopedLanding[], now: Date) {
  const current = latestToday(scope, now).slice(0, 7);
  const months = Array.from({ length: CHART_MONTHS + CHART_MONTHS_AHEAD }, (_, index) =>
    addMonths(current, index - CHART_MONTHS + 1),
  );
  const end = `${addMonths(current, CHART_MONTHS_AHEAD + 1)}-01`;
  if (scope.length === 0) return { months, series: [] as RevenueSeries[] };
  const rows = await rowsOf<{
    landing_id: number;
    currency: string;
    month: string;
    revenue_cents: number;
    bookings: number;
  }>(
    db,
    sql`
    select r.landing_id, r.currency, left(r.pickup_date, 7) as month,
      sum(${rentalCents})::float8 as revenue_cents, count(*)::int as bookings
    from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id ${withInvoice}
    where r.status in ${[...BOOKED_STATUSES]}
      and r.pickup_date >= s.year_start and r.pickup_date < ${end}::text
    group by r.landing_id, r.currency, left(r.pickup_date, 7)`,
  );
  const series = new Map<string, RevenueSeries>();
  const seriesOf = (landing: ScopedLanding, currency: string) => {
    const key = `${landing.id}|${currency}`;
    let found = series.get(key);
    if (!found) {
      found = {
        landing_id: landing.id,
        display_name: landing.displayName,
        currency,
        points: months.map((month) => ({ month, revenue_cents: 0, bookings: 0 })),
      };
      series.set(key, found);
    }
    return found;
  };
  for (const landing of scope) seriesOf(landing, landing.currency);
  const landingById = new Map(scope.map((landing) => [landing.id, landing]));
  for (const row of rows) {
    const landing = landingById.get(row.landing_id);
    const point = landing && seriesOf(landing, row.currency).points.find((p) => p.month === row.month);
    if (!point) continue;
    point.revenue_cents += Number(row.revenue_cents);
    point.bookings += Number(row.bookings);
  }
  return { months, series: [...series.values()] };
}

/** Both charts of the home page for the landings in scope. */
export async function loadCharts(db: Database, scope: ScopedLanding[], now: Date) {
  const [days, revenue] = await Promise.all([bookingsPerDay(db, scope, now), revenuePerMonth(db, scope, now)]);
  return { bookings_per_day: days, revenue_per_month: revenue };
}
