import { addDays, toLocal } from "@domain/rental-time";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { ownedBy } from "../db/owner-scope";
import { landings } from "../db/schema";
import { HttpError } from "../http/errors";

/** A landing the figures cover, with its own calendar: every landing counts days in its time zone. */
export type ScopedLanding = {
  id: number;
  name: string;
  displayName: string;
  currency: string;
  timeZone: string;
  /** Today and tomorrow on the landing's wall clock, yyyy-mm-dd. */
  today: string;
  tomorrow: string;
  /** This calendar month ("2026-11"), its first day, the first day of the next one, and its length. */
  month: string;
  monthStart: string;
  nextMonthStart: string;
  daysInMonth: number;
};

/** "2026-11" moved by whole months ("2026-01" - 1 = "2025-12"). */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split("-").map(Number);
  const moved = new Date(Date.UTC(year ?? 2000, (number ?? 1) - 1 + months, 1));
  return moved.toISOString().slice(0, 7);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

export function calendarOf(now: Date, timeZone: string) {
  const today = toLocal(now, timeZone).date;
  const month = today.slice(0, 7);
  const monthStart = `${month}-01`;
  const nextMonthStart = `${addMonths(month, 1)}-01`;
  return {
    today,
    tomorrow: addDays(today, 1),
    month,
    monthStart,
    nextMonthStart,
    daysInMonth: daysBetween(monthStart, nextMonthStart),
  };
}

/**
 * The owner's landings the figures cover (not the trashed ones): one when `landingId` is given,
 * else all of them. Another owner's landing, or a trashed one, is a 404 as if it did not exist.
 */
export async function scopeOf(db: Database, ownerId: number, now: Date, landingId?: number): Promise<ScopedLanding[]> {
  const rows = await db
    .select({
      id: landings.id,
      name: landings.name,
      displayName: landings.displayName,
      currency: landings.currency,
      timeZone: landings.timeZone,
    })
    .from(landings)
    .where(and(ownedBy(ownerId), landingId === undefined ? undefined : eq(landings.id, landingId)))
    .orderBy(asc(landings.displayName), asc(landings.id));
  if (landingId !== undefined && rows.length === 0) throw new HttpError(404, "landingNotFound");
  return rows.map((row) => ({ ...row, ...calendarOf(now, row.timeZone) }));
}

/** The latest "today" among the landings (zones differ by hours): where shared axes end. */
export const latestToday = (scope: ScopedLanding[], now: Date) =>
  scope.length === 0
    ? now.toISOString().slice(0, 10)
    : scope.reduce((latest, landing) => (landing.today > latest ? landing.today : latest), "");

/**
 * The scope as an inline table `s` for SQL, one row per landing with its calendar, so one query
 * can compare each reservation with its own landing's days.
 */
export function scopeTable(scope: ScopedLanding[]): SQL {
  const rows = scope.map(
    (landing) =>
      sql`(${landing.id}::int, ${landing.timeZone}::text, ${landing.today}::text, ${landing.tomorrow}::text, ${landing.monthStart}::text, ${landing.nextMonthStart}::text, ${`${addMonths(landing.month, -1)}-01`}::text, ${`${addMonths(landing.month, -11)}-01`}::text, ${landing.daysInMonth}::int)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as s (landing_id, time_zone, today, tomorrow, month_start, next_month_start, last_month_start, year_start, days_in_month)`;
}

/**
 * What a booking `r` came to, as Clientes counts it (server/customers/figures.ts): its invoice's
 * total once it was checked in at the counter (the booking plus the return's charges and their
 * tax), else its own total. Read beside `withInvoice`.
 */
export const rentalCents = sql.raw("coalesce(i.total_cents, r.total_cents)");
export const withInvoice = sql.raw("left join invoices i on i.reservation_id = r.id");
