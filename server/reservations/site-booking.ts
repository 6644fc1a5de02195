import { languageOr } from "@domain/languages";
import type { reservationCreateSchema } from "@domain/reservations";
import type { z } from "zod";
import type { vehicles } from "../db/schema";
import type { AppDeps } from "../deps";
import { type BookableLanding, findBookableLanding, inLanguage, keptBookableLanding } from "../landings";
import { type BookingTerms, book, type CreatedReservation } from "./book";
import { LandingChanged } from "./checks";
import { idempotencyOf } from "./idempotency";

type CreateInput = z.output<typeof reservationCreateSchema>;
type VehicleRow = typeof vehicles.$inferSelect;

/**
 * Books a vehicle of a published landing for a visitor. The price is computed here and nothing the
 * browser sent about it is used. `countSlot` counts the booking against the sender's flood limit
 * once its checks pass (`BookingTerms`).
 *
 * The landing is the copy kept from an earlier read when there is one: the vehicle's statement
 * checks that it is still the landing's version, and the booking starts again from the landing
 * read afresh when it is not (issue 29: one round trip fewer on every booking and refusal).
 */
export async function createReservation(
  deps: AppDeps,
  input: CreateInput,
  idempotencyKey: string | undefined,
  countSlot: BookingTerms["countSlot"],
  /** The landing's vehicle of that id as the public site keeps it for that content version, if it does. */
  keptVehicleOf: (landing: { id: number; contentVersion: number }, id: number) => VehicleRow | undefined,
): Promise<CreatedReservation> {
  const bookOn = (landing: BookableLanding, keptVersion?: number) => {
    // The add-ons and closure notes as the visitor read them, in the language they book in.
    const bookable = inLanguage(landing, languageOr(input.language, languageOr(landing.landing.defaultLanguage, "es")));
    return book(deps, bookable, input, {
      source: "public",
      status: "pending",
      paymentSettings: landing.paymentSettings,
      idempotency: idempotencyOf(idempotencyKey, input),
      override: null,
      rulesOverride: null,
      unit: null,
      customerMail: "reservation.customer",
      mailOwner: true,
      countSlot,
      keptVersion,
      keptVehicle: keptVersion === undefined ? undefined : keptVehicleOf(landing.landing, input.id_vehicle),
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
