import type { AddonChoice } from "@domain/pricing";
import { quoteRental, type RentalContext, type RentalRequest } from "@domain/rental-checks";
import { landingRulesOf, vehicleRulesOf } from "@domain/rental-rules";
import { inEveryLanguage } from "@domain/translations";
import type { vehicles } from "../db/schema";
import type { BookableLanding } from "../landings";

/**
 * The rules' verdict and the price of a rental, by domain/'s one pricing function: the booking,
 * the site's quote, the desk's quote and the public pages all price through here.
 */

type VehicleRow = typeof vehicles.$inferSelect;

/** What the rules of issue 10 need to know about this landing and vehicle (`domain/rental-checks.ts`). */
export function rentalContextFor({ landing, places, placeRules }: BookableLanding, vehicle: VehicleRow): RentalContext {
  const rules = vehicleRulesOf(vehicle.rules);
  return {
    timeZone: landing.timeZone,
    rules: landingRulesOf(landing.rules),
    vehicle: {
      price_cents: vehicle.priceCents,
      ...rules,
      // A season named in both languages: its lines carry both, so each reader reads theirs (`seasonLineName`).
      seasons: rules.seasons.map((season) =>
        season.translations ? { ...season, names: inEveryLanguage(season.name, season.translations, "name") } : season,
      ),
    },
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
