import { FUNNEL_STEPS } from "@domain/insights";
import { addDays } from "@domain/rental-time";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { ValidationError } from "../http/errors";
import type { FunnelPage } from "./page-views";
import { latestToday, type ScopedLanding, scopeTable } from "./scope";

export const DEFAULT_FUNNEL_DAYS = 30;
export const MAX_FUNNEL_DAYS = 366;
const DAY_MS = 86_400_000;

export type FunnelStep = {
  step: (typeof FUNNEL_STEPS)[number];
  count: number;
  rate: number | null;
  more_than_before: boolean;
};

/**
 * The period asked for, or the last 30 days up to today when the query leaves ends out (422 when
 * an end left out makes it run backwards or past 366 days).
 */
export function funnelPeriod(scope: ScopedLanding[], now: Date, from?: string, to?: string) {
  const end = to ?? latestToday(scope, now);
  const start = from ?? addDays(end, -(DEFAULT_FUNNEL_DAYS - 1));
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
  if (days < 1 || days > MAX_FUNNEL_DAYS) throw ValidationError.field(to ? "from" : "to", "invalid");
  return { from: start, to: end };
}

/**
 * A share in %, one decimal, or null when the step before had nobody or fewer than this one: page
 * views are not visitors (a link leads straight to a vehicle, the back button is not counted, one
 * review page may end in two bookings), so "200 % of the step before" would say nothing true.
 */
const rate = (count: number, before: number) =>
  before === 0 || count > before ? null : Math.round((count * 1000) / before) / 10;

/**
 * Visits and conversion over a period (days of each landing's calendar, both ends included): the
 * views of home, list, vehicle and review pages, and the bookings made on the public site (the
 * reservations created in the period, whatever became of them since). Each step's rate is against
 * the step before; `overall` is bookings against home views (null when there are more bookings).
 */
export async function loadFunnel(db: Database, scope: ScopedLanding[], period: { from: string; to: string }) {
  const views: Record<FunnelPage, number> = { home: 0, list: 0, vehicle: 0, review: 0, booked: 0 };
  let bookings = 0;
  if (scope.length > 0) {
    const ids = sql.join(
      scope.map((landing) => sql`${landing.id}::int`),
      sql`, `,
    );
    const counted = await rowsOf<{ page: FunnelPage; views: number }>(
      db,
      sql`select page, sum(views)::int as views from page_views
        where landing_id in (${ids}) and day >= ${period.from} and day <= ${period.to}
        group by page`,
    );
    for (const row of counted) if (row.page in views) views[row.page] = Number(row.views);
    // A day of slack either side bounds the scan; the exact days are each landing's local dates.
    const since = new Date(Date.parse(period.from) - DAY_MS);
    const until = new Date(Date.parse(period.to) + 2 * DAY_MS);
    const [made] = await rowsOf<{ bookings: number }>(
      db,
      sql`select count(*)::int as bookings
        from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
        where r.source = 'public'
          and r.created_at >= ${since.toISOString()}::timestamptz and r.created_at < ${until.toISOString()}::timestamptz
          and to_char(r.created_at at time zone s.time_zone, 'YYYY-MM-DD') between ${period.from} and ${period.to}`,
    );
    bookings = Number(made?.bookings ?? 0);
  }
  const counts = [views.home, views.list, views.vehicle, views.review, bookings];
  const steps: FunnelStep[] = FUNNEL_STEPS.map((step, index) => ({
    step,
    count: counts[index] ?? 0,
    rate: index === 0 ? null : rate(counts[index] ?? 0, counts[index - 1] ?? 0),
    more_than_before: index > 0 && (counts[index] ?? 0) > (counts[index - 1] ?? 0),
  }));
  return {
    from: period.from,
    to: period.to,
    steps,
    overall: rate(bookings, views.home),
    /** Views of the confirmation page: what the visitors saw, beside what was booked. */
    confirmation_views: views.booked,
  };
}
