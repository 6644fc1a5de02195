import { type PriceBreakdown, priceRental } from "../../../domain/pricing";
import type { PublicVehicle } from "../../../domain/vehicles";
import type { PublicPageData } from "../types";
import { type AddonPick, parseAddons } from "./addons";
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
  places: string[];
  maxSeats: number;
  search: Search;
  /** The query holds a search (dates given). */
  searched: boolean;
  errors: SearchErrors;
  /** A search was given and it is valid: prices and availability can be shown. */
  valid: boolean;
  days: number | null;
  vehicle: PublicVehicle | null;
  addons: AddonPick[];
  /** The price for the chosen vehicle, period and add-ons (the domain's pricing function). */
  price: PriceBreakdown | null;
};

/** The landing's tax rate (percent on the wire) in basis points. */
export const taxBasisPoints = (landing: Pick<Landing, "tax_rate">) => Math.round(landing.tax_rate * 100);

/** The price of `vehicle` for `days` with the picked add-ons, as the server will compute it. */
export function priceOf(
  landing: Pick<Landing, "addons" | "tax_rate" | "tax_label" | "currency">,
  vehicle: Pick<PublicVehicle, "price_cents">,
  days: number,
  picks: readonly AddonPick[],
): PriceBreakdown {
  const addons = picks.flatMap((pick) => {
    const addon = landing.addons.find((candidate) => candidate.id === pick.id);
    return addon ? [{ id: addon.id, name: addon.name, priceCents: addon.price_cents, quantity: pick.quantity }] : [];
  });
  return priceRental({
    pricePerDayCents: vehicle.price_cents,
    days,
    addons,
    taxRateBasisPoints: taxBasisPoints(landing),
    taxLabel: landing.tax_label,
    currency: landing.currency,
  });
}

export function resolveBooking(
  data: Pick<PublicPageData, "landing" | "query" | "today">,
  picks?: readonly AddonPick[],
): Booking {
  const { landing, query, today } = data;
  const places = placesOf(landing);
  const maxSeats = maxSeatsOf(landing.vehicles);
  const search = searchFromQuery(query, today, places, maxSeats);
  const searched = hasSearch(query);
  const errors = validateSearch(search, today, places);
  const valid = searched && isValidSearch(errors);
  const days = valid ? searchDays(search) : null;
  const vehicleId = Number(query.vehicle);
  const vehicle = landing.vehicles.find((candidate) => candidate.id === vehicleId) ?? null;
  const addons = picks ? [...picks] : parseAddons(query.addons, landing.addons);
  const price = vehicle && days !== null ? priceOf(landing, vehicle, days, addons) : null;
  return { places, maxSeats, search, searched, errors, valid, days, vehicle, addons, price };
}
