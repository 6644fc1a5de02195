import { depositTaken } from "@domain/counter";
import type { AcceptChargesInput } from "@domain/documents";
import { translate } from "@domain/messages";
import { depositLeftCents, type LedgerMovement, receivedByHand } from "@domain/payments";
import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { onLandingOwnedBy, ownedBy } from "../db/owner-scope";
import { invoices, landings, rentalHandovers, reservations, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError } from "../http/errors";
import { captureDeposit, lockOwned } from "../payments";
import { loadReservation, presentReservation } from "../reservations";
import { privateFolder } from "../storage";
import { writeByHand } from "./received";
import { signatureImage } from "./signature";

/**
 * The customer accepts the return's charges (issue 28.4): they are shown on the counter's screen,
 * the customer signs for them, and where the deposit is held on their card (issue 27) they are
 * taken from it, up to what is held; what the hold does not cover stays due on the invoice. A deposit
 * taken at the counter pays them the same way, recorded on the ledger as money received.
 * Accepted once: a second tap or another tab is refused.
 */
export async function acceptCharges(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: AcceptChargesInput,
): Promise<AcceptedCharges> {
  const out = alias(rentalHandovers, "out");
  const [row] = await deps.db
    .select({
      booking: { id: reservations.id, landingId: reservations.landingId, currency: reservations.currency },
      ownerLanguage: users.language,
      back: rentalHandovers,
      out,
      invoice: invoices,
    })
    .from(reservations)
    .innerJoin(landings, eq(landings.id, reservations.landingId))
    .innerJoin(users, eq(users.id, landings.ownerId))
    .leftJoin(rentalHandovers, and(eq(rentalHandovers.reservationId, reservations.id), eq(rentalHandovers.kind, "in")))
    .leftJoin(out, and(eq(out.reservationId, reservations.id), eq(out.kind, "out")))
    .leftJoin(invoices, eq(invoices.reservationId, reservations.id))
    .where(and(eq(reservations.id, reservationId), ownedBy(ownerId)));
  if (!row) throw new HttpError(404, "reservationNotFound");
  const { back, invoice } = row;
  if (!back || !invoice || (back.charges?.totalCents ?? 0) === 0) throw new HttpError(409, "chargesNothingToAccept");
  if (back.chargesAcceptedAt) throw new HttpError(409, "chargesAlreadyAccepted");
  // What the customer signs for is what they were shown: a correction saved since (another screen)
  // is gone through with them again, not signed for unseen.
  const shownCents = back.charges?.totalCents ?? 0;
  if (input.charges_total_cents !== shownCents) throw new HttpError(409, "chargesChanged");
  const signature = await signatureImage(input.signature);
  const path = await deps.storage.put(privateFolder("signatures"), "png", signature);

  // The charges with their tax, as invoiced.
  const chargesCents = invoice.chargesCents + invoice.chargesTaxCents;
  // A deposit taken at the counter pays them first, from what is left of it (the owner may have
  // recorded the balance as paid from it already), recorded as money received the way it came in
  // (cash, the owner's terminal); the rest of it goes back to the customer (`depositBackCents`).
  const atCounter = depositTaken(row.out);
  let leftCents = 0;
  let fromCounter = 0;
  const now = deps.clock.now();
  const accepted = await deps.db.transaction(async (tx) => {
    if (atCounter) {
      // Under the booking's lock, as a payment recorded from the deposit is: never taken twice.
      const { entries } = await lockOwned(tx, ownerId, reservationId);
      leftCents = depositLeftCents(atCounter, receivedByHand(entries as LedgerMovement[]));
      fromCounter = Math.min(chargesCents, leftCents);
    }
    const marked = await tx
      .update(rentalHandovers)
      .set({
        chargesAcceptedAt: now,
        chargesAcceptedBy: input.signer_name,
        chargesSignaturePath: path,
        chargesFromDepositCents: fromCounter,
      })
      .where(
        and(
          eq(rentalHandovers.id, back.id),
          isNull(rentalHandovers.chargesAcceptedAt),
          // Not corrected since it was read (a correction writes the row under the same condition).
          sql`jsonb_array_length(${rentalHandovers.corrections}) = ${back.corrections.length}`,
        ),
      )
      .returning({ id: rentalHandovers.id });
    if (marked.length === 0) return false;
    if (atCounter && fromCounter > 0) {
      const note = translate(row.ownerLanguage === "en" ? "en" : "es", "depositChargesNote");
      await writeByHand(
        tx,
        row.booking,
        "received",
        { amount: fromCounter, method: atCounter.method, note, reason: "deposit" },
        now,
      );
    }
    return true;
  });
  if (!accepted) {
    await deps.storage.remove(path);
    // Accepted first from another screen, or corrected since it was read: said which.
    const [current] = await deps.db
      .select({ acceptedAt: rentalHandovers.chargesAcceptedAt })
      .from(rentalHandovers)
      .where(and(eq(rentalHandovers.id, back.id), onLandingOwnedBy(rentalHandovers.landingId, ownerId)));
    throw new HttpError(409, current?.acceptedAt ? "chargesAlreadyAccepted" : "chargesChanged");
  }
  if (atCounter) {
    return {
      takenCents: fromCounter,
      dueCents: chargesCents - fromCounter,
      backCents: leftCents - fromCounter,
      partOfDeposit: leftCents < atCounter.cents,
      currency: row.booking.currency,
    };
  }

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
  return {
    takenCents,
    dueCents: Math.max(0, chargesCents - takenCents),
    backCents: null,
    partOfDeposit: false,
    currency: found.reservation.currency,
  };
}

/**
 * What accepting the charges did: taken from the deposit (held on the card, or taken at the
 * counter), still due, and for a deposit taken at the counter what goes back of it (else null), and
 * whether only part of it was left to take from (the rest paid from it before).
 */
type AcceptedCharges = {
  takenCents: number;
  dueCents: number;
  backCents: number | null;
  partOfDeposit: boolean;
  currency: string;
};
