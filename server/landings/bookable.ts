import { and, asc, eq, isNull } from "drizzle-orm";
import { addonQuantityCap } from "../../domain/addons";
import type { Language } from "../../domain/languages";
import type { AddonChoice } from "../../domain/pricing";
import { quoteRental, type RentalContext, type RentalRequest, type RuleProblem } from "../../domain/rental-checks";
import { landingRulesOf, RENTAL_DAYS_MAX, vehicleRulesOf } from "../../domain/rental-rules";
import { rentalDays, toInstant } from "../../domain/rental-time";
import { translated } from "../../domain/translations";
import type { Database } from "../db/client";
import { landingAddons, landings, locations, placeRules, vehicles } from "../db/schema";
import { type FieldMessage, HttpError, ValidationError } from "../http/errors";
import { LandingCache } from "./landing-cache";
import { presentAddon } from "./presenter";
import { recentLookups } from "./recent-lookups";

type LandingRow = typeof landings.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/**
 * What a booking is checked against: the published landing with its add-ons, places and opening
 * hours, the vehicle, the period in the landing's zone, and the rental rules' verdict and price.
 */

const placeKey = (place: string) => place.trim().toLocaleLowerCase();

/** The landing with its add-ons, places and opening hours, read whole. */
async function loadBookable(db: Database, landing: LandingRow) {
  const [addons, places, hours] = await Promise.all([
    db.select().from(landingAddons).where(eq(landingAddons.landingId, landing.id)).orderBy(asc(landingAddons.position)),
    db.select().from(locations).where(eq(locations.landingId, landing.id)).orderBy(asc(locations.id)),
    db.select().from(placeRules).where(eq(placeRules.landingId, landing.id)).orderBy(asc(placeRules.id)),
  ]);
  // Hours kept for a place no location names any more are left out: that place is not offered.
  const offered = new Set(places.flatMap((pair) => [pair.placeOfDeparture, pair.arrivalPlace]).map(placeKey));
  return { landing, addons, places, placeRules: hours.filter((row) => offered.has(placeKey(row.place))) };
}

type Bookable = Awaited<ReturnType<typeof loadBookable>>;

/** Bookable landings read whole, kept while their content version stands. */
const kept = new LandingCache<Bookable>();

type Current = { id: number; contentVersion: number } | null;
/** Public reads' lookups of a landing's id and version, reused for a moment (`recent-lookups.ts`). */
const recent = recentLookups<Current>();

/** The landing's id and content version, or null; `by.recent` may reuse an answer of the last moment. */
async function currentVersion(
  db: Database,
  by: { id?: number; name?: string; includeDrafts?: boolean; recent?: boolean },
) {
  const key = `${by.id ?? ""}|${by.name ?? ""}|${by.includeDrafts ? "drafts" : ""}`;
  const remembered = by.recent ? recent.get(db, key) : undefined;
  if (remembered !== undefined) return remembered;
  const [found] = await db
    .select({ id: landings.id, contentVersion: landings.contentVersion })
    .from(landings)
    .where(
      and(
        by.id !== undefined ? eq(landings.id, by.id) : eq(landings.name, by.name ?? ""),
        by.includeDrafts ? undefined : eq(landings.status, "published"),
        isNull(landings.deletedAt),
      ),
    )
    .limit(1);
  const current = found ?? null;
  recent.set(db, key, current);
  return current;
}

/**
 * A published, untrashed landing with what a booking needs to check against (`includeDrafts` for
 * the owner's preview, after the caller checked the owner; `recent` for the public site's reads,
 * never for a booking). Callers read it and never change it: the same copy serves the next request.
 */
export async function findBookableLanding(
  db: Database,
  by: { id?: number; name?: string; includeDrafts?: boolean; recent?: boolean },
) {
  const current = await currentVersion(db, by);
  if (!current) throw new HttpError(404, "landingNotFound");
  const copy = kept.get(db, current.id, current.contentVersion);
  if (copy) return copy;
  const [landing] = await db.select().from(landings).where(eq(landings.id, current.id)).limit(1);
  if (!landing) throw new HttpError(404, "landingNotFound");
  const bookable = await loadBookable(db, landing);
  kept.set(db, landing.id, landing.contentVersion, bookable);
  return bookable;
}

export type BookableLanding = Awaited<ReturnType<typeof findBookableLanding>>;

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
  if (from.getTime() <= now.getTime()) problems.date_of_departure = ["pickupInPast"];
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
  if (!vehicle) throw new HttpError(404, "vehicleNotFound");
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
    return [{ id: addon.id, name: addon.name, priceCents: addon.priceCents, quantity: choice.quantity }];
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return chosen;
}

/**
 * The landing with what its owner wrote in `language` (add-on names, closure notes), as a visitor
 * reading in it sees them: their quotes' problems and their booking's add-on lines say the same.
 */
export function inLanguage(bookable: BookableLanding, language: Language): BookableLanding {
  const { closures } = landingRulesOf(bookable.landing.rules);
  return {
    ...bookable,
    landing: {
      ...bookable.landing,
      rules: {
        ...bookable.landing.rules,
        closures: closures.map((closure) => ({
          ...closure,
          note: translated(closure.note, closure.translations, "note", language),
        })),
      },
    },
    addons: bookable.addons.map((addon) => ({
      ...addon,
      name: translated(addon.name, addon.translations, "name", language),
    })),
  };
}

/** What the rules of issue 10 need to know about this landing and vehicle (`domain/rental-checks.ts`). */
export function rentalContextFor({ landing, places, placeRules }: BookableLanding, vehicle: VehicleRow): RentalContext {
  return {
    timeZone: landing.timeZone,
    rules: landingRulesOf(landing.rules),
    vehicle: { price_cents: vehicle.priceCents, ...vehicleRulesOf(vehicle.rules) },
    places: placeRules.map((row) => ({
      place: row.place,
      hours: row.hours,
      after_hours_fee_cents: row.afterHoursFeeCents,
    })),
    pairs: places.map((pair) => ({
      place_of_departure: pair.placeOfDeparture,
      arrival_place: pair.arrivalPlace,
      one_way_fee_cents: pair.oneWayFeeCents,
    })),
    taxRateBasisPoints: landing.taxRateBasisPoints,
    taxLabel: landing.taxLabel,
    currency: landing.currency,
  };
}

/** The rules' verdict and the price of a rental (the one function the pages run too). */
export function quoteFor(
  bookable: BookableLanding,
  vehicle: VehicleRow,
  request: { pickup: RentalRequest["pickup"]; dropoff: RentalRequest["dropoff"]; driverBirthDate: string | null },
  addons: AddonChoice[],
  now: Date,
) {
  return quoteRental(rentalContextFor(bookable, vehicle), { ...request, addons }, now);
}

/** A 422 that names, per field, each rule that stops the rental, and the rules in `rules`. */
export function ruleRefusal(problems: RuleProblem[]): ValidationError {
  const fields: Record<string, FieldMessage[]> = {};
  for (const problem of problems) {
    fields[problem.field] = [...(fields[problem.field] ?? []), { key: problem.key, params: problem.params }];
  }
  return new ValidationError(fields, [...new Set(problems.map((problem) => problem.rule))]);
}
