import type { Database } from "../db/client";
import { reservations } from "../db/schema";
import { HttpError } from "../http/errors";
import { ownedReservation } from "./status";

/** The owner deletes one of their reservations for good (its add-on lines and history go with it). */
export async function deleteReservation(db: Database, ownerId: number, reservationId: number) {
  const deleted = await db
    .delete(reservations)
    .where(ownedReservation(db, ownerId, reservationId))
    .returning({ id: reservations.id });
  if (deleted.length === 0) throw new HttpError(404, "reservationNotFound");
}
