import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { onLandingOwnedBy } from "../db/owner-scope";
import { payments, reservations } from "../db/schema";
import { HttpError } from "../http/errors";

/**
 * The owner deletes one of their reservations for good (its add-on lines and history go with it).
 * One whose money moved (paid, held, refunded, a transfer received) is refused: its ledger is the
 * record of that money and a refund may still be retried from it, so it is cancelled instead.
 */
export async function deleteReservation(db: Database, ownerId: number, reservationId: number) {
  const owned = and(eq(reservations.id, reservationId), onLandingOwnedBy(reservations.landingId, ownerId));
  const deleted = await db
    .delete(reservations)
    .where(and(owned, sql`not exists (select 1 from ${payments} where ${payments.reservationId} = ${reservations.id})`))
    .returning({ id: reservations.id });
  if (deleted.length > 0) return;
  const [kept] = await db.select({ id: reservations.id }).from(reservations).where(owned);
  throw kept ? new HttpError(409, "reservationHasPayments") : new HttpError(404, "reservationNotFound");
}
