import { PAYMENT_RECORDABLE_STATUSES, type ReceivedPaymentInput } from "@domain/payment-actions";
import { settlementOf } from "@domain/payments";
import { and, eq } from "drizzle-orm";
import { payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { lockOwned } from "../payments";
import { loadReservation, type ReservationWithAddons } from "../reservations";

/**
 * Money the owner takes in person (cash, a card on their own terminal) or sees arrive by transfer,
 * recorded on the booking's ledger (provider "manual", kind "received") against what is left to pay:
 * the booking's total plus the return's charges accepted, less all that was paid. The figure the
 * owner saw is checked under the booking's lock, so a double click or a second tab records once.
 * A payment recorded by mistake is undone by the owner.
 */

async function reloaded(deps: AppDeps, reservationId: number) {
  const found = await loadReservation(deps.db, reservationId);
  if (!found) throw new HttpError(404, "reservationNotFound");
  return found;
}

export async function recordPayment(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: ReceivedPaymentInput,
  formatMoney: (cents: number, currency: string) => string,
): Promise<ReservationWithAddons> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { row } = await lockOwned(tx, ownerId, reservationId);
    if (!PAYMENT_RECORDABLE_STATUSES.includes(row.status)) throw new HttpError(409, "paymentNotRecordable");
    const found = await loadReservation(tx, row.id);
    if (!found) throw new HttpError(404, "reservationNotFound");
    const { outstanding_cents: outstanding } = settlementOf(row.totalCents, found.chargesCents, found.payments, false);
    if (outstanding !== input.outstanding_cents) throw new HttpError(409, "paymentChangedMeanwhile");
    if (outstanding === 0) throw new HttpError(409, "nothingOutstanding");
    if (input.amount > outstanding) {
      throw ValidationError.field("amount", "paymentAboveOutstanding", {
        amount: formatMoney(outstanding, row.currency),
      });
    }
    await tx.insert(payments).values({
      reservationId: row.id,
      landingId: row.landingId,
      kind: "received",
      status: "succeeded",
      amountCents: input.amount,
      currency: row.currency.toLowerCase(),
      provider: "manual",
      providerId: null,
      method: input.method,
      note: input.note,
      createdAt: now,
      updatedAt: now,
    });
    await tx.update(reservations).set({ updatedAt: now }).where(eq(reservations.id, row.id));
  });
  return reloaded(deps, reservationId);
}

/**
 * Takes a payment recorded by mistake back off the ledger (the owner confirmed it): no money moved
 * through the product, so nothing is asked of a provider, and the row goes rather than staying as a
 * second figure every sum would have to skip. Another owner's booking, or a payment of another
 * kind (a card payment, a refund), is not found.
 */
export async function undoPayment(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  paymentId: number,
): Promise<{ found: ReservationWithAddons; amountCents: number; currency: string }> {
  const now = deps.clock.now();
  const { amountCents, currency } = await deps.db.transaction(async (tx) => {
    const { row } = await lockOwned(tx, ownerId, reservationId);
    const [removed] = await tx
      .delete(payments)
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.reservationId, row.id),
          eq(payments.kind, "received"),
          eq(payments.provider, "manual"),
        ),
      )
      .returning({ amountCents: payments.amountCents });
    if (!removed) throw new HttpError(404, "paymentNotFound");
    await tx.update(reservations).set({ updatedAt: now }).where(eq(reservations.id, row.id));
    return { amountCents: removed.amountCents, currency: row.currency };
  });
  return { found: await reloaded(deps, reservationId), amountCents, currency };
}
