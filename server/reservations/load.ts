import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { landings, reservations } from "../db/schema";
import { withLines } from "./list";
import type { ReservationWithAddons } from "./presenter";

/** One reservation with its add-on lines, its payments and landing, as the presenter wants it. */
export async function loadReservation(db: Database, reservationId: number): Promise<ReservationWithAddons | null> {
  const [row] = await db
    .select({ reservation: reservations, landing: { id: landings.id, name: landings.name } })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(eq(reservations.id, reservationId))
    .limit(1);
  if (!row) return null;
  const [found] = await withLines(db, [row]);
  return found ?? null;
}
