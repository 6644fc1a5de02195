import { languageOr } from "@domain/languages";
import type { reservationCreateSchema } from "@domain/reservations";
import type { z } from "zod";
import type { AppDeps } from "../deps";
import { findBookableLanding, inLanguage } from "../landings";
import { type BookingTerms, book, type CreatedReservation } from "./book";
import { idempotencyOf } from "./idempotency";

type CreateInput = z.output<typeof reservationCreateSchema>;

/**
 * Books a vehicle of a published landing for a visitor. The price is computed here and nothing the
 * browser sent about it is used. `countSlot` counts the booking against the sender's flood limit,
 * in its transaction (`BookingTerms`).
 */
export async function createReservation(
  deps: AppDeps,
  input: CreateInput,
  idempotencyKey: string | undefined,
  countSlot: BookingTerms["countSlot"],
): Promise<CreatedReservation> {
  const landing = await findBookableLanding(deps.db, { id: input.id_landing, name: input.name_landing });
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
  });
}
