import { and, type Column, eq, inArray, isNotNull, isNull, type Placeholder, type SQL } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { landings, vehicles } from "./schema";

/**
 * The tenant scope, written once. Every owner query, read or write, puts the owner's condition in
 * its own WHERE: the statement that reads or writes the rows is the one that checks them, so no
 * separate check can pass a moment before another query reaches a row by its id alone. Anything
 * outside the scope matches no row, and the caller answers 404, as if it did not exist.
 *
 * A landing is the owner's by its `owner_id`; every other owner row hangs off a landing
 * (vehicles, locations, place hours, reservations) or off a vehicle (photos, blocks), and is the
 * owner's when that landing is. A landing in the trash is out of the owner's working scope (its
 * vehicles and bookings with it) unless a query says otherwise: the trash list, restoring, purging.
 */

/** Which of the owner's landings count: the working ones (the default), those in the trash, or both. */
export type Trash = "excluded" | "only" | "included";

/** Builds the subqueries below without a connection: they become part of the caller's own statement. */
const query = new QueryBuilder();

/**
 * The condition on `landings` itself: the owner's landings, out of the trash unless `trash` says
 * otherwise. `ownerId` may be a placeholder, in a statement built once (`prepared.ts`).
 */
export function ownedBy(ownerId: number | Placeholder, trash: Trash = "excluded"): SQL {
  const inTrash = { excluded: isNull(landings.deletedAt), only: isNotNull(landings.deletedAt), included: undefined };
  return and(eq(landings.ownerId, ownerId), inTrash[trash]) as SQL;
}

/**
 * The condition on a row that hangs off a landing (its `landingId` column): one of the owner's
 * working landings (or, as `trash` says, of those in the trash: purging one reads its rows).
 */
export const onLandingOwnedBy = (landingId: Column, ownerId: number, trash: Trash = "excluded"): SQL =>
  inArray(landingId, query.select({ id: landings.id }).from(landings).where(ownedBy(ownerId, trash)));

/** The condition on a row that hangs off a vehicle (its `vehicleId` column): a vehicle of one of the owner's working landings. */
export const onVehicleOwnedBy = (vehicleId: Column, ownerId: number): SQL =>
  inArray(
    vehicleId,
    query.select({ id: vehicles.id }).from(vehicles).where(onLandingOwnedBy(vehicles.landingId, ownerId)),
  );
