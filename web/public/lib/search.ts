import type { PublicLanding } from "@domain/landings";
import { allPlaces, defaultReturn, type PlacePair, pickupPlaces, samePlace } from "@domain/place-pairs";
import { RENTAL_DAYS_MAX } from "@domain/rental-rules";
import { addDays, isIsoDate, isTime, rentalDays } from "@domain/rental-time";

/** The search of PRODUCT §5: where and when the visitor picks the vehicle up and returns it. */
export type Search = {
  pickup: string;
  dropoff: string;
  from: string;
  fromTime: string;
  to: string;
  toTime: string;
  seats: number;
};

export type SearchField = keyof Search;
export type SearchProblem =
  | "required"
  | "placeUnknown"
  | "dateInvalid"
  | "timeInvalid"
  | "pickupInPast"
  | "pickupTimeInPast"
  | "returnBeforePickup"
  | "rentalTooLong";
export type SearchErrors = Partial<Record<SearchField, SearchProblem>>;

export const DEFAULT_TIME = "10:00";
/** PRODUCT §5: pickup tomorrow at 10:00, return three days later at 10:00. */
export const DEFAULT_RENTAL_DAYS = 3;
export const DEFAULT_SEATS = 2;

/** Every place of the landing's pairs, in the owner's order, each once (pickup and return alike). */
export const placesOf = (landing: Pick<PublicLanding, "locations">): string[] => allPlaces(landing.locations);

/** The largest group any of the landing's vehicles seats (at least 1). */
export const maxSeatsOf = (vehicles: readonly { people: number }[]) =>
  Math.max(1, ...vehicles.map((vehicle) => vehicle.people));

type Pairs = readonly Omit<PlacePair, "one_way_fee_cents">[];

/**
 * The search a visitor starts from: the first pickup place, returned there when the owner offers
 * that round trip (else at the first place that pickup allows), tomorrow 10:00 to three days later 10:00.
 */
export function defaultSearch(today: string, pairs: Pairs, maxSeats: number): Search {
  const from = addDays(today, 1);
  const pickup = pickupPlaces(pairs)[0] ?? "";
  return {
    pickup,
    dropoff: defaultReturn(pairs, pickup),
    from,
    fromTime: DEFAULT_TIME,
    to: addDays(from, DEFAULT_RENTAL_DAYS),
    toTime: DEFAULT_TIME,
    seats: Math.min(DEFAULT_SEATS, maxSeats),
  };
}

/** Whether the query holds a search at all (a pickup and a return date). */
export const hasSearch = (query: Record<string, string>) => Boolean(query.from && query.to);

/**
 * The search in the query, each missing part taken from the defaults; a pickup place without a
 * return place is a round trip. Values are kept as typed so a wrong one can be shown and corrected.
 */
export function searchFromQuery(query: Record<string, string>, today: string, pairs: Pairs, maxSeats: number): Search {
  const fallback = defaultSearch(today, pairs, maxSeats);
  const typedPickup = query.pickup?.trim();
  const pickup = typedPickup || fallback.pickup;
  const seats = Number(query.seats);
  return {
    pickup,
    dropoff: query.dropoff?.trim() || (typedPickup ? pickup : fallback.dropoff),
    from: query.from ?? fallback.from,
    fromTime: query.fromTime ?? fallback.fromTime,
    to: query.to ?? fallback.to,
    toTime: query.toTime ?? fallback.toTime,
    seats: Number.isInteger(seats) && seats >= 1 ? Math.min(seats, maxSeats) : fallback.seats,
  };
}

/**
 * What is wrong with a search: a place the landing does not have at all (a trip it does not offer
 * is a rule's problem, `placePair`, which names the places), an impossible date or time, a pickup before today
 * (or, given the landing's current wall-clock time, already past), a return not after the pickup,
 * a rental longer than the platform takes (nothing is priced for it then).
 */
export function validateSearch(
  search: Search,
  today: string,
  places: readonly string[],
  now?: { date: string; time: string },
): SearchErrors {
  const errors: SearchErrors = {};
  if (search.pickup === "") errors.pickup = "required";
  else if (!places.some((place) => samePlace(place, search.pickup))) errors.pickup = "placeUnknown";
  // A round trip from an unknown pickup is that pickup's problem, said once under it; so is any
  // return from one, which has no list of returns to choose from (a walk's: the message twice).
  const ownDropoff = search.dropoff !== "" && !samePlace(search.dropoff, search.pickup);
  if (ownDropoff && !errors.pickup && !places.some((place) => samePlace(place, search.dropoff))) {
    errors.dropoff = "placeUnknown";
  }
  if (search.from === "") errors.from = "required";
  else if (!isIsoDate(search.from)) errors.from = "dateInvalid";
  if (search.to === "") errors.to = "required";
  else if (!isIsoDate(search.to)) errors.to = "dateInvalid";
  if (!isTime(search.fromTime)) errors.fromTime = search.fromTime === "" ? "required" : "timeInvalid";
  if (!isTime(search.toTime)) errors.toTime = search.toTime === "" ? "required" : "timeInvalid";
  if (errors.from || errors.to || errors.fromTime || errors.toTime) return errors;

  const current = now ?? { date: today, time: "00:00" };
  if (search.from < today || search.from < current.date) {
    errors.from = "pickupInPast";
  } else if (`${search.from}T${search.fromTime}` <= `${current.date}T${current.time}`) {
    // Today, at an hour gone by: the hour is what to change, not the date; the time field is the
    // one marked and focused (the pair's messages show under both, search-fields.tsx), as the
    // server names `time_of_departure`.
    errors.fromTime = "pickupTimeInPast";
  } else if (`${search.to}T${search.toTime}` <= `${search.from}T${search.fromTime}`) {
    errors.to = "returnBeforePickup";
  } else if (searchDays(search) > RENTAL_DAYS_MAX) {
    errors.to = "rentalTooLong";
  }
  return errors;
}

export const isValidSearch = (errors: SearchErrors) => Object.keys(errors).length === 0;

/** Rental days of a valid search (whole 24-hour periods, rounded up, at least 1). */
export const searchDays = (search: Search) =>
  rentalDays({ date: search.from, time: search.fromTime }, { date: search.to, time: search.toTime }) ?? 1;

/** The search a search form holds now, sent or not (a return elsewhere only when its box is ticked). */
export function searchFromForm(form: FormData, fallbackSeats: number): Search {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const pickup = text("pickup");
  return {
    pickup,
    dropoff: form.get("different") ? text("dropoff") || pickup : pickup,
    from: text("from"),
    fromTime: text("fromTime"),
    to: text("to"),
    toTime: text("toTime"),
    seats: Number(text("seats")) || fallbackSeats,
  };
}

/** The search as query parameters (the return place only when it differs from the pickup). */
export function searchQuery(search: Search): Record<string, string> {
  return {
    pickup: search.pickup,
    ...(samePlace(search.dropoff, search.pickup) ? {} : { dropoff: search.dropoff }),
    from: search.from,
    fromTime: search.fromTime,
    to: search.to,
    toTime: search.toTime,
    seats: String(search.seats),
  };
}
