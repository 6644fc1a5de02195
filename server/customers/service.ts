import type { DriverInput } from "@domain/counter";
import {
  CUSTOMER_HISTORY_MAX,
  type Customer,
  type CustomerBooking,
  type CustomerLicence,
  type CustomerList,
  type CustomerSummary,
  type customerFlagSchema,
  type customerListQuerySchema,
  type customerNotesSchema,
  PHONE_KEY_DIGITS,
} from "@domain/customers";
import { toLocal } from "@domain/rental-time";
import type { ReservationStatus } from "@domain/reservations";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { customerContacts, customers, invoices, landings, rentalHandovers, reservations } from "../db/schema";
import { containing, containsFolded } from "../db/search";
import { HttpError } from "../http/errors";
import { type CustomerFigures, figuresFor, figuresOf, spentCents } from "./figures";

/**
 * The owner's customers (issue 28.7) as the dashboard reads and edits them. Every query names the
 * owner in its own WHERE (`customers.owner_id`, `reservations.owner_id`): another owner's customer
 * is not found (404), as if it did not exist.
 */

type CustomerRow = typeof customers.$inferSelect;
type ListQuery = z.output<typeof customerListQuerySchema>;

export const customerNotFound = () => new HttpError(404, "customerNotFound");

/** A position in the list: the last row's latest booking and id. */
type Cursor = { lastBookedAt: Date; id: number };

const encodeCursor = ({ lastBookedAt, id }: Cursor) =>
  Buffer.from(JSON.stringify([lastBookedAt.toISOString(), id])).toString("base64url");

/** A cursor the list gave, or null for anything else (a page from the start, never an error). */
function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [iso, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as [unknown, unknown];
    const lastBookedAt = new Date(String(iso));
    if (Number.isNaN(lastBookedAt.getTime()) || !Number.isSafeInteger(id)) return null;
    return { lastBookedAt, id: id as number };
  } catch {
    return null;
  }
}

/**
 * The search: the customer's name, email or phone as last booked, or any email or phone they ever
 * booked with (a phone by its digits, however it is typed).
 */
function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/\D/g, "").slice(-PHONE_KEY_DIGITS);
  const phoneLike = /^[0-9+()\-.\s]+$/.test(q) && digits.length >= 3;
  return sql`(${containsFolded(customers.name, q)} or ${containsFolded(customers.email, q)} or ${containsFolded(
    customers.phone,
    q,
  )} or exists (select 1 from ${customerContacts} where ${customerContacts.customerId} = ${customers.id} and (${containsFolded(
    customerContacts.value,
    q.toLowerCase(),
  )}${phoneLike ? sql` or ${customerContacts.value} like ${containing(digits)}` : sql``})))`;
}

function summaryOf(row: CustomerRow, figures: CustomerFigures): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    erased: row.erasedAt !== null,
    do_not_rent: row.doNotRent,
    bookings: figures.bookings,
    spent: figures.spent,
    last_booking_at: figures.lastBookingAt?.toISOString() ?? null,
    last_booking_on: figures.lastBookingOn,
  };
}

/** A page of the owner's customers, latest booking first, with the search; keyset pages. */
export async function listCustomers(db: Database, ownerId: number, query: ListQuery): Promise<CustomerList> {
  const cursor = decodeCursor(query.cursor);
  const after = cursor
    ? sql`(${customers.lastBookedAt}, ${customers.id}) < (${cursor.lastBookedAt.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;
  const [rows, [all]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.ownerId, ownerId),
          searchOf(query.q),
          query.flagged === undefined ? undefined : eq(customers.doNotRent, query.flagged === "true"),
          after,
        ),
      )
      .orderBy(desc(customers.lastBookedAt), desc(customers.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(customers).where(eq(customers.ownerId, ownerId)),
  ]);
  const page = rows.slice(0, query.limit);
  const figures = await figuresOf(
    db,
    ownerId,
    page.map((row) => row.id),
  );
  const last = page[page.length - 1];
  return {
    customers: page.map((row) => summaryOf(row, figuresFor(figures, row.id))),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    total: all?.total ?? 0,
  };
}

/** One of the owner's customers, or 404. */
export async function findCustomer(db: Database, ownerId: number, customerId: number): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.ownerId, ownerId)));
  if (!row) throw customerNotFound();
  return row;
}

/** Their bookings on the owner's working landings, newest first, at most CUSTOMER_HISTORY_MAX. */
async function historyOf(db: Database, ownerId: number, customerId: number): Promise<CustomerBooking[]> {
  const rows = await db
    .select({
      reservation: {
        id: reservations.id,
        reference: reservations.reference,
        status: reservations.status,
        vehicleName: reservations.vehicleName,
        pickupDate: reservations.pickupDate,
        pickupTime: reservations.pickupTime,
        returnDate: reservations.returnDate,
        returnTime: reservations.returnTime,
        totalCents: reservations.totalCents,
        currency: reservations.currency,
        createdAt: reservations.createdAt,
      },
      landing: { id: landings.id, displayName: landings.displayName },
      spent: sql<number>`${spentCents}`.mapWith(Number),
    })
    .from(reservations)
    .innerJoin(landings, and(eq(landings.id, reservations.landingId), isNull(landings.deletedAt)))
    .leftJoin(invoices, eq(invoices.reservationId, reservations.id))
    .where(and(eq(reservations.ownerId, ownerId), eq(reservations.customerId, customerId)))
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(CUSTOMER_HISTORY_MAX);
  return rows.map(({ reservation: r, landing, spent }) => ({
    id: r.id,
    reference: r.reference,
    status: r.status as ReservationStatus,
    landing: { id: landing.id, display_name: landing.displayName },
    vehicle_name: r.vehicleName,
    date_of_departure: r.pickupDate,
    time_of_departure: r.pickupTime,
    date_of_arrival: r.returnDate,
    time_of_arrival: r.returnTime,
    total_cents: r.totalCents,
    spent_cents: spent,
    currency: r.currency,
    created_at: r.createdAt.toISOString(),
  }));
}

/** Every email and every phone on their bookings, as typed, the latest first. */
async function contactsOf(db: Database, ownerId: number, customerId: number) {
  const latest = [desc(sql`max(${reservations.createdAt})`), desc(sql`max(${reservations.id})`)];
  const where = and(eq(reservations.ownerId, ownerId), eq(reservations.customerId, customerId));
  const [emails, phones] = await Promise.all([
    db
      .select({ value: reservations.email })
      .from(reservations)
      .where(and(where, sql`${reservations.email} <> ''`))
      .groupBy(reservations.email)
      .orderBy(...latest),
    db
      .select({ value: reservations.phone })
      .from(reservations)
      .where(and(where, sql`${reservations.phone} <> ''`))
      .groupBy(reservations.phone)
      .orderBy(...latest),
  ]);
  return { emails: emails.map((row) => row.value), phones: phones.map((row) => row.value) };
}

/** The main driver of their latest check-out at the counter (issue 28): the licence on file. */
async function licenceOf(db: Database, ownerId: number, customerId: number): Promise<CustomerLicence | null> {
  const [row] = await db
    .select({
      drivers: rentalHandovers.drivers,
      at: rentalHandovers.at,
      timeZone: landings.timeZone,
      reservationId: reservations.id,
      reference: reservations.reference,
    })
    .from(rentalHandovers)
    .innerJoin(reservations, eq(reservations.id, rentalHandovers.reservationId))
    .innerJoin(landings, and(eq(landings.id, reservations.landingId), isNull(landings.deletedAt)))
    .where(
      and(
        eq(reservations.ownerId, ownerId),
        eq(reservations.customerId, customerId),
        eq(rentalHandovers.kind, "out"),
        sql`jsonb_array_length(coalesce(${rentalHandovers.drivers}, '[]'::jsonb)) > 0`,
      ),
    )
    .orderBy(desc(rentalHandovers.at), desc(rentalHandovers.id))
    .limit(1);
  const main: DriverInput | undefined = row?.drivers?.[0];
  if (!row || !main) return null;
  return {
    name: main.name,
    number: main.licence_number,
    country: main.licence_country,
    expiry: main.licence_expiry,
    recorded_at: row.at.toISOString(),
    recorded_on: toLocal(row.at, row.timeZone).date,
    reservation_id: row.reservationId,
    reference: row.reference,
  };
}

/** A customer's page: the record, their figures, contacts, licence on file and history. */
export async function customerDetail(db: Database, ownerId: number, customerId: number): Promise<Customer> {
  const row = await findCustomer(db, ownerId, customerId);
  const [figures, history, contacts, licence] = await Promise.all([
    figuresOf(db, ownerId, [row.id]),
    historyOf(db, ownerId, row.id),
    contactsOf(db, ownerId, row.id),
    licenceOf(db, ownerId, row.id),
  ]);
  const found = figuresFor(figures, row.id);
  return {
    ...summaryOf(row, found),
    ...contacts,
    notes: row.notes,
    do_not_rent_reason: row.doNotRentReason,
    do_not_rent_at: row.doNotRentAt?.toISOString() ?? null,
    erased_at: row.erasedAt?.toISOString() ?? null,
    first_booking_at: found.firstBookingAt?.toISOString() ?? null,
    first_booking_on: found.firstBookingOn,
    licence,
    history,
    version: row.version,
  };
}

/**
 * Why an owner's edit of a customer matched no row: not theirs (404), erased (409) or changed since
 * the page read it (409, the page offers to reload).
 */
async function refusalOf(db: Database, ownerId: number, customerId: number): Promise<HttpError> {
  const row = await findCustomer(db, ownerId, customerId);
  return row.erasedAt ? new HttpError(409, "customerErasedNoChanges") : new HttpError(409, "staleWrite");
}

/** One edit of a customer: at the version read, never of an erased one; the customer as it then is. */
async function editCustomer(
  db: Database,
  ownerId: number,
  customerId: number,
  version: number,
  changes: Partial<typeof customers.$inferInsert>,
  now: Date,
): Promise<CustomerRow> {
  const [updated] = await db
    .update(customers)
    .set({ ...changes, version: sql`${customers.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(customers.id, customerId),
        eq(customers.ownerId, ownerId),
        eq(customers.version, version),
        isNull(customers.erasedAt),
      ),
    )
    .returning();
  if (!updated) throw await refusalOf(db, ownerId, customerId);
  return updated;
}

/** The owner's notes about a customer. */
export async function saveNotes(
  db: Database,
  ownerId: number,
  customerId: number,
  input: z.output<typeof customerNotesSchema>,
  now: Date,
) {
  return editCustomer(db, ownerId, customerId, input.version, { notes: input.notes }, now);
}

/**
 * "Do not rent", set or lifted. Set, it refuses their next booking on any of the owner's landings
 * (server/customers/link.ts); the reason is the owner's, never shown to the customer. Lifted, the
 * reason goes with it.
 */
export async function setDoNotRent(
  db: Database,
  ownerId: number,
  customerId: number,
  input: z.output<typeof customerFlagSchema>,
  now: Date,
) {
  return editCustomer(
    db,
    ownerId,
    customerId,
    input.version,
    input.do_not_rent
      ? { doNotRent: true, doNotRentReason: input.reason, doNotRentAt: now }
      : { doNotRent: false, doNotRentReason: "", doNotRentAt: null },
    now,
  );
}
