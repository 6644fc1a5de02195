import { isAvailable, type Period } from "@domain/availability";
import { ACTIVE_STATUSES } from "@domain/reservations";
import { and, asc, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { reservations, vehicleBlocks, vehicles } from "../db/schema";

/**
 * When a booking stops holding its unit: its planned return, or, while it is out on rent (issue
 * 28), not before it is checked in. A car not back by its planned return is taken as out for the
 * next 24 hours, renewed for as long as it stays out: nobody can book it for the coming day, and
 * a booking further ahead is not refused for a car that will most likely be back by then.
 */
const OVERDUE_HOLD = sql`interval '1 day'`;
const onRentUntil = sql<Date>`case when ${reservations.status} = 'on_rent' and ${reservations.returnAt} <= now() then now() + ${OVERDUE_HOLD} else ${reservations.returnAt} end`;

/**
 * The active bookings and the blocks (units out for maintenance) of these vehicles that reach
 * into [from, to), as periods per vehicle; a block holds its `units`. A booking awaiting payment
 * is active until its payment is due.
 */
export async function takenPeriods(
  db: Database,
  vehicleIds: number[],
  window: { from: Date; to: Date },
  exceptId?: number,
) {
  if (vehicleIds.length === 0) return new Map<number, Period[]>();
  // One round trip for both: on a booking's path every query counts (issue 12).
  const bookings = db
    .select({
      vehicleId: sql<number>`${reservations.vehicleId}`.as("vehicle_id"),
      startsAt: sql`${reservations.pickupAt}`.mapWith(reservations.pickupAt).as("starts_at"),
      endsAt: sql`${onRentUntil}`.mapWith(reservations.returnAt).as("ends_at"),
      units: sql<number | null>`null::int`.as("units"),
    })
    .from(reservations)
    .where(
      and(
        inArray(reservations.vehicleId, vehicleIds),
        inArray(reservations.status, [...ACTIVE_STATUSES]),
        // A booking awaiting its payment holds the unit until the payment is due, then no longer,
        // even before the sweep (payments/sweep.ts) cancels it.
        or(ne(reservations.status, "awaiting_payment"), sql`${reservations.paymentDueAt} > now()`),
        lt(reservations.pickupAt, window.to),
        gt(onRentUntil, window.from),
        exceptId === undefined ? undefined : ne(reservations.id, exceptId),
      ),
    );
  const blocks = db
    .select({
      vehicleId: sql<number>`${vehicleBlocks.vehicleId}`.as("vehicle_id"),
      startsAt: sql`${vehicleBlocks.startsAt}`.mapWith(vehicleBlocks.startsAt).as("starts_at"),
      endsAt: sql`${vehicleBlocks.endsAt}`.mapWith(vehicleBlocks.endsAt).as("ends_at"),
      units: sql<number | null>`${vehicleBlocks.units}`.as("units"),
    })
    .from(vehicleBlocks)
    .where(
      and(
        inArray(vehicleBlocks.vehicleId, vehicleIds),
        lt(vehicleBlocks.startsAt, window.to),
        gt(vehicleBlocks.endsAt, window.from),
      ),
    );
  const rows = await bookings.unionAll(blocks);
  const periods = new Map<number, Period[]>();
  const add = (vehicleId: number, period: Period) =>
    periods.set(vehicleId, [...(periods.get(vehicleId) ?? []), period]);
  for (const row of rows) {
    const period = { start: row.startsAt.getTime(), end: row.endsAt.getTime() };
    // A booking holds one unit; a block holds its own count.
    add(Number(row.vehicleId), row.units === null ? period : { ...period, units: Number(row.units) });
  }
  return periods;
}

/**
 * Which of these vehicles have a unit free for the whole of [from, to): one query for all. A
 * booking being changed (`exceptId`) does not stand in its own way.
 */
export async function freeVehicleIds(
  db: Database,
  fleet: { id: number; units: number }[],
  window: { from: Date; to: Date },
  exceptId?: number,
): Promise<Set<number>> {
  const taken = await takenPeriods(
    db,
    fleet.map((vehicle) => vehicle.id),
    window,
    exceptId,
  );
  const period = { start: window.from.getTime(), end: window.to.getTime() };
  return new Set(
    fleet.filter((vehicle) => isAvailable(vehicle.units, taken.get(vehicle.id) ?? [], period)).map((v) => v.id),
  );
}

/** Every vehicle of the landing, in id order, and whether it has a unit free for the whole of [from, to). */
export async function fleetAvailability(db: Database, landingId: number, window: { from: Date; to: Date }) {
  const fleet = await db
    .select({ id: vehicles.id, units: vehicles.units })
    .from(vehicles)
    .where(eq(vehicles.landingId, landingId))
    .orderBy(asc(vehicles.id));
  const free = await freeVehicleIds(db, fleet, window);
  return fleet.map((vehicle) => ({ id: vehicle.id, available: free.has(vehicle.id) }));
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
  exceptId?: number,
): Promise<boolean> {
  const [vehicle] = await tx
    .select({ id: vehicles.id, units: vehicles.units })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .for("update");
  if (!vehicle) return false;
  const free = await freeVehicleIds(tx, [vehicle], window, exceptId);
  return free.has(vehicle.id);
}
