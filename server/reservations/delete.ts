import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import { invoices, payments, reservations } from "../db/schema";
import { HttpError } from "../http/errors";

/**
 * The owner deletes one of their reservations for good (its add-on lines and history go with it).
 * One whose money moved (paid, held, refunded, a transfer received) is refused: its ledger is the
 * record of that money and a refund may still be retried from it, so it is cancelled instead. So
 * is one out on rent (the car is with its customer) or invoiced (invoice numbers have no gaps).
 */
export async function deleteReservation(db: Database, ownerId: number, reservationId: number) {
  const owned = and(eq(reservations.id, reservationId), onLandingOwnedBy(reservations.landingId, ownerId));
  const deleted = await db
    .delete(reservations)
    .where(
      and(
        owned,
        sql`${reservations.status} <> 'on_rent'`,
        sql`not exists (select 1 from ${payments} where ${payments.reservationId} = ${reservations.id})`,
        sql`not exists (select 1 from ${invoices} where ${invoices.reservationId} = ${reservations.id})`,
      ),
    )
    .returning({ id: reservations.id });
  if (deleted.length > 0) return;
  const [kept] = await db.select({ status: reservations.status }).from(reservations).where(owned);
  if (!kept) throw new HttpError(404, "reservationNotFound");
  if (kept.status === "on_rent") throw new HttpError(409, "reservationOnRent");
  const [invoiced] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.reservationId, reservationId), onLandingOwnedBy(invoices.landingId, ownerId)));
  throw new HttpError(409, invoiced ? "reservationInvoiced" : "reservationHasPayments");
}
