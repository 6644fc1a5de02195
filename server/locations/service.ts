import { findPair } from "@domain/place-pairs";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy } from "../db/owner-scope";
import { locations } from "../db/schema";
import { HttpError, ValidationError } from "../http/errors";
import { lockOwnedLanding, ownedLandingOr404 } from "../landings";

export type LocationRow = typeof locations.$inferSelect;

export const presentLocation = (location: LocationRow) => ({
  id: location.id,
  id_landing: location.landingId,
  place_of_departure: location.placeOfDeparture,
  arrival_place: location.arrivalPlace,
  one_way_fee_cents: location.oneWayFeeCents,
});

/** The locations of one of the owner's landings, in the order they were added (none outside the owner's scope). */
export function locationsOf(db: Database, ownerId: number, landingId: number) {
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.landingId, landingId), onLandingOwnedBy(locations.landingId, ownerId)))
    .orderBy(asc(locations.id));
}

export async function listLocations(db: Database, ownerId: number, landingId: number) {
  const found = await locationsOf(db, ownerId, landingId);
  if (found.length === 0) await ownedLandingOr404(db, ownerId, landingId);
  return found;
}

export async function addLocation(
  db: Database,
  ownerId: number,
  landingId: number,
  input: { place_of_departure: string; arrival_place: string },
) {
  return db.transaction(async (tx) => {
    await lockOwnedLanding(tx, ownerId, landingId);
    // The same trip twice would show its places twice in the owner's list and leave two one-way
    // fees for one trip; under the landing's lock, two tabs cannot both add it.
    const existing = await tx
      .select({ place_of_departure: locations.placeOfDeparture, arrival_place: locations.arrivalPlace })
      .from(locations)
      .where(eq(locations.landingId, landingId));
    if (findPair(existing, input.place_of_departure, input.arrival_place)) {
      throw ValidationError.field("arrival_place", "locationPairExists");
    }
    const [location] = await tx
      .insert(locations)
      .values({ landingId, placeOfDeparture: input.place_of_departure, arrivalPlace: input.arrival_place })
      .returning();
    // Stryker disable next-line ConditionalExpression: an INSERT ... RETURNING answers its row (the type allows none).
    if (!location) throw new Error("insert returned no row");
    return location;
  });
}

/**
 * Deletes one of the landing's locations. The last one of a published landing is kept (409): its
 * site could take no booking without it; the owner adds another first, or unpublishes.
 */
export async function removeLocation(db: Database, ownerId: number, landingId: number, locationId: number) {
  await db.transaction(async (tx) => {
    // Locked as publishing locks it, so two deletes cannot each leave the other the last.
    const landing = await lockOwnedLanding(tx, ownerId, landingId);
    const deleted = await tx
      .delete(locations)
      .where(
        and(
          eq(locations.id, locationId),
          eq(locations.landingId, landingId),
          onLandingOwnedBy(locations.landingId, ownerId),
        ),
      )
      .returning({ id: locations.id });
    if (deleted.length === 0) throw new HttpError(404, "locationNotFound");
    if (landing.status === "published" && (await tx.$count(locations, eq(locations.landingId, landingId))) === 0) {
      throw new HttpError(409, "lastLocationOfPublished");
    }
  });
}

/** Sets the pair's one-way fee, charged when a rental picks up at one of its places and returns at the other. */
export async function setOneWayFee(
  db: Database,
  ownerId: number,
  landingId: number,
  locationId: number,
  cents: number,
) {
  const [updated] = await db
    .update(locations)
    .set({ oneWayFeeCents: cents })
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.landingId, landingId),
        onLandingOwnedBy(locations.landingId, ownerId),
      ),
    )
    .returning();
  if (updated) return updated;
  await ownedLandingOr404(db, ownerId, landingId);
  throw new HttpError(404, "locationNotFound");
}
