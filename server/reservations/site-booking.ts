import { languageOr } from "@domain/languages";
import { landingRulesOf } from "@domain/rental-rules";
import type { reservationCreateSchema } from "@domain/reservations";
import type { z } from "zod";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { type BookableLanding, findBookableLanding, inLanguage, keptBookableLanding } from "../landings";
import { type BookingTerms, book, type CreatedReservation } from "./book";
import { type KeptVehicle, LandingChanged } from "./booking-vehicle";
import { keepLandingHolds } from "./holds-cache";
import { idempotencyOf } from "./idempotency";

type CreateInput = z.output<typeof reservationCreateSchema>;

/**
 * Books a vehicle of a published landing for a visitor. The price is computed here and nothing the
 * browser sent about it is used. `countSlot` counts the booking against the sender's flood limit
 * once its checks pass (`BookingTerms`).
 *
 * The landing is the copy kept from an earlier read when there is one, and the car the copy the
 * site keeps of the landing's fleet when it does (`keptVehicleOf`): the booking's first statement
 * checks that the landing is still of that version, and the booking starts again from the landing
 * read afresh when it is not (issue 29: fewer round trips and statements on every booking and
 * refusal; `checkRequest`).
 */
export async function createReservation(
  deps: AppDeps,
  input: CreateInput,
  idempotencyKey: string | undefined,
  countSlot: BookingTerms["countSlot"],
  /** The landing's vehicle of that id as the public site keeps it for that content version, if it does. */
  keptVehicleOf: (landing: { id: number; contentVersion: number }, id: number) => KeptVehicle | undefined,
): Promise<CreatedReservation> {
  // The key answers for the booking asked, not for how the page asked it: the total it had
  // confirmed (none while its quote is on its way after a reload) and the language it was read in
  // are left out of the fingerprint, so such a resend is answered with the booking made.
  const { expected_total_cents: _total, language: _language, ...booking } = input;
  const idempotency = idempotencyOf(idempotencyKey, booking);
  const bookOn = (landing: BookableLanding, keptVersion?: number) => {
    // The add-ons and closure notes as the visitor read them, in the language they book in.
    const bookable = inLanguage(landing, languageOr(input.language, languageOr(landing.landing.defaultLanguage, "es")));
    return book(deps, bookable, input, {
      source: "public",
      status: "pending",
      paymentSettings: landing.paymentSettings,
      idempotency,
      override: null,
      rulesOverride: null,
      unit: null,
      customerMail: "reservation.customer",
      mailOwner: true,
      countSlot,
      keptVersion,
      keptVehicle: keptVersion === undefined ? undefined : keptVehicleOf(landing.landing, input.id_vehicle),
      expectedTotalCents: input.expected_total_cents,
    }).catch((error: unknown) => {
      // A car taken: the landing's holds are read, once per version, so that the next bookings
      // of its cars taken are refused from them, without a transaction (`keptBookingVehicle`).
      if (error instanceof HttpError && error.key === "vehicleTaken") keepLandingHolds(deps.db, landing.landing);
      if (error instanceof HttpError && error.key === "tooManyReservations") throw floodRefusal(landing, error);
      throw error;
    });
  };
  const kept = input.id_landing !== undefined ? keptBookableLanding(deps.db, input.id_landing) : undefined;
  if (kept) {
    try {
      return await bookOn(kept.value, kept.version);
    } catch (error) {
      if (!(error instanceof LandingChanged)) throw error;
    }
  }
  return bookOn(await findBookableLanding(deps.db, { id: input.id_landing, name: input.name_landing }));
}

/**
 * The flood limit's refusal (server/limits/reservation-slots.ts) in words that fit the landing: the
 * visitor is told to call only when it gives a phone, to write on WhatsApp when that is all it
 * gives, and otherwise only when to try again.
 */
function floodRefusal(landing: BookableLanding, error: HttpError) {
  const { contact_phone, whatsapp } = landingRulesOf(landing.landing.rules);
  const key = contact_phone.trim()
    ? "tooManyReservations"
    : whatsapp.trim()
      ? "tooManyReservationsWhatsapp"
      : "tooManyReservationsLater";
  return new HttpError(error.statusCode, key, error.params);
}
