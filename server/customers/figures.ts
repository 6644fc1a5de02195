import { type MoneyByCurrency, SPENT_STATUSES } from "@domain/customers";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { invoices, landings, reservations } from "../db/schema";

/**
 * A customer's bookings in figures: how many, what they spent per currency, the first and the
 * latest, each as an instant and as the day it was on its landing's calendar (the day a booking's
 * own detail says it was made on, whatever the browser's clock).
 */
export type CustomerFigures = {
  bookings: number;
  spent: MoneyByCurrency;
  firstBookingAt: Date | null;
  lastBookingAt: Date | null;
  firstBookingOn: string | null;
  lastBookingOn: string | null;
};

const NONE: CustomerFigures = {
  bookings: 0,
  spent: [],
  firstBookingAt: null,
  lastBookingAt: null,
  firstBookingOn: null,
  lastBookingOn: null,
};

const landingDay = sql<string>`to_char(${reservations.createdAt} at time zone ${landings.timeZone}, 'YYYY-MM-DD')`;

/**
 * What a rental came to, for a booking that counts as spent (domain/customers.ts `SPENT_STATUSES`):
 * its invoice's total when it was checked in at the counter (the booking plus the return's charges
 * and their tax), else the booking's own total; 0 for a booking that does not count.
 */
export const spentCents = sql<number>`case when ${inArray(reservations.status, [...SPENT_STATUSES])} then coalesce(${invoices.totalCents}, ${reservations.totalCents}) else 0 end`;

/**
 * The figures of some of the owner's customers, from their bookings on the owner's working
 * landings (a landing in the trash takes its bookings out of every list, these figures too, until
 * it is restored). One query for any number of customers; money is summed per currency only, and
 * only the currencies they spent in are given (a customer who spent nothing yet: 0 in one of theirs).
 */
export async function figuresOf(
  db: Database,
  ownerId: number,
  customerIds: number[],
): Promise<Map<number, CustomerFigures>> {
  const figures = new Map<number, CustomerFigures>();
  if (customerIds.length === 0) return figures;
  const rows = await db
    .select({
      customerId: reservations.customerId,
      currency: reservations.currency,
      bookings: count(),
      spent: sql<number>`coalesce(sum(${spentCents}), 0)::bigint`.mapWith(Number),
      first: sql<Date>`min(${reservations.createdAt})`.mapWith(reservations.createdAt),
      last: sql<Date>`max(${reservations.createdAt})`.mapWith(reservations.createdAt),
      firstDay: sql<string>`min(${landingDay})`,
      lastDay: sql<string>`max(${landingDay})`,
    })
    .from(reservations)
    .innerJoin(landings, and(eq(landings.id, reservations.landingId), isNull(landings.deletedAt)))
    .leftJoin(invoices, eq(invoices.reservationId, reservations.id))
    .where(and(eq(reservations.ownerId, ownerId), inArray(reservations.customerId, customerIds)))
    .groupBy(reservations.customerId, reservations.currency)
    .orderBy(reservations.currency);
  for (const row of rows) {
    if (row.customerId === null) continue;
    const known = figures.get(row.customerId) ?? { ...NONE, spent: [] };
    known.bookings += row.bookings;
    known.spent.push({ currency: row.currency, cents: row.spent });
    if (!known.firstBookingAt || row.first < known.firstBookingAt) known.firstBookingAt = row.first;
    if (!known.lastBookingAt || row.last > known.lastBookingAt) known.lastBookingAt = row.last;
    if (!known.firstBookingOn || row.firstDay < known.firstBookingOn) known.firstBookingOn = row.firstDay;
    if (!known.lastBookingOn || row.lastDay > known.lastBookingOn) known.lastBookingOn = row.lastDay;
    figures.set(row.customerId, known);
  }
  // A currency they only have bookings to come in says nothing spent; nothing spent at all says 0
  // in the currency of their bookings.
  for (const known of figures.values()) {
    const spent = known.spent.filter((amount) => amount.cents !== 0);
    known.spent = spent.length > 0 ? spent : known.spent.slice(0, 1);
  }
  return figures;
}

export const figuresFor = (figures: Map<number, CustomerFigures>, customerId: number) =>
  figures.get(customerId) ?? NONE;
