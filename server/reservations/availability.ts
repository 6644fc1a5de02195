import { and, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { isAvailable, type Period } from "../../domain/availability";
import { ACTIVE_STATUSES } from "../../domain/reservations";
import type { Database } from "../db/client";
import { reservations, vehicleBlocks, vehicles } from "../db/schema";

/**
 * The active bookings and the blocks (units out for maintenance) of these vehicles that reach
 * into [from, to), as periods per vehicle; a block holds its `units`.
 */
export async function takenPeriods(
  db: Database,
  vehicleIds: number[],
  window: { from: Date; to: Date },
  exceptId?: number,
) {
  if (vehicleIds.length === 0) return new Map<number, Period[]>();
  const rows = await db
    .select({ vehicleId: reservations.vehicleId, pickupAt: reservations.pickupAt, returnAt: reservations.returnAt })
    .from(reservations)
    .where(
      and(
        inArray(reservations.vehicleId, vehicleIds),
        inArray(reservations.status, [...ACTIVE_STATUSES]),
        lt(reservations.pickupAt, window.to),
        gt(reservations.returnAt, window.from),
        exceptId === undefined ? undefined : ne(reservations.id, exceptId),
      ),
    );
  const blocks = await db
    .select({
      vehicleId: vehicleBlocks.vehicleId,
      startsAt: vehicleBlocks.startsAt,
      endsAt: vehicleBlocks.endsAt,
      units: vehicleBlocks.units,
    })
    .from(vehicleBlocks)
    .where(
      and(
        inArray(vehicleBlocks.vehicleId, vehicleIds),
        lt(vehicleBlocks.startsAt, window.to),
        gt(vehicleBlocks.endsAt, window.from),
      ),
    );
  const periods = new Map<number, Period[]>();
  const add = (vehicleId: number, period: Period) =>
    periods.set(vehicleId, [...(periods.get(vehicleId) ?? []), period]);
  for (const row of rows) {
    if (row.vehicleId !== null) add(row.vehicleId, { start: row.pickupAt.getTime(), end: row.returnAt.getTime() });
  }
  for (const block of blocks) {
    add(block.vehicleId, { start: block.startsAt.getTime(), end: block.endsAt.getTime(), units: block.units });
  }
  return periods;
}

/** Which of these vehicles have a unit free for the whole of [from, to): one query for all. */
export async function freeVehicleIds(
  db: Database,
  fleet: { id: number; units: number }[],
  window: { from: Date; to: Date },
): Promise<Set<number>> {
  const taken = await takenPeriods(
    db,
    fleet.map((vehicle) => vehicle.id),
    window,
  );
  const period = { start: window.from.getTime(), end: window.to.getTime() };
  return new Set(
    fleet.filter((vehicle) => isAvailable(vehicle.units, taken.get(vehicle.id) ?? [], period)).map((v) => v.id),
  );
}

/**
 * Inside a transaction: locks the vehicle's row, so bookings of one vehicle are decided one at a
 * time on PostgreSQL (PGlite runs one transaction at a time anyway), then answers whether a unit
 * is free for the whole period. The caller inserts its booking in the same transaction.
 */
export async function lockAndCheckVehicle(
  tx: Database,
  vehicleId: number,
  window: { from: Date; to: Date },
): Promise<boolean> {
  const [vehicle] = await tx
    .select({ id: vehicles.id, units: vehicles.units })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .for("update");
  if (!vehicle) return false;
  const free = await freeVehicleIds(tx, [vehicle], window);
  return free.has(vehicle.id);
}
