import { peakOccupancy } from "@domain/availability";
import { blockTooManyUnitsKey, type VehicleBlock, type vehicleBlockInputSchema } from "@domain/rental-rules-schemas";
import { addDays, toInstant, toLocal } from "@domain/rental-time";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { onVehicleOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, vehicleBlocks, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { takenPeriods } from "../reservations";
import { findOwnedVehicle, ownedVehicle } from "./service";

type BlockRow = typeof vehicleBlocks.$inferSelect;

export const presentBlock = (block: BlockRow): VehicleBlock => ({
  id: block.id,
  id_vehicle: block.vehicleId,
  from: block.startsOn,
  to: block.endsOn,
  units: block.units,
  note: block.note,
});

/** The blocks of this vehicle, when it is the owner's (on a working landing). */
const blocksOf = (ownerId: number, vehicleId: number) =>
  and(eq(vehicleBlocks.vehicleId, vehicleId), onVehicleOwnedBy(vehicleBlocks.vehicleId, ownerId));

/** The vehicle's blocks, earliest first (404 when the vehicle is not the owner's on that landing). */
export async function listBlocks(db: Database, ownerId: number, landingId: number, vehicleId: number) {
  await findOwnedVehicle(db, ownerId, vehicleId, landingId);
  return db
    .select()
    .from(vehicleBlocks)
    .where(blocksOf(ownerId, vehicleId))
    .orderBy(asc(vehicleBlocks.startsOn), asc(vehicleBlocks.id));
}

/**
 * Takes `units` cars out for whole days: from the first date's 00:00 to the day after the last,
 * on the landing's wall clock, so availability compares it with bookings as real instants. The
 * vehicle's row is locked, as a booking locks it, so a block and a booking are decided one at a time.
 */
export async function addBlock(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  input: z.output<typeof vehicleBlockInputSchema>,
): Promise<BlockRow> {
  return deps.db.transaction(async (tx) => {
    const [vehicle] = await tx
      .select({ id: vehicles.id, units: vehicles.units })
      .from(vehicles)
      .where(ownedVehicle(ownerId, vehicleId, landingId))
      .for("update");
    if (!vehicle) throw new HttpError(404, "vehicleNotFound");
    if (input.units > vehicle.units) {
      throw ValidationError.field("units", blockTooManyUnitsKey(vehicle.units), { units: vehicle.units });
    }
    const [landing] = await tx
      .select({ timeZone: landings.timeZone })
      .from(landings)
      .where(and(eq(landings.id, landingId), ownedBy(ownerId)))
      .limit(1);
    // Stryker disable next-line ConditionalExpression: the vehicle just found is on this landing (the type allows none).
    if (!landing) throw new HttpError(404, "vehicleNotFound");
    // A block whose last day has passed on the landing's calendar would hold nothing (a walk's finding).
    if (input.to < toLocal(deps.clock.now(), landing.timeZone).date) throw ValidationError.field("to", "blockInPast");
    const startsAt = toInstant({ date: input.from, time: "00:00" }, landing.timeZone);
    const endsAt = toInstant({ date: addDays(input.to, 1), time: "00:00" }, landing.timeZone);
    // The schema only lets real dates through, so these are never null.
    // Stryker disable next-line ConditionalExpression,LogicalOperator: see above.
    if (!startsAt || !endsAt) throw ValidationError.field("from", "dateInvalid");
    // Bookings and other blocks already holding cars in those days leave fewer to block: together
    // they never take more than the vehicle's units out (the row lock keeps bookings waiting).
    const taken = await takenPeriods(tx, [vehicle.id], { from: startsAt, to: endsAt });
    // Stryker disable next-line ArrayDeclaration: a period without bounds (the mutant's string) is clipped away like none; the type allows neither.
    const held = peakOccupancy(taken.get(vehicle.id) ?? [], { start: startsAt.getTime(), end: endsAt.getTime() });
    if (held + input.units > vehicle.units) {
      const free = Math.max(0, vehicle.units - held);
      // "You can block only 0" said nothing useful: that no unit is left is said as such.
      if (free === 0) throw ValidationError.field("units", "blockNoUnitFree");
      throw ValidationError.field("units", "blockOverlapsBookings", { free });
    }
    const [block] = await tx
      .insert(vehicleBlocks)
      .values({
        vehicleId,
        units: input.units,
        startsOn: input.from,
        endsOn: input.to,
        startsAt,
        endsAt,
        note: input.note,
        createdAt: deps.clock.now(),
      })
      .returning();
    // Stryker disable next-line ConditionalExpression: an INSERT ... RETURNING answers its row (the type allows none).
    if (!block) throw new Error("insert returned no row");
    return block;
  });
}

/** Removes one block; a block of another vehicle, landing or owner is answered 404. */
export async function removeBlock(
  db: Database,
  ownerId: number,
  landingId: number,
  vehicleId: number,
  blockId: number,
) {
  await findOwnedVehicle(db, ownerId, vehicleId, landingId);
  const deleted = await db
    .delete(vehicleBlocks)
    .where(and(eq(vehicleBlocks.id, blockId), blocksOf(ownerId, vehicleId)))
    .returning({ id: vehicleBlocks.id });
  if (deleted.length === 0) throw new HttpError(404, "blockNotFound");
}
