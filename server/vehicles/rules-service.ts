import type { VehicleRules } from "@domain/rental-rules";
import { withOwnTranslations } from "@domain/translations";
import { and, eq, sql } from "drizzle-orm";
import { ownedBy } from "../db/owner-scope";
import { landings, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import type { VehicleWithRelations } from "./presenter";
import { findOwnedVehicle, ownedVehicle } from "./service";

/**
 * Saves a vehicle's seasons, deposit and overrides (issue 10) if it is still at the version the
 * form was loaded at. Rules share the vehicle's version with its fields: both forms show the same
 * vehicle, so a save in one makes the other reload before it can overwrite anything.
 */
export async function saveVehicleRules(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  input: VehicleRules & { version: number },
): Promise<VehicleWithRelations> {
  const { version, ...given } = input;
  // A season's name in the landing's own language is its name; only the other one is kept beside it.
  const [landing] = await deps.db
    .select({ defaultLanguage: landings.defaultLanguage })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)));
  const rules: VehicleRules = {
    ...given,
    seasons: given.seasons.map((season) => withOwnTranslations(season, landing?.defaultLanguage ?? "es")),
  };
  const updated = await deps.db
    .update(vehicles)
    .set({ rules, version: sql`${vehicles.version} + 1`, updatedAt: deps.clock.now() })
    .where(and(ownedVehicle(ownerId, vehicleId, landingId), eq(vehicles.version, version)))
    .returning({ id: vehicles.id });
  if (updated.length === 0) {
    // No row: either not the owner's vehicle (404, from the lookup) or someone saved first (409).
    await findOwnedVehicle(deps.db, ownerId, vehicleId, landingId);
    throw new HttpError(409, "staleWrite");
  }
  return findOwnedVehicle(deps.db, ownerId, vehicleId);
}
