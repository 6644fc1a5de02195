import { addonQuantityCap } from "@domain/addons";
import { samePlace } from "@domain/place-pairs";
import { type RuleProblem, type SkippedRule, unskippable } from "@domain/rental-checks";
import { RENTAL_DAYS_MAX } from "@domain/rental-rules";
import { rentalDays, toInstant, toLocal } from "@domain/rental-time";
import type { reservationCreateSchema } from "@domain/reservations";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/database";
import { type landings, vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { type FieldMessage, HttpError, ValidationError } from "../http/errors";
import type { BookableLanding } from "../landings";
import { presentAddon } from "../landings";
import { type BookingVehicle, bookingVehicle, type KeptVehicle, keptBookingVehicle } from "./booking-vehicle";
import { quoteFor } from "./quote";

/**
 * What a booking request is checked against before its transaction: the landing's places, the
 * vehicle's capacity, the period, the add-ons and the rental rules. A problem is a 422 naming the
 * field, so the form can show it where it was typed; a new booking, a change and a quote ask the same.
 */

type LandingRow = typeof landings.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
type CreateInput = z.output<typeof reservationCreateSchema>;

/** The landing's own spelling of a place, matched without regard to case or spacing. */
function offeredPlace({ places }: BookableLanding, typed: string): string | null {
  const wanted = typed.trim().toLocaleLowerCase();
  for (const place of places.flatMap((location) => [location.placeOfDeparture, location.arrivalPlace])) {
    if (place.trim().toLocaleLowerCase() === wanted) return place;
  }
  return null;
}

/** What a booking holds, whoever makes it: the visitor on the site or the owner at the desk (email may be ""). */
export type BookingRequest = Omit<CreateInput, "id_landing" | "name_landing" | "terms_accepted">;

/**
 * Everything of a request that can be checked before the transaction, or a 422 naming each field
 * (a 409 when no unit of the car was free for the period as last committed).
 * `asOf`: the rules that count from today (lead time, horizon, a pickup in the past) count from
 * it: now for a new booking; for a change that keeps its pickup, when it was booked (issue
 * 25.21), so a rental under way can still be extended. `skipRules`: the owner's own rental rules
 * are set aside (their problems are answered as `skipped`); the trips offered, the vehicle's
 * capacity and the period never are. `keptPlaces`: a change that keeps the booking's own places
 * keeps them even if the owner no longer offers that pair (issue 25.2: old bookings stay valid).
 */
export async function checkRequest(
  deps: AppDeps,
  bookable: BookableLanding,
  input: BookingRequest,
  options: {
    asOf?: Date;
    skipRules?: boolean;
    keptPlaces?: { pickup: string; dropoff: string };
    /** The booking being changed: it does not stand in its own way. */
    exceptId?: number;
    /**
     * `bookable` is a copy kept from an earlier read, of this content version, not checked since
     * (`keptBookableLanding`): the vehicle's statement reads the landing's version beside the
     * vehicle, and `LandingChanged` is thrown, before any answer, unless it is this one.
     */
    keptVersion?: number;
    /**
     * A new booking's Idempotency-Key: the vehicle's statement also looks for the booking made
     * with it, and `BookedEarlier` is thrown, before any check, when there is one.
     */
    idempotencyKey?: string;
    /**
     * A new booking's vehicle as the public site keeps it with the landing's copy (`keptVersion`):
     * the request is checked against it, without reading the vehicle (`keptBookingVehicle`). What
     * passes comes back with `verifyKept`, which the booking's transaction must run before it
     * writes: only then is the copy known to be current and the request not a retry.
     */
    keptVehicle?: KeptVehicle;
  } = {},
) {
  const {
    asOf = deps.clock.now(),
    skipRules = false,
    keptPlaces,
    exceptId,
    keptVersion,
    keptVehicle,
    idempotencyKey,
  } = options;
  const { landing } = bookable;
  const pickup = { date: input.date_of_departure, time: input.time_of_departure };
  const dropoff = { date: input.date_of_arrival, time: input.time_of_arrival };
  // The period is read first, for the vehicle's holds in it, but a problem with it is answered in
  // its turn below: an unknown vehicle, then the places and capacity, then the period.
  const periodOrProblem = attempt(() => bookingPeriod(landing, pickup, dropoff, asOf));
  const asked = periodOrProblem.ok ? { period: periodOrProblem.value, exceptId } : null;
  const found =
    keptVehicle && keptVersion !== undefined && asked && exceptId === undefined
      ? await keptBookingVehicle(deps.db, landing, keptVehicle, asked.period, keptVersion, idempotencyKey)
      : await bookingVehicle(deps.db, landing, input.id_vehicle, asked, keptVersion, idempotencyKey);
  const { verifyKept } = found;
  try {
    return { ...checkAgainst(bookable, input, found, periodOrProblem, { asOf, skipRules, keptPlaces }), verifyKept };
  } catch (error) {
    // Refused from a kept copy: answered only once the copy is known to be current and the
    // request not a retry (a retry is answered with its booking, `BookedEarlier`).
    await verifyKept?.(deps.db);
    throw error;
  }
}

/** `checkRequest`'s checks of the request against its vehicle, in its order, once the vehicle is read. */
function checkAgainst(
  bookable: BookableLanding,
  input: BookingRequest,
  { vehicle, owner, image, free }: BookingVehicle,
  periodOrProblem: Attempt<ReturnType<typeof bookingPeriod>>,
  { asOf, skipRules, keptPlaces }: { asOf: Date; skipRules: boolean; keptPlaces?: { pickup: string; dropoff: string } },
) {
  const pickup = { date: input.date_of_departure, time: input.time_of_departure };
  const dropoff = { date: input.date_of_arrival, time: input.time_of_arrival };
  const problems: Record<string, FieldMessage[]> = {};
  const keeps =
    keptPlaces !== undefined &&
    samePlace(input.place_of_departure, keptPlaces.pickup) &&
    samePlace(input.arrival_place, keptPlaces.dropoff);
  const pickupPlace = keeps ? keptPlaces.pickup : offeredPlace(bookable, input.place_of_departure);
  const returnPlace = keeps ? keptPlaces.dropoff : offeredPlace(bookable, input.arrival_place);
  if (!pickupPlace) problems.place_of_departure = ["placeNotOffered"];
  if (!returnPlace) problems.arrival_place = ["placeNotOffered"];
  if (input.number_person > vehicle.people) {
    problems.number_person = [{ key: "tooManyPeople", params: { max: vehicle.people } }];
  }
  if (input.number_bag > vehicle.luggage)
    problems.number_bag = [{ key: "tooManyBags", params: { max: vehicle.luggage } }];
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  if (!periodOrProblem.ok) throw periodOrProblem.error;
  const period = periodOrProblem.value;
  const quote = quoteFor(
    bookable,
    vehicle,
    {
      pickup: { ...pickup, place: pickupPlace ?? "" },
      dropoff: { ...dropoff, place: returnPlace ?? "" },
      driverBirthDate: input.driver_birth_date,
    },
    chosenAddons(bookable, input.addons),
    asOf,
  );
  const ruled = keeps ? quote.problems.filter((problem) => problem.rule !== "placePair") : quote.problems;
  const stopping = skipRules ? unskippable(ruled) : ruled;
  if (stopping.length > 0) throw ruleRefusal(stopping);
  // Taken as last committed, or in the holds the site keeps: refused without a transaction. A car
  // seen free is decided under its lock, in the booking's (or the change's) own transaction.
  if (!free) throw new HttpError(409, "vehicleTaken", {}, ["availability"]);
  const skipped: SkippedRule[] = skipRules
    ? ruled.map((problem) => ({ rule: problem.rule, key: problem.key, params: problem.params }))
    : [];
  return {
    skipped,
    vehicle,
    owner,
    image,
    period,
    price: quote.price,
    depositCents: quote.depositCents,
    pickupPlace: pickupPlace ?? "",
    returnPlace: returnPlace ?? "",
  };
}

type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** What `run` returns, or what it threw. */
function attempt<T>(run: () => T): Attempt<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The period of a booking in the landing's zone: its instants and its rental days. A period past
 * the platform's maximum length is refused here, before any work per day or per booking in it.
 */
export function bookingPeriod(
  landing: LandingRow,
  pickup: { date: string; time: string },
  dropoff: { date: string; time: string },
  now: Date,
) {
  const from = toInstant(pickup, landing.timeZone);
  const to = toInstant(dropoff, landing.timeZone);
  const days = rentalDays(pickup, dropoff);
  if (!from || !to || days === null) throw ValidationError.field("date_of_departure", "dateInvalid");
  const problems: Record<string, FieldMessage[]> = {};
  if (from.getTime() <= now.getTime()) {
    // Today, at an hour already gone: the hour is what to change, not the date.
    if (pickup.date === toLocal(now, landing.timeZone).date) problems.time_of_departure = ["pickupTimeInPast"];
    else problems.date_of_departure = ["pickupInPast"];
  }
  if (to.getTime() <= from.getTime()) problems.date_of_arrival = ["returnBeforePickup"];
  else if (days > RENTAL_DAYS_MAX) {
    problems.date_of_arrival = [{ key: "ruleMaxDays", params: { max: RENTAL_DAYS_MAX } }];
    throw new ValidationError(problems, ["maxDays"]);
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return { from, to, days };
}

/** The landing's vehicle, or 404. */
export async function findLandingVehicle(db: Database, landingId: number, vehicleId: number): Promise<VehicleRow> {
  const [vehicle] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.landingId, landingId)))
    .limit(1);
  // Named, so the site tells a vehicle taken off from a failure.
  if (!vehicle) throw new HttpError(404, "vehicleNotFound", {}, ["vehicle"]);
  return vehicle;
}

/**
 * The chosen add-ons priced from the landing's own list; an unknown id, or more of one than the
 * owner allows per booking (one coverage), is a field error.
 */
export function chosenAddons({ addons }: BookableLanding, wanted: { id: number; quantity: number }[]) {
  const problems: Record<string, FieldMessage[]> = {};
  const chosen = wanted.flatMap((choice, index) => {
    const addon = addons.find((candidate) => candidate.id === choice.id);
    if (!addon) {
      problems[`addons.${index}.id`] = ["addonUnknown"];
      return [];
    }
    const cap = addonQuantityCap(presentAddon(addon));
    if (choice.quantity > cap) {
      problems[`addons.${index}.quantity`] = [{ key: "addonQuantityTooMany", params: { max: cap, name: addon.name } }];
      return [];
    }
    return [
      { id: addon.id, name: addon.name, names: addon.names, priceCents: addon.priceCents, quantity: choice.quantity },
    ];
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return chosen;
}

/** A 422 that names, per field, each rule that stops the rental, and the rules in `rules`. */
export function ruleRefusal(problems: RuleProblem[]): ValidationError {
  const fields: Record<string, FieldMessage[]> = {};
  for (const problem of problems) {
    fields[problem.field] = [...(fields[problem.field] ?? []), { key: problem.key, params: problem.params }];
  }
  return new ValidationError(fields, [...new Set(problems.map((problem) => problem.rule))]);
}
