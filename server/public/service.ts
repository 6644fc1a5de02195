import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/database";
import { landings, vehicles } from "../db/schema";
import { HttpError } from "../http/errors";
import { LandingCache } from "../landings";
import { findVehicleWhere, withRelations } from "../vehicles";

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

/** A landing's vehicles in the owner's order, with photos and special features, in three queries. */
async function loadPublicVehicles(db: Database, landingId: number) {
  const rows = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.landingId, landingId))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
  return withRelations(db, rows);
}

/** Each landing's fleet with photos and features, kept while the landing's content version stands. */
const fleets = new LandingCache<Awaited<ReturnType<typeof loadPublicVehicles>>>();

export async function publicVehiclesOf(db: Database, landing: { id: number; contentVersion: number }) {
  const kept = fleets.get(db, landing.id, landing.contentVersion);
  if (kept) return kept;
  const fleet = await loadPublicVehicles(db, landing.id);
  fleets.set(db, landing.id, landing.contentVersion, fleet);
  return fleet;
}

/**
 * The landing's vehicle of that id with its photos as kept for this content version, without
 * reading anything: what a booking on the site is checked against (`keptBookingVehicle`).
 * Undefined when the fleet of that version is not kept, or has no such vehicle.
 */
export function keptPublicVehicle(db: Database, landing: { id: number; contentVersion: number }, vehicleId: number) {
  return fleets.get(db, landing.id, landing.contentVersion)?.find(({ vehicle }) => vehicle.id === vehicleId);
}
