import { type ReservationStatus, UNITLESS_STATUSES } from "@domain/reservations";
import { and, eq, gt, lt, ne, notInArray } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, reservations, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";

/**
 * Which unit (car) of a vehicle a booking is on (issue 25.22). A booking names no unit unless the
 * owner puts it on one; the planner deals the others onto free cars. Two bookings on one unit
 * never overlap: every assignment is checked under the vehicle's row lock, the lock a booking
 * takes, so two owners (or tabs) cannot both put a booking on the same car at the same time.
 */

/**
 * Inside a transaction that holds the vehicle's row lock: the reference of another booking, not
 * cancelled, on `unit` of the vehicle at some moment of the period (`exceptId` aside), or null.
 */
async function unitClash(
  tx: Database,
  vehicleId: number,
  unit: number,
  period: { from: Date; to: Date },
  exceptId?: number,
): Promise<string | null> {
  const [clash] = await tx
    .select({ reference: reservations.reference })
    .from(reservations)
    .where(
      and(
        eq(reservations.vehicleId, vehicleId),
        eq(reservations.unit, unit),
        notInArray(reservations.status, [...UNITLESS_STATUSES]),
        lt(reservations.pickupAt, period.to),
        gt(reservations.returnAt, period.from),
        exceptId === undefined ? undefined : ne(reservations.id, exceptId),
      ),
    )
    .limit(1);
  return clash?.reference ?? null;
}

/** `unitClash`, as a 409 naming the booking that holds the unit. */
export async function assertUnitFree(
  tx: Database,
  vehicleId: number,
  unit: number,
  period: { from: Date; to: Date },
  exceptId?: number,
) {
  const reference = await unitClash(tx, vehicleId, unit, period, exceptId);
  if (reference) throw new HttpError(409, "unitTaken", { reference });
}

/**
 * The unit a changed booking stays on (issue 25.21 meets 25.22): its unit while it keeps its
 * vehicle and that unit is free for the new period; otherwise none, and the planner deals it onto a
 * free one (a unit is the owner's plan, never a reason to refuse a change). Inside the change's
 * transaction, under the vehicle's row lock.
 */
export async function unitAfterChange(
  tx: Database,
  before: { id: number; vehicleId: number | null; unit: number | null },
  vehicleId: number,
  period: { from: Date; to: Date },
): Promise<number | null> {
  if (before.unit === null || before.vehicleId !== vehicleId) return null;
  return (await unitClash(tx, vehicleId, before.unit, period, before.id)) === null ? before.unit : null;
}

/**
 * Puts one of the owner's bookings on a unit of its vehicle, or takes it off (`unit` null). The
 * booking is found through the owner's id in the query itself, on a landing not in the trash; a
 * unit past the vehicle's count is a 422, one already holding another booking then a 409, and a
 * cancelled booking or a no-show holds no car (409).
 */
export async function assignUnit(deps: AppDeps, ownerId: number, reservationId: number, unit: number | null) {
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        vehicleId: reservations.vehicleId,
        status: reservations.status,
        pickupAt: reservations.pickupAt,
        returnAt: reservations.returnAt,
      })
      .from(reservations)
      .innerJoin(landings, eq(landings.id, reservations.landingId))
      .where(and(eq(reservations.id, reservationId), eq(reservations.ownerId, ownerId), ownedBy(ownerId)))
      .limit(1);
    if (!found) throw new HttpError(404, "reservationNotFound");
    if (unit !== null) {
      if (UNITLESS_STATUSES.includes(found.status as ReservationStatus)) {
        throw new HttpError(409, "unitCancelledBooking");
      }
      if (found.vehicleId === null) throw new HttpError(409, "unitVehicleDeleted");
      const [vehicle] = await tx
        .select({ units: vehicles.units })
        .from(vehicles)
        .where(and(eq(vehicles.id, found.vehicleId), onLandingOwnedBy(vehicles.landingId, ownerId)))
        .for("update");
      // Stryker disable next-line ConditionalExpression: the vehicle is the booking's own (a deleted one sets it null).
      if (!vehicle) throw new HttpError(409, "unitVehicleDeleted");
      if (unit > vehicle.units) throw ValidationError.field("unit", "unitOutOfRange", { max: vehicle.units });
      await assertUnitFree(tx, found.vehicleId, unit, { from: found.pickupAt, to: found.returnAt }, reservationId);
    }
    await tx
      .update(reservations)
      .set({ unit, updatedAt: deps.clock.now() })
      .where(and(eq(reservations.id, reservationId), eq(reservations.ownerId, ownerId)));
  });
}

/** The unit labels of one of the owner's vehicles (none for a booking whose vehicle was deleted). */
export async function vehicleUnitLabels(db: Database, ownerId: number, vehicleId: number | null): Promise<string[]> {
  if (vehicleId === null) return [];
  const [vehicle] = await db
    .select({ labels: vehicles.unitLabels })
    .from(vehicles)
    .innerJoin(landings, eq(landings.id, vehicles.landingId))
    .where(and(eq(vehicles.id, vehicleId), ownedBy(ownerId)));
  return vehicle?.labels ?? [];
}
