import type { AcceptChargesInput } from "@domain/documents";
import { translate } from "@domain/messages";
import { and, eq, isNull } from "drizzle-orm";
import { ownedBy } from "../db/owner-scope";
import { invoices, landings, rentalHandovers, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { captureDeposit } from "../payments";
import { loadReservation, presentReservation } from "../reservations";
import { privateFolder } from "../storage";
import { signatureImage } from "./signature";

/**
 * The customer accepts the return's charges (issue 28.4): they are shown on the counter's screen,
 * the customer signs for them, and where the deposit is held on their card (issue 27) they are
 * taken from it, up to what is held; what the hold does not cover stays due on the invoice.
 * Accepted once: a second tap or another tab is refused.
 */
export async function acceptCharges(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: AcceptChargesInput,
): Promise<{ takenCents: number; dueCents: number; currency: string }> {
  const [row] = await deps.db
    .select({ status: reservations.status, back: rentalHandovers, invoice: invoices })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .leftJoin(rentalHandovers, and(eq(rentalHandovers.reservationId, reservations.id), eq(rentalHandovers.kind, "in")))
    .leftJoin(invoices, eq(invoices.reservationId, reservations.id))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)));
  if (!row) throw new HttpError(404, "reservationNotFound");
  const { back, invoice } = row;
  if (!back || !invoice || (back.charges?.totalCents ?? 0) === 0) throw new HttpError(409, "chargesNothingToAccept");
  if (back.chargesAcceptedAt) throw new HttpError(409, "chargesAlreadyAccepted");
  const signature = await signatureImage(input.signature);
  const path = await deps.storage.put(privateFolder("signatures"), "png", signature);
  const accepted = await deps.db
    .update(rentalHandovers)
    .set({ chargesAcceptedAt: deps.clock.now(), chargesAcceptedBy: input.signer_name, chargesSignaturePath: path })
    .where(and(eq(rentalHandovers.id, back.id), isNull(rentalHandovers.chargesAcceptedAt)))
    .returning({ id: rentalHandovers.id });
  if (accepted.length === 0) {
    await deps.storage.remove(path);
    throw new HttpError(409, "chargesAlreadyAccepted");
  }

  // The charges with their tax, as invoiced.
  const chargesCents = invoice.chargesCents + invoice.chargesTaxCents;
  const found = await loadReservation(deps.db, reservationId);
  if (!found) throw new HttpError(404, "reservationNotFound");
  const payment = presentReservation(found, deps.storage.url).payment;
  const held = payment && payment.deposit_status === "held" ? payment.held_cents : 0;
  let takenCents = 0;
  if (held > 0) {
    const amount = Math.min(chargesCents, held);
    try {
      await captureDeposit(deps, ownerId, reservationId, {
        amount,
        // In the customer's words: the email about the deposit tells them why.
        reason: translate(found.reservation.language === "en" ? "en" : "es", "chargesReason", {
          reference: found.reservation.reference,
        }),
        held_cents: held,
      });
      takenCents = amount;
      await deps.db
        .update(rentalHandovers)
        .set({ chargesFromDepositCents: amount })
        .where(eq(rentalHandovers.id, back.id));
    } catch (error) {
      // The card refused, or the hold lapsed: the charges are accepted, and stay due at the counter.
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return { takenCents, dueCents: Math.max(0, chargesCents - takenCents), currency: found.reservation.currency };
}
