import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { locations } from "../db/schema";
import { HttpError } from "../http/errors";
import { assertOwnedLanding, lockOwnedLanding, ownedLandingIds } from "../landings/service";

export type LocationRow = typeof locations.$inferSelect;

export const presentLocation = (location: LocationRow) => ({
  id: location.id,
  id_landing: location.landingId,
  place_of_departure: location.placeOfDeparture,
  arrival_place: location.arrivalPlace,
  one_way_fee_cents: location.oneWayFeeCents,
});

export function locationsOf(db: Database, landingId: number) {
  return db.select().from(locations).where(eq(locations.landingId, landingId)).orderBy(asc(locations.id));
}

export async function listLocations(db: Database, ownerId: number, landingId: number) {
  await assertOwnedLanding(db, ownerId, landingId);
  return locationsOf(db, landingId);
}

export async function addLocation(
  db: Database,
  ownerId: number,
  landingId: number,
  input: { place_of_departure: string; arrival_place: string },
) {
  return db.transaction(async (tx) => {
    await lockOwnedLanding(tx, ownerId, landingId);
    const [location] = await tx
      .insert(locations)
      .values({ landingId, placeOfDeparture: input.place_of_departure, arrivalPlace: input.arrival_place })
      .returning();
    // Stryker disable next-line ConditionalExpression: an INSERT ... RETURNING answers its row (the type allows none).
    if (!location) throw new Error("insert returned no row");
    return location;
  });
}

export async function removeLocation(db: Database, ownerId: number, landingId: number, locationId: number) {
  await assertOwnedLanding(db, ownerId, landingId);
  const deleted = await db
    .delete(locations)
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.landingId, landingId),
        inArray(locations.landingId, ownedLandingIds(db, ownerId)),
      ),
    )
    .returning({ id: locations.id });
  if (deleted.length === 0) throw new HttpError(404, "locationNotFound");
}

/** Sets the pair's one-way fee, charged when a rental picks up at one of its places and returns at the other. */
export async function setOneWayFee(
  db: Database,
  ownerId: number,
  landingId: number,
  locationId: number,
  cents: number,
) {
  await assertOwnedLanding(db, ownerId, landingId);
  const [updated] = await db
    .update(locations)
    .set({ oneWayFeeCents: cents })
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.landingId, landingId),
        inArray(locations.landingId, ownedLandingIds(db, ownerId)),
      ),
    )
    .returning();
  if (!updated) throw new HttpError(404, "locationNotFound");
  return updated;
}
