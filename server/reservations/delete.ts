import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { onLandingOwnedBy } from "../db/owner-scope";
import { reservations } from "../db/schema";
import { HttpError } from "../http/errors";

/** The owner deletes one of their reservations for good (its add-on lines and history go with it). */
export async function deleteReservation(db: Database, ownerId: number, reservationId: number) {
  const deleted = await db
    .delete(reservations)
    .where(and(eq(reservations.id, reservationId), onLandingOwnedBy(reservations.landingId, ownerId)))
    .returning({ id: reservations.id });
  if (deleted.length === 0) throw new HttpError(404, "reservationNotFound");
}
