import type { AddonChoice, PriceBreakdown } from "@domain/pricing";
import {
  checkTrip,
  quoteRental,
  type RentalContext,
  type RentalQuote,
  type RentalRequest,
  type RuleProblem,
  type TripContext,
} from "@domain/rental-checks";
import { landingRulesOf, vehicleRulesOf } from "@domain/rental-rules";
import { toLocal } from "@domain/rental-time";
import type { PublicVehicle } from "@domain/vehicles";
import type { PublicPageData } from "../types";
import { type AddonPick, parseAddons } from "./addons";
import { pageStartOfDay } from "./page-clock";
import {
  hasSearch,
  isValidSearch,
  maxSeatsOf,
  placesOf,
  type Search,
  type SearchErrors,
  searchDays,
  searchFromQuery,
  validateSearch,
} from "./search";

type Landing = PublicPageData["landing"];

/** The visitor's choices read from the query: the search, the vehicle, the add-ons and their price. */
export type Booking = {
  maxSeats: number;
  /** More people were asked for than any vehicle carries: the page says who to call (issue 24.10). */
  groupTooLarge: boolean;
  search: Search;
  /** The query holds a search (dates given). */
  searched: boolean;
  errors: SearchErrors;
  /** A search was given and it is valid: prices and availability can be shown. */
  valid: boolean;
  days: number | null;
  vehicle: PublicVehicle | null;
  addons: AddonPick[];
  /** The driver's date of birth (yyyy-mm-dd) once typed in the booking form. */
  birth: string | null;
  /** The rules' verdict and the price for the chosen vehicle (the domain's `quoteRental`). */
  quote: RentalQuote | null;
  /** What stops this rental, besides the date of birth the review page asks for. */
  problems: RuleProblem[];
  /** The chosen vehicle's seats when more people were asked for: it cannot be booked for them. */
  seatLimit: number | null;
  price: PriceBreakdown | null;
};

/** The landing's tax rate (percent on the wire) in basis points. */
export const taxBasisPoints = (landing: Pick<Landing, "tax_rate">) => Math.round(landing.tax_rate * 100);

type ContextLanding = Pick<
  Landing,
  "rules" | "places" | "locations" | "tax_rate" | "tax_label" | "currency" | "time_zone"
>;

type ContextVehicle = Pick<PublicVehicle, "price_cents" | "rules">;

/** What the rules and the price depend on besides the vehicle, from the public landing (as the server builds it). */
function tripContext(landing: ContextLanding): TripContext {
  return {
    timeZone: landing.time_zone,
    rules: landingRulesOf(landing.rules),
    places: landing.places ?? [],
    pairs: landing.locations.map((location) => ({
      place_of_departure: location.place_of_departure,
      arrival_place: location.arrival_place,
      one_way_fee_cents: location.one_way_fee_cents ?? 0,
    })),
    taxRateBasisPoints: taxBasisPoints(landing),
    taxLabel: landing.tax_label,
    currency: landing.currency,
  };
}

// The vehicle first: in Node 20 a property added after a spread costs a microsecond (issue 29).
const withVehicle = (trip: TripContext, vehicle: ContextVehicle): RentalContext => ({
  vehicle: { price_cents: vehicle.price_cents, ...vehicleRulesOf(vehicle.rules) },
  ...trip,
});

/** Everything the rules and the price depend on, from the public landing and the vehicle (as the server builds it). */
export const rentalContext = (landing: ContextLanding, vehicle: ContextVehicle): RentalContext =>
  withVehicle(tripContext(landing), vehicle);

/** The picked add-ons with their names and prices (unknown ids dropped). */
export function addonChoices(landing: Pick<Landing, "addons">, picks: readonly AddonPick[]): AddonChoice[] {
  return picks.flatMap((pick) => {
    const addon = landing.addons.find((candidate) => candidate.id === pick.id);
    return addon ? [{ id: addon.id, name: addon.name, priceCents: addon.price_cents, quantity: pick.quantity }] : [];
  });
}

/** The search as the domain's request: places, dates and times, add-ons and the driver's birth date. */
export function rentalRequest(search: Search, addons: AddonChoice[], birth: string | null): RentalRequest {
  return {
    pickup: { date: search.from, time: search.fromTime, place: search.pickup },
    dropoff: { date: search.to, time: search.toTime, place: search.dropoff || search.pickup },
    addons,
    driverBirthDate: birth,
  };
}

/** The verdict and price of `vehicle` for a valid search at `now`, as the server will compute them. */
export function quoteFor(
  landing: ContextLanding & Pick<Landing, "addons">,
  vehicle: Pick<PublicVehicle, "price_cents" | "rules">,
  search: Search,
  picks: readonly AddonPick[],
  birth: string | null,
  now: Date,
): RentalQuote {
  return quoteRental(rentalContext(landing, vehicle), rentalRequest(search, addonChoices(landing, picks), birth), now);
}

/**
 * `quoteFor` of each vehicle, by id: the trip's rules are the landing's, so they are checked once
 * for the whole fleet, not once per vehicle (a list of 30 spent a tenth of its render on them).
 */
export function quoteFleet<Vehicle extends ContextVehicle & Pick<PublicVehicle, "id">>(
  landing: ContextLanding & Pick<Landing, "addons">,
  vehicles: readonly Vehicle[],
  search: Search,
  birth: string | null,
  now: Date,
): Map<number, RentalQuote> {
  const trip = tripContext(landing);
  const request = rentalRequest(search, [], birth);
  const checked = checkTrip(trip, request, now);
  return new Map(
    vehicles.map((vehicle) => [vehicle.id, quoteRental(withVehicle(trip, vehicle), request, now, checked)]),
  );
}

/**
 * The problems a page shows before the review: every rule's, except the missing date of birth,
 * which the booking form asks for (an age the driver is known not to have still shows).
 */
export const stoppingProblems = (quote: RentalQuote) =>
  quote.problems.filter((problem) => problem.key !== "driverBirthDateRequired");

export function resolveBooking(
  data: Pick<PublicPageData, "landing" | "query" | "today">,
  picks?: readonly AddonPick[],
  now: Date = pageStartOfDay(data),
  /** The driver's date of birth typed in the booking form (never in the URL: it is personal). */
  birth: string | null = null,
): Booking {
  const { landing, query } = data;
  // The landing's wall-clock time by the page's clock: a pickup earlier today that has already
  // passed is refused here as the search form and the server refuse it, not only a day before today.
  const current = toLocal(now, landing.time_zone);
  const today = data.today < current.date ? current.date : data.today;
  const maxSeats = maxSeatsOf(landing.vehicles);
  const search = searchFromQuery(query, today, landing.locations, maxSeats);
  const searched = hasSearch(query);
  const errors = validateSearch(search, today, placesOf(landing), current);
  const valid = searched && isValidSearch(errors);
  const days = valid ? searchDays(search) : null;
  const vehicleId = Number(query.vehicle);
  const vehicle = landing.vehicles.find((candidate) => candidate.id === vehicleId) ?? null;
  const addons = picks ? [...picks] : parseAddons(query.addons, landing.addons);
  const quote = vehicle && valid ? quoteFor(landing, vehicle, search, addons, birth, now) : null;
  const problems = quote ? stoppingProblems(quote) : [];
  return {
    maxSeats,
    groupTooLarge: Number(query.seats) > maxSeats,
    search,
    searched,
    errors,
    valid,
    days,
    vehicle,
    addons,
    birth,
    quote,
    problems,
    seatLimit: vehicle && search.seats > vehicle.people ? vehicle.people : null,
    price: quote?.price ?? null,
  };
}
