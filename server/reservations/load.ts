import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { landings, reservationAddons, reservations } from "../db/schema";
import type { ReservationWithAddons } from "./presenter";

/** One reservation with its add-on lines and landing, as the presenter wants it. */
export async function loadReservation(db: Database, reservationId: number): Promise<ReservationWithAddons | null> {
  const [row] = await db
    .select({ reservation: reservations, landing: { id: landings.id, name: landings.name } })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(eq(reservations.id, reservationId))
    .limit(1);
  if (!row) return null;
  const addons = await db
    .select()
    .from(reservationAddons)
    .where(eq(reservationAddons.reservationId, reservationId))
    .orderBy(asc(reservationAddons.id));
  return { ...row, addons };
}
