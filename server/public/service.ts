import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { landings, vehicles } from "../db/schema";
import { HttpError } from "../http/errors";
import { findVehicleWhere } from "../vehicles/service";

/** Public reads see published, untrashed landings only; anything else is a plain 404. */
export async function findPublishedLanding(db: Database, name: string) {
  const [landing] = await db
    .select()
    .from(landings)
    .where(and(eq(landings.name, name), eq(landings.status, "published"), isNull(landings.deletedAt)))
    .limit(1);
  if (!landing) throw new HttpError(404, "landingNotFound");
  return landing;
}

export async function findPublicVehicle(db: Database, vehicleId: number, landingName?: string) {
  const found = await findVehicleWhere(
    db,
    and(
      eq(vehicles.id, vehicleId),
      eq(landings.status, "published"),
      isNull(landings.deletedAt),
      landingName === undefined ? undefined : eq(landings.name, landingName),
    ),
  );
  if (!found) throw new HttpError(404, "vehicleNotFound");
  return found;
}
