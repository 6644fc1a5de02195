import { isoInstant } from "@domain/iso-instant";
import type { PlannerBlock, PlannerReservation } from "@domain/planner";
import { assignLanes, plannerHold } from "@domain/planner-lanes";
import { addDays, toInstant, toLocal } from "@domain/rental-time";
import { type ReservationSource, type ReservationStatus, UNITLESS_STATUSES } from "@domain/reservations";
import { unitName } from "@domain/vehicles";
import { and, asc, eq, gt, lt, lte, notInArray, or } from "drizzle-orm";
import type { Database } from "../db/database";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { landings, rentalHandovers, reservations, vehicleBlocks, vehicleImages, vehicles } from "../db/schema";
import { HttpError } from "../http/errors";
import { withLines } from "../reservations";
import type { StorageUrl } from "../storage";

type Window = { from: string; days: number };

/** The photo a row header can afford: the narrowest variant of the cover. */
function thumbnail(variants: Record<string, string> | null, storageUrl: StorageUrl): string | null {
  if (!variants) return null;
  const width = Object.keys(variants)
    .map(Number)
    .sort((a, b) => a - b)[0];
  return width === undefined ? null : storageUrl(variants[String(width)]);
}

const wallClock = (instant: Date, timeZone: string) => {
  const local = toLocal(instant, timeZone);
  return `${local.date}T${local.time}`;
};

/**
 * One landing's fleet over `days` days from `from` (the landing's wall clock): every vehicle with
 * one lane per unit (labelled with its plate or name), the bookings (cancelled ones left out) and
 * blocks reaching into the window dealt onto them (a booking the owner put on a unit on that one),
 * and overbooked lanes for what does not fit. A booking on rent past its planned return holds its
 * unit up to now and through the rest of today (`plannerHold`), in its bar and in the lanes, so a
 * booking picked up meanwhile on that unit shows as a conflict. Four queries whatever the fleet's
 * size; bookings are found through the (landing_id, pickup_at) index.
 */
export async function plannerOf(
  db: Database,
  ownerId: number,
  landingId: number,
  window: Window,
  now: Date,
  storageUrl: StorageUrl,
) {
  const [landing] = await db
    .select({
      id: landings.id,
      name: landings.name,
      displayName: landings.displayName,
      currency: landings.currency,
      timeZone: landings.timeZone,
    })
    .from(landings)
    .where(and(eq(landings.id, landingId), ownedBy(ownerId)));
  if (!landing) throw new HttpError(404, "landingNotFound");

  const to = addDays(window.from, window.days);
  const start = toInstant({ date: window.from, time: "00:00" }, landing.timeZone);
  const end = toInstant({ date: to, time: "00:00" }, landing.timeZone);
  // The query schema lets only real dates through, so both instants exist.
  if (!start || !end) throw new HttpError(400, "badRequest");
  const today = toLocal(now, landing.timeZone).date;
  // The end of today's column: the next midnight on the landing's clock (toInstant always finds one).
  const endOfToday =
    toInstant({ date: addDays(today, 1), time: "00:00" }, landing.timeZone)?.getTime() ?? now.getTime();

  const [fleet, booked, blocked] = await Promise.all([
    db
      .select({
        id: vehicles.id,
        name: vehicles.name,
        units: vehicles.units,
        unitLabels: vehicles.unitLabels,
        variants: vehicleImages.variants,
      })
      .from(vehicles)
      .leftJoin(vehicleImages, and(eq(vehicleImages.vehicleId, vehicles.id), eq(vehicleImages.position, 0)))
      .where(and(eq(vehicles.landingId, landing.id), onLandingOwnedBy(vehicles.landingId, ownerId)))
      .orderBy(asc(vehicles.createdAt), asc(vehicles.id)),
    db
      .select({
        id: reservations.id,
        vehicleId: reservations.vehicleId,
        reference: reservations.reference,
        status: reservations.status,
        source: reservations.source,
        expressCompletedAt: reservations.expressCompletedAt,
        name: reservations.name,
        lastName: reservations.lastName,
        pickupAt: reservations.pickupAt,
        returnAt: reservations.returnAt,
        unit: reservations.unit,
        // When it was checked in at the counter: a car back early frees its unit from then.
        backAt: rentalHandovers.at,
      })
      .from(reservations)
      .leftJoin(
        rentalHandovers,
        and(eq(rentalHandovers.reservationId, reservations.id), eq(rentalHandovers.kind, "in")),
      )
      .where(
        and(
          eq(reservations.landingId, landing.id),
          eq(reservations.ownerId, ownerId),
          lt(reservations.pickupAt, end),
          or(
            gt(reservations.returnAt, start),
            // Overdue cars on rent reach the end of today whatever their planned return.
            endOfToday > start.getTime()
              ? and(eq(reservations.status, "on_rent"), lte(reservations.returnAt, now))
              : undefined,
          ),
          notInArray(reservations.status, [...UNITLESS_STATUSES]),
        ),
      ),
    db
      .select({
        id: vehicleBlocks.id,
        vehicleId: vehicleBlocks.vehicleId,
        units: vehicleBlocks.units,
        startsOn: vehicleBlocks.startsOn,
        endsOn: vehicleBlocks.endsOn,
        startsAt: vehicleBlocks.startsAt,
        endsAt: vehicleBlocks.endsAt,
        note: vehicleBlocks.note,
      })
      .from(vehicleBlocks)
      .innerJoin(vehicles, eq(vehicles.id, vehicleBlocks.vehicleId))
      .where(
        and(
          eq(vehicles.landingId, landing.id),
          onLandingOwnedBy(vehicles.landingId, ownerId),
          lt(vehicleBlocks.startsAt, end),
          gt(vehicleBlocks.endsAt, start),
        ),
      ),
  ]);

  type Item =
    | {
        kind: "reservation";
        id: number;
        start: number;
        end: number;
        units: number;
        unit: number | null;
        out: boolean;
        bar: PlannerReservation;
      }
    | { kind: "block"; id: number; start: number; end: number; units: number; bar: PlannerBlock };
  const items = new Map<number, Item[]>();
  const add = (vehicleId: number, item: Item) => {
    const list = items.get(vehicleId);
    if (list) list.push(item);
    else items.set(vehicleId, [item]);
  };
  for (const row of booked) {
    // A booking of a deleted vehicle keeps its copy of the name, but has no row to be drawn on.
    if (row.vehicleId === null) continue;
    const hold = plannerHold(
      { status: row.status, end: row.returnAt.getTime(), back: row.backAt?.getTime() ?? null },
      now.getTime(),
      endOfToday,
    );
    const end = isoInstant(row.returnAt.getTime());
    const endLocal = wallClock(row.returnAt, landing.timeZone);
    add(row.vehicleId, {
      kind: "reservation",
      id: row.id,
      start: row.pickupAt.getTime(),
      end: hold.end,
      units: 1,
      unit: row.unit,
      out: row.status === "on_rent",
      bar: {
        id: row.id,
        reference: row.reference,
        status: row.status as ReservationStatus,
        source: row.source as ReservationSource,
        customer: `${row.name} ${row.lastName}`.trim(),
        start: isoInstant(row.pickupAt.getTime()),
        end,
        start_local: wallClock(row.pickupAt, landing.timeZone),
        end_local: endLocal,
        unit: row.unit,
        overdue: hold.overdue,
        express: row.status === "confirmed" && row.expressCompletedAt !== null,
        // Its return, unless it is overdue or came back: then the instant it is held to.
        held_until: hold.end === row.returnAt.getTime() ? end : isoInstant(hold.end),
        held_until_local:
          hold.end === row.returnAt.getTime() ? endLocal : wallClock(new Date(hold.end), landing.timeZone),
      },
    });
  }
  for (const row of blocked) {
    add(row.vehicleId, {
      kind: "block",
      id: row.id,
      start: row.startsAt.getTime(),
      end: row.endsAt.getTime(),
      units: row.units,
      bar: { id: row.id, start_date: row.startsOn, end_date: row.endsOn, units: row.units, reason: row.note || null },
    });
  }

  return {
    landing: {
      id: landing.id,
      name: landing.name,
      display_name: landing.displayName,
      currency: landing.currency,
      time_zone: landing.timeZone,
    },
    from: window.from,
    days: window.days,
    today,
    vehicles: fleet.map((vehicle) => ({
      id: vehicle.id,
      name: vehicle.name,
      units: vehicle.units,
      image: thumbnail(vehicle.variants, storageUrl),
      // Blocks first at the same start: a car out of service is the fixed point bookings go around.
      lanes: assignLanes(vehicle.units, items.get(vehicle.id) ?? [], (item) => (item.kind === "block" ? 0 : 1)).map(
        (lane, index) => ({
          overbooked: lane.overbooked,
          // The car's plate or name as the owner wrote it (issue 25.22); null: its number shows.
          label: lane.overbooked ? null : unitName(vehicle.unitLabels, index + 1),
          reservations: lane.items.flatMap((item) => (item.kind === "reservation" ? [item.bar] : [])),
          blocks: lane.items.flatMap((item) => (item.kind === "block" ? [item.bar] : [])),
        }),
      ),
    })),
  };
}

/** One of the owner's reservations (on an active landing) with its add-ons, for the detail dialog. */
export async function plannerReservation(db: Database, ownerId: number, reservationId: number) {
  const [row] = await db
    .select({ reservation: reservations, landing: { id: landings.id, name: landings.name } })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)));
  if (!row) throw new HttpError(404, "reservationNotFound");
  const [found] = await withLines(db, [row]);
  if (!found) throw new HttpError(404, "reservationNotFound");
  return found;
}
