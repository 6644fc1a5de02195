import { depositTaken } from "@domain/counter";
import type { LedgerMovement } from "@domain/payments";
import type { reservationListQuerySchema } from "@domain/reservations";
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { ownedBy } from "../db/owner-scope";
import { isConstant } from "../db/partial-index";
import {
  invoices,
  landings,
  payments,
  rentalHandovers,
  reservationAddons,
  reservationSearchText,
  reservations,
} from "../db/schema";
import { containsFolded } from "../db/search";
import { HttpError } from "../http/errors";
import { bookingCounts, ownedLandingOr404 } from "../landings";
import type { ReservationWithAddons } from "./presenter";

/**
 * The owner's reservations as lists: a page of them with filters, one landing's for its CSV, and
 * the counts the dashboard shows. Reads only; moving or changing one is status.ts and changes.ts.
 */

type ListQuery = z.output<typeof reservationListQuerySchema>;

/** A position in the newest-first list: the last row's creation time and id. */
type Cursor = { createdAt: Date; id: number };

export function encodeCursor({ createdAt, id }: Cursor): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString("base64url");
}

function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [iso, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as [string, number];
    const createdAt = new Date(iso);
    if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

function filters(ownerId: number, query: Omit<ListQuery, "cursor" | "limit">, landingId?: number): SQL | undefined {
  return and(
    // The tenant check is the reservation's own owner column (its landing's owner, copied): with
    // the landing's owner in the condition too, PostgreSQL reads every reservation of every landing
    // of the owner before sorting (measured: 70 ms instead of 0.4 ms at 50,000 reservations).
    eq(reservations.ownerId, ownerId),
    isNull(landings.deletedAt),
    landingId === undefined ? undefined : eq(reservations.landingId, landingId),
    query.status ? eq(reservations.status, query.status) : undefined,
    query.from ? gte(reservations.pickupDate, query.from) : undefined,
    query.to ? lte(reservations.pickupDate, query.to) : undefined,
    // The very expression of the trigram index, or the index is not used.
    query.q ? containsFolded(reservationSearchText(reservations), searchedText(query.q)) : undefined,
  );
}

/** Written only with what a phone number is written with: "809-555-4004", "+1 (809) 555 0104". */
const TYPED_AS_PHONE = /^[\d\s().+-]+$/;

/**
 * What a search looks for: a phone number by its digits (the search text holds each phone's digits
 * too, so the way it was typed then and now does not matter), anything else as typed.
 */
function searchedText(q: string): string {
  const digits = q.replace(/\D/g, "");
  return TYPED_AS_PHONE.test(q) && digits.length >= 4 ? digits : q;
}

/** A money movement's columns, as `LedgerMovement` (domain/payments.ts) reads them. */
export const ledgerColumns = {
  id: payments.id,
  kind: payments.kind,
  status: payments.status,
  amountCents: payments.amountCents,
  method: payments.method,
  note: payments.note,
  reason: payments.reason,
  createdAt: payments.createdAt,
  expiresAt: payments.expiresAt,
  nextAttemptAt: payments.nextAttemptAt,
  voidedAt: payments.voidedAt,
  completedAt: payments.completedAt,
};

/**
 * Reservations with their add-on lines, their money's movements (issue 27), the return's charges
 * accepted (issue 28.4) and the deposit taken at the counter: four queries for any number of them.
 */
export async function withLines(
  db: Database,
  rows: Omit<
    ReservationWithAddons,
    "addons" | "payments" | "chargesCents" | "chargesAwaitingCents" | "counterDeposit"
  >[],
): Promise<ReservationWithAddons[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.reservation.id);
  const [lines, movements, accepted, checkOuts] = await Promise.all([
    db
      .select()
      .from(reservationAddons)
      .where(inArray(reservationAddons.reservationId, ids))
      .orderBy(asc(reservationAddons.id)),
    db
      .select({ reservationId: payments.reservationId, ...ledgerColumns })
      .from(payments)
      .where(inArray(payments.reservationId, ids))
      .orderBy(asc(payments.id)),
    // The return's charges as invoiced (with their tax): owed once the customer accepted them, and
    // until then said beside what is owed (`chargesAwaiting`).
    db
      .select({
        reservationId: invoices.reservationId,
        cents: sql<number>`${invoices.chargesCents} + ${invoices.chargesTaxCents}`.mapWith(Number),
        accepted: sql<boolean>`${rentalHandovers.chargesAcceptedAt} is not null`.mapWith(Boolean),
      })
      .from(invoices)
      .innerJoin(
        rentalHandovers,
        and(eq(rentalHandovers.reservationId, invoices.reservationId), eq(rentalHandovers.kind, "in")),
      )
      .where(inArray(invoices.reservationId, ids)),
    db
      .select({
        reservationId: rentalHandovers.reservationId,
        depositCents: rentalHandovers.depositCents,
        depositMethod: rentalHandovers.depositMethod,
      })
      .from(rentalHandovers)
      .where(and(inArray(rentalHandovers.reservationId, ids), eq(rentalHandovers.kind, "out"))),
  ]);
  // Looked up by reservation, not searched per row: an export's page of a few hundred bookings with
  // their lines and payments stays linear.
  const linesOf = byReservation(lines);
  const movementsOf = byReservation(movements);
  const chargesOf = new Map(accepted.map((charges) => [charges.reservationId, charges]));
  const checkOutOf = new Map(checkOuts.map((out) => [out.reservationId, out]));
  return rows.map((row) => {
    const charges = chargesOf.get(row.reservation.id);
    return {
      ...row,
      addons: linesOf.get(row.reservation.id) ?? [],
      payments: (movementsOf.get(row.reservation.id) ?? []).map(
        ({ reservationId: _, ...movement }) => movement as LedgerMovement,
      ),
      chargesCents: charges?.accepted ? charges.cents : 0,
      chargesAwaitingCents: charges && !charges.accepted ? charges.cents : 0,
      counterDeposit: depositTaken(checkOutOf.get(row.reservation.id)),
    };
  });
}

/** Rows by their reservation, in the order read. */
function byReservation<Row extends { reservationId: number }>(rows: Row[]): Map<number, Row[]> {
  const grouped = new Map<number, Row[]>();
  for (const row of rows) {
    const group = grouped.get(row.reservationId);
    if (group) group.push(row);
    else grouped.set(row.reservationId, [row]);
  }
  return grouped;
}

/**
 * A page of the owner's reservations, newest first, with filters; `landingId` narrows to one
 * landing (404 when it is not the owner's). Keyset pagination: a page costs the same at 5 or
 * 50,000 reservations.
 */
export async function listReservations(db: Database, ownerId: number, query: ListQuery, landingId?: number) {
  const { items, next } = await pageAfter(db, ownerId, query, landingId, decodeCursor(query.cursor), query.limit);
  // Nothing found on one landing: an empty page of the owner's landing, or a landing not theirs (404).
  if (landingId !== undefined && items.length === 0) await ownedLandingOr404(db, ownerId, landingId);
  return { items, nextCursor: next && encodeCursor(next) };
}

/** Up to `limit` reservations after `after` (none: the newest), and the position of the next page if any. */
async function pageAfter(
  db: Database,
  ownerId: number,
  query: Omit<ListQuery, "cursor" | "limit">,
  landingId: number | undefined,
  after: Cursor | null,
  limit: number,
): Promise<{ items: ReservationWithAddons[]; next: Cursor | null }> {
  // A row comparison, which the index on (owner, created_at, id) answers as one range.
  const afterCursor = after
    ? sql`(${reservations.createdAt}, ${reservations.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
    : undefined;
  const rows = await db
    .select({
      reservation: reservations,
      landing: { id: landings.id, name: landings.name, displayName: landings.displayName, logo: landings.logo },
    })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(filters(ownerId, query, landingId), afterCursor))
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: await withLines(db, page), next: rows.length > limit && last ? last.reservation : null };
}

/**
 * Bookings per read of an export: each page is read, written out and sent before the next is read,
 * so a landing's whole history never sits in memory, and the server answers other requests between
 * pages (10,000 bookings in one read held its only thread for most of a second).
 */
export const EXPORT_PAGE_SIZE = 250;

/**
 * One landing's reservations for its CSV, all of them, in pages (`EXPORT_PAGE_SIZE`), with the
 * landing's time zone (the clock of its times). The landing is checked first (404), before any page.
 */
export async function reservationsForExport(
  db: Database,
  ownerId: number,
  landingId: number,
  query: Omit<ListQuery, "cursor" | "limit">,
) {
  const [landing] = await db
    .select({ timeZone: landings.timeZone })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)));
  if (!landing) throw new HttpError(404, "landingNotFound");
  async function* pages(): AsyncGenerator<ReservationWithAddons[]> {
    let after: Cursor | null = null;
    do {
      const page = await pageAfter(db, ownerId, query, landingId, after, EXPORT_PAGE_SIZE);
      yield page.items;
      after = page.next;
    } while (after);
  }
  return { pages: pages(), timeZone: landing.timeZone };
}

/**
 * How many of the owner's reservations wait for an answer, and how many there are: the menu's badge,
 * asked by every open dashboard every minute. The pending ones are counted from their own index
 * (a few, whatever the history), the rest are the landings' counts as `bookingCounts` keeps them; a
 * count of every booking by status read the owner's whole history each time (26 ms at 50,000).
 */
export async function reservationCounts(db: Database, ownerId: number, now: Date) {
  const owned = await db
    .select({
      id: landings.id,
      pending: db.$count(
        reservations,
        and(eq(reservations.landingId, landings.id), isConstant(reservations.status, "pending")),
      ),
    })
    .from(landings)
    .where(ownedBy(ownerId));
  const counts = await bookingCounts(
    db,
    ownerId,
    owned.map((landing) => landing.id),
    now,
  );
  return {
    pending: owned.reduce((sum, landing) => sum + landing.pending, 0),
    total: owned.reduce((sum, landing) => sum + (counts.get(landing.id)?.reservations ?? 0), 0),
  };
}
