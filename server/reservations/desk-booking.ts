import { languageOr } from "@domain/languages";
import { samePlace } from "@domain/place-pairs";
import type { manualQuoteSchema, manualReservationCreateSchema } from "@domain/reservations";
import type { z } from "zod";
import type { AppDeps } from "../deps";
import { findBookableLanding, inLanguage } from "../landings";
import { freeVehicleIds } from "./availability";
import { book, type CreatedReservation } from "./book";
import { bookingPeriod, chosenAddons, findLandingVehicle } from "./checks";
import { idempotencyOf } from "./idempotency";
import { quoteFor } from "./quote";

type ManualInput = z.output<typeof manualReservationCreateSchema>;
type QuoteInput = z.output<typeof manualQuoteSchema>;

/**
 * The owner's landing as a booking checks it: draft or published (the owner may take bookings by
 * phone before the site is live), never trashed; another owner's or an unknown one is a 404.
 */
export async function ownedBookableLanding(deps: AppDeps, ownerId: number, landingId: number) {
  return findBookableLanding(deps.db, { id: landingId, ownerId, includeDrafts: true });
}

/**
 * The desk's "now": the current minute is not past but now, so a customer at the counter can be
 * booked for the time on the clock (the time picker has whole minutes; the site's travellers are
 * asked for a later one). What counts from now (a pickup in the past, the lead time) counts from
 * the start of that minute.
 */
export const deskNow = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 1);

/**
 * A booking the owner took for a customer who called or wrote: the site's checks, price and
 * availability, already confirmed, at the agreed price when there is one, past the owner's own
 * rules when they say why (never past availability or the trips they offer), on a unit if chosen. The customer is emailed
 * the confirmation only when the owner asks; the owner is not emailed about their own booking.
 */
export async function createManualReservation(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  input: ManualInput,
  idempotencyKey: string | undefined,
): Promise<CreatedReservation> {
  const owned = await ownedBookableLanding(deps, ownerId, landingId);
  // The add-ons named as the customer reads them, in their language (their emails, their page).
  const bookable = inLanguage(owned, languageOr(input.language, languageOr(owned.landing.defaultLanguage, "es")));
  const { notify_customer, price_override, rules_override, unit, ...request } = input;
  return book(deps, bookable, request, {
    source: "manual",
    status: "confirmed",
    paymentSettings: null,
    idempotency: idempotencyOf(idempotencyKey, input),
    override: price_override && { totalCents: price_override.total_cents, reason: price_override.reason },
    rulesOverride: rules_override && { reason: rules_override.reason },
    unit,
    asOf: deskNow(deps.clock.now()),
    customerMail: notify_customer ? "reservation.confirmed" : null,
    mailOwner: false,
    countSlot: null,
  });
}

/**
 * How a quote is checked when it is for a change of an existing booking (issue 25.21): the rules
 * counted from `asOf`, the booking itself not in its own way (`exceptId`), its own places allowed
 * even if the owner has since removed that pair (`keptPlaces`).
 */
export type QuoteOptions = { asOf?: Date; exceptId?: number; keptPlaces?: { pickup: string; dropoff: string } };

/** What the dialog shows before saving: the rules' price, whether a unit is free, and what stops it. */
export async function quoteManualReservation(
  deps: AppDeps,
  ownerId: number,
  landingId: number,
  input: QuoteInput,
  options: QuoteOptions = {},
) {
  const { asOf = deskNow(deps.clock.now()), exceptId, keptPlaces } = options;
  const bookable = await ownedBookableLanding(deps, ownerId, landingId);
  const vehicle = await findLandingVehicle(deps.db, landingId, input.id_vehicle);
  const pickup = { date: input.date_of_departure, time: input.time_of_departure };
  const dropoff = { date: input.date_of_arrival, time: input.time_of_arrival };
  const period = bookingPeriod(bookable.landing, pickup, dropoff, asOf);
  const quote = quoteFor(
    bookable,
    vehicle,
    {
      pickup: { ...pickup, place: input.place_of_departure },
      dropoff: { ...dropoff, place: input.arrival_place },
      driverBirthDate: input.driver_birth_date,
    },
    chosenAddons(bookable, input.addons),
    asOf,
  );
  const keeps =
    keptPlaces !== undefined &&
    samePlace(input.place_of_departure, keptPlaces.pickup) &&
    samePlace(input.arrival_place, keptPlaces.dropoff);
  const free = await freeVehicleIds(deps.db, [vehicle], period, exceptId);
  return {
    price: quote.price,
    depositCents: quote.depositCents,
    available: free.has(vehicle.id),
    problems: keeps ? quote.problems.filter((problem) => problem.rule !== "placePair") : quote.problems,
  };
}
