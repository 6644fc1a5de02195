import { isAvailable, type Period } from "@domain/availability";
import { ACTIVE_STATUSES } from "@domain/reservations";
import { and, eq, gt, inArray, lt, lte, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { isConstant } from "../db/partial-index";
import { startTogether } from "../db/pipeline";
import { preparedPerTransaction } from "../db/prepared";
import { rowsOf } from "../db/rows";
import { reservations, vehicleBlocks, vehicles } from "../db/schema";

/** A booking or a block as read, before asking when it holds its units (`heldPeriod`). */
export type Hold = {
  vehicleId: number;
  start: number;
  end: number;
  /** A block's own count; a booking holds one. */
  units: number | null;
  /** A booking's status; null for a block. */
  status: string | null;
  paymentDueAt: number | null;
};

/** How long a car not back by its planned return is taken as still out (see `heldPeriod`). */
const OVERDUE_HOLD_MS = 86_400_000;

/**
 * When a hold holds its units, seen at `now`, or null when it no longer does.
 * - A booking awaiting its payment holds the unit until the payment is due, then no longer, even
 *   before the sweep (payments/sweep.ts) cancels it.
 * - A booking out on rent (issue 28) holds it until it is checked in: a car not back by its
 *   planned return is taken as out for the next 24 hours, renewed for as long as it stays out.
 *   Nobody can book it for the coming day, and a booking further ahead is not refused for a car
 *   that will most likely be back by then.
 */
export function heldPeriod(hold: Hold, now: number): Period | null {
  if (hold.status === "awaiting_payment" && (hold.paymentDueAt ?? 0) <= now) return null;
  const end = hold.status === "on_rent" && hold.end <= now ? now + OVERDUE_HOLD_MS : hold.end;
  return hold.units === null ? { start: hold.start, end } : { start: hold.start, end, units: hold.units };
}

/**
 * The ids of a landing's vehicles, as a subquery: a landing's bookings are read car by car through
 * `reservations_vehicle_return_idx` (its holds here, its bookings' keys in `idempotency.ts`).
 */
export const landingVehicleIds = (db: Database, landingId: number) =>
  db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.landingId, landingId));

/**
 * The active bookings and the blocks of these vehicles that may reach into [from, to): a car out
 * on rent past its return and a booking whose payment is due are read too, and `heldPeriod`
 * decides. One statement for all: on a booking's path every query counts (issue 12). Its columns
 * are vehicle_id, starts_at, ends_at, units, status and payment_due_at. Each part is a plain range
 * of its own index, whatever the database knows of its tables (PGlite never gathers statistics).
 */
export function holdsQuery(
  db: Database,
  of: { vehicleIds: (number | Placeholder)[] } | { landingId: number },
  window: { from: Date | Placeholder; to: Date | Placeholder },
  exceptId?: number | Placeholder,
) {
  const vehicleIds = "vehicleIds" in of ? of.vehicleIds : landingVehicleIds(db, of.landingId);
  const bookingColumns = {
    vehicleId: sql<number>`${reservations.vehicleId}`.as("vehicle_id"),
    startsAt: sql`${reservations.pickupAt}`.mapWith(reservations.pickupAt).as("starts_at"),
    endsAt: sql`${reservations.returnAt}`.mapWith(reservations.returnAt).as("ends_at"),
    units: sql<number | null>`null::int`.as("units"),
    status: sql<string | null>`${reservations.status}`.as("status"),
    paymentDueAt: sql`${reservations.paymentDueAt}`.mapWith(reservations.paymentDueAt).as("payment_due_at"),
  };
  // The vehicles' bookings of `status`, picked up before the period ends and `returned` as asked.
  const bookingsWhere = (status: SQL, returned: SQL) =>
    db
      .select(bookingColumns)
      .from(reservations)
      .where(
        and(
          inArray(reservations.vehicleId, vehicleIds),
          status,
          returned,
          lt(reservations.pickupAt, window.to),
          exceptId === undefined ? undefined : ne(reservations.id, exceptId),
        ),
      );
  // The bookings not yet returned when the period starts: a range of reservations_vehicle_return_idx,
  // never the vehicle's past (issue 29: every booking it ever had was read, and more each day).
  const bookings = bookingsWhere(
    inArray(reservations.status, [...ACTIVE_STATUSES]),
    gt(reservations.returnAt, window.from),
  );
  // And the few cars still out on rent past their return, found by reservations_vehicle_on_rent_idx.
  const overdue = bookingsWhere(isConstant(reservations.status, "on_rent"), lte(reservations.returnAt, window.from));
  const blocks = db
    .select({
      vehicleId: sql<number>`${vehicleBlocks.vehicleId}`.as("vehicle_id"),
      startsAt: sql`${vehicleBlocks.startsAt}`.mapWith(vehicleBlocks.startsAt).as("starts_at"),
      endsAt: sql`${vehicleBlocks.endsAt}`.mapWith(vehicleBlocks.endsAt).as("ends_at"),
      units: sql<number | null>`${vehicleBlocks.units}`.as("units"),
      status: sql<string | null>`null::text`.as("status"),
      paymentDueAt: sql`null::timestamptz`.mapWith(reservations.paymentDueAt).as("payment_due_at"),
    })
    .from(vehicleBlocks)
    .where(
      and(
        inArray(vehicleBlocks.vehicleId, vehicleIds),
        lt(vehicleBlocks.startsAt, window.to),
        gt(vehicleBlocks.endsAt, window.from),
      ),
    );
  return bookings.unionAll(overdue).unionAll(blocks);
}

/** A row of `holdsQuery` as the query builder reads it (`lockAndCheckVehicle`). */
type HoldRow = {
  vehicleId: number;
  startsAt: Date;
  endsAt: Date;
  units: number | null;
  status: string | null;
  paymentDueAt: Date | null;
};

const holdOf = (row: HoldRow): Hold => ({
  vehicleId: Number(row.vehicleId),
  start: row.startsAt.getTime(),
  end: row.endsAt.getTime(),
  units: row.units === null ? null : Number(row.units),
  status: row.status,
  paymentDueAt: row.paymentDueAt === null ? null : row.paymentDueAt.getTime(),
});

/**
 * `holdsQuery`'s holds, read as one JSON value (`holdsJson`): a landing's thousands of holds,
 * read again after each of its bookings, cost a sixth of the server's time they cost row by row,
 * where the driver and the query builder each handled every row and instant (issue 29,
 * docs/performance.md).
 */
export async function holdsOf(
  db: Database,
  of: { vehicleIds: number[] } | { landingId: number },
  window: { from: Date; to: Date },
  exceptId?: number,
): Promise<Hold[]> {
  if ("vehicleIds" in of && of.vehicleIds.length === 0) return [];
  const [row] = await rowsOf<{ holds: HoldTuple[] }>(
    db,
    sql`select ${holdsJson(holdsQuery(db, of, window, exceptId))} as holds`,
  );
  return holdsFromJson(row?.holds ?? []);
}

/** A hold as `holdsJson` sends it: vehicle, start, end, units, status, payment due; instants in ms. */
type HoldTuple = [number, number, number, number | null, string | null, number | null];

/** A timestamp of `held` as milliseconds since the epoch: a JSON number, read without parsing a date. */
const epochMs = (column: string) => sql.raw(`floor(extract(epoch from held.${column}) * 1000)::bigint`);

/**
 * `holdsQuery`'s rows as one JSON value, an array per hold (`HoldTuple`), for a statement to read
 * in one go, alone (`holdsOf`) or with its own row (the booking's vehicle, `booking-vehicle.ts`);
 * `holdsFromJson` makes them Holds.
 */
export const holdsJson = (held: ReturnType<typeof holdsQuery>) =>
  sql<HoldTuple[]>`(select coalesce(json_agg(json_build_array(
    held.vehicle_id, ${epochMs("starts_at")}, ${epochMs("ends_at")}, held.units, held.status, ${epochMs("payment_due_at")}
  )), '[]'::json) from (${held}) held)`;

export const holdsFromJson = (tuples: HoldTuple[]): Hold[] =>
  tuples.map(([vehicleId, start, end, units, status, paymentDueAt]) => ({
    vehicleId,
    start,
    end,
    units,
    status,
    paymentDueAt,
  }));

/** The periods of `holds` that hold a unit within [from, to) at `now`, per vehicle. */
export function periodsWithin(holds: Hold[], window: { from: Date; to: Date }, now = Date.now()) {
  const from = window.from.getTime();
  const to = window.to.getTime();
  const periods = new Map<number, Period[]>();
  for (const hold of holds) {
    // A hold's start never moves (`heldPeriod`): one starting after the window is passed over first.
    if (hold.start >= to) continue;
    const period = heldPeriod(hold, now);
    if (!period || period.start >= to || period.end <= from) continue;
    const kept = periods.get(hold.vehicleId);
    if (kept) kept.push(period);
    else periods.set(hold.vehicleId, [period]);
  }
  return periods;
}

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
  return periodsWithin(await holdsOf(db, { vehicleIds }, window, exceptId), window);
}

/** Which of `fleet` has a unit free for the whole of [from, to), given the periods taken. */
export function freeAmong(
  fleet: { id: number; units: number }[],
  taken: Map<number, Period[]>,
  window: { from: Date; to: Date },
) {
  const period = { start: window.from.getTime(), end: window.to.getTime() };
  return new Set(
    fleet.filter((vehicle) => isAvailable(vehicle.units, taken.get(vehicle.id) ?? [], period)).map((v) => v.id),
  );
}

/** Which of `fleet` has a unit free for the whole of [from, to), given its holds as read. */
export const freeGiven = (fleet: { id: number; units: number }[], holds: Hold[], window: { from: Date; to: Date }) =>
  freeAmong(fleet, periodsWithin(holds, window), window);

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
  return freeAmong(fleet, taken, window);
}

/**
 * Inside a transaction: locks the vehicle's row, so bookings of one vehicle are decided one at a
 * time on PostgreSQL (PGlite runs one transaction at a time anyway), then answers whether a unit
 * is free for the whole period. The caller inserts its booking in the same transaction. Both
 * statements go out in one write (`startTogether`): the holds are read once the lock is held, as
 * if the lock had been awaited first.
 */
export async function lockAndCheckVehicle(
  tx: Database,
  vehicleId: number,
  window: { from: Date; to: Date },
  exceptId?: number,
): Promise<boolean> {
  const [[vehicle], rows] = await Promise.all(
    startTogether(tx, () => [
      lockVehicleQuery(tx, "lock").execute({ vehicleId }),
      lockedHoldsQuery(tx, exceptId === undefined ? "all" : "except").execute({
        vehicleId,
        from: window.from,
        to: window.to,
        exceptId,
      }),
    ]),
  );
  if (!vehicle) return false;
  return freeGiven([vehicle], rows.map(holdOf), window).has(vehicle.id);
}

/** `lockAndCheckVehicle`'s two statements, built once (`server/db/prepared.ts`). */
const lockVehicleQuery = preparedPerTransaction((tx: Database, _shape: "lock") =>
  tx
    .select({ id: vehicles.id, units: vehicles.units })
    .from(vehicles)
    .where(eq(vehicles.id, sql.placeholder("vehicleId")))
    .for("update"),
);

const lockedHoldsQuery = preparedPerTransaction((tx: Database, shape: "all" | "except") =>
  holdsQuery(
    tx,
    { vehicleIds: [sql.placeholder("vehicleId")] },
    { from: sql.placeholder("from"), to: sql.placeholder("to") },
    shape === "except" ? sql.placeholder("exceptId") : undefined,
  ),
);
