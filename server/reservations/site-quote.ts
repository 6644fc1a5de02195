import type { Language } from "@domain/languages";
import { languageOr } from "@domain/languages";
import type { vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { findBookableLanding, inLanguage } from "../landings";
import { bookingPeriod, chosenAddons } from "./checks";
import { publicFreeVehicleIds } from "./holds-cache";
import { quoteFor } from "./quote";

type LocalDateTime = { date: string; time: string };

/** What a visitor asks the price of: a vehicle, a period, the add-ons, the places when chosen. */
export type VisitorQuoteQuery = {
  vehicle: number;
  from: LocalDateTime;
  to: LocalDateTime;
  addons: { id: number; quantity: number }[];
  pickup?: string;
  return?: string;
  lang?: Language;
};

/**
 * The site's quote: the price of a vehicle of a published landing, whether a unit is free, and each
 * rental rule that stops it (the booking then checks and prices the same way). The driver's age is
 * not asked here: a date of birth never travels in a URL, so the booking itself charges for it.
 */
export async function visitorQuote(
  deps: AppDeps,
  landingName: string,
  query: VisitorQuoteQuery,
  /** The landing's vehicle of that id (the public site keeps each landing's fleet), or 404. */
  vehicleOf: (landing: { id: number; contentVersion: number }, id: number) => Promise<typeof vehicles.$inferSelect>,
) {
  const { vehicle: vehicleId, from, to, addons } = query;
  const landing = await findBookableLanding(deps.db, { name: landingName, recent: true });
  // Add-on names and closure notes in the language the visitor reads (`lang`, else the landing's).
  const bookable = inLanguage(landing, query.lang ?? languageOr(landing.landing.defaultLanguage, "es"));
  const vehicle = await vehicleOf(bookable.landing, vehicleId);
  const period = bookingPeriod(bookable.landing, from, to, deps.clock.now());
  // Without places the first location's pair is assumed, as the search form does; a pickup
  // without a return is a round trip. A trip not offered is one of the answer's problems.
  const [first] = bookable.places;
  const pickupPlace = query.pickup ?? first?.placeOfDeparture ?? "";
  const returnPlace = query.return ?? query.pickup ?? first?.arrivalPlace ?? "";
  const quote = quoteFor(
    bookable,
    vehicle,
    {
      pickup: { ...from, place: pickupPlace },
      dropoff: { ...to, place: returnPlace },
      driverBirthDate: null,
    },
    chosenAddons(bookable, addons),
    deps.clock.now(),
  );
  const free = await publicFreeVehicleIds(deps.db, bookable.landing, [vehicle], period);
  return {
    landingId: bookable.landing.id,
    paymentSettings: bookable.paymentSettings,
    price: quote.price,
    depositCents: quote.depositCents,
    available: free.has(vehicle.id),
    problems: quote.problems,
  };
}
