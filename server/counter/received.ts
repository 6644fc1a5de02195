import {
  type ManualRefundInput,
  PAYMENT_RECORDABLE_STATUSES,
  type ReceivedPaymentInput,
} from "@domain/payment-actions";
import {
  depositLeftCents,
  type FromDepositReason,
  receivedByHand,
  refundedBeyondReceived,
  settlementOf,
} from "@domain/payments";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/database";
import { payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { lockOwned, tellCustomer } from "../payments";
import { loadReservation, type ReservationWithAddons } from "../reservations";

/**
 * Money the owner takes in person (cash, a card on their own terminal) or sees arrive by transfer,
 * recorded on the booking's ledger (provider "manual", kind "received") against what is left to pay:
 * the booking's total plus the return's charges accepted, less all that was paid. The figure the
 * owner saw is checked under the booking's lock, so a double click or a second tab records once.
 * Money given back by hand (a transfer back after a cancellation, cash) is recorded the same way,
 * up to what came in outside the card provider. Either, recorded by mistake, is undone by the owner
 * and stays on the ledger as undone.
 */

async function reloaded(deps: AppDeps, reservationId: number) {
  const found = await loadReservation(deps.db, reservationId);
  if (!found) throw new HttpError(404, "reservationNotFound");
  return found;
}

/** A movement recorded by hand on the booking's ledger; the booking's `updated_at` moves with it. */
export async function writeByHand(
  tx: Database,
  row: { id: number; landingId: number; currency: string },
  kind: "received" | "refund",
  input: { amount: number; method: string; note: string | null; reason?: FromDepositReason },
  now: Date,
) {
  await tx.insert(payments).values({
    reservationId: row.id,
    landingId: row.landingId,
    kind,
    status: "succeeded",
    amountCents: input.amount,
    currency: row.currency.toLowerCase(),
    provider: "manual",
    providerId: null,
    method: input.method,
    // A refund by hand is the owner's own doing, as their refunds through the provider are.
    reason: kind === "refund" ? "owner" : (input.reason ?? null),
    note: input.note,
    createdAt: now,
    updatedAt: now,
  });
  await tx.update(reservations).set({ updatedAt: now }).where(eq(reservations.id, row.id));
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
    if (!input.from_deposit) {
      await writeByHand(tx, row, "received", input, now);
      return;
    }
    // Taken out of the deposit the counter took, up to what its charges and earlier payments left
    // of it: recorded the way it came in, and it comes off what goes back of it (`depositBackCents`).
    const deposit = found.counterDeposit;
    const left = depositLeftCents(deposit, receivedByHand(found.payments));
    if (!deposit || left === 0) throw new HttpError(409, "nothingInDeposit");
    if (input.amount > left) {
      throw ValidationError.field("amount", "paymentAboveDeposit", { amount: formatMoney(left, row.currency) });
    }
    await writeByHand(tx, row, "received", { ...input, method: deposit.method, reason: "deposit_kept" }, now);
  });
  return reloaded(deps, reservationId);
}

/**
 * Records money the owner gave back by hand, under the booking's lock, against what they saw could
 * be given back, and emails the customer that it came back.
 */
export async function recordRefund(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  input: ManualRefundInput,
  formatMoney: (cents: number, currency: string) => string,
): Promise<ReservationWithAddons> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { row } = await lockOwned(tx, ownerId, reservationId);
    const found = await loadReservation(tx, row.id);
    if (!found) throw new HttpError(404, "reservationNotFound");
    const { refundable_by_hand_cents: refundable } = settlementOf(
      row.totalCents,
      found.chargesCents,
      found.payments,
      row.status === "cancelled",
    );
    if (refundable !== input.refundable_cents) throw new HttpError(409, "paymentChangedMeanwhile");
    if (refundable === 0) throw new HttpError(409, "nothingToRefundByHand");
    if (input.amount > refundable) {
      throw ValidationError.field("amount", "refundAboveRefundable", { amount: formatMoney(refundable, row.currency) });
    }
    await writeByHand(tx, row, "refund", input, now);
  });
  const found = await reloaded(deps, reservationId);
  // As a refund through the card provider is: the customer hears how much came back, and how.
  await tellCustomer(deps, found, {
    kind: "refundedByHand",
    amountCents: input.amount,
    reason: input.note,
    method: input.method,
  });
  return found;
}

/**
 * Undoes a payment or refund recorded by hand by mistake (the owner confirmed it): no money moved
 * through the product, so nothing is asked of a provider. The row stays on the ledger, voided and
 * dated, counted by no sum (they all read succeeded movements), so the booking's record shows what
 * was written and undone, and when. Another owner's booking, a movement the provider made (a card
 * payment, a card refund), or one undone already (a second tab) is not found. A refund undone is
 * told to the customer, who was emailed it.
 */
export async function undoPayment(
  deps: AppDeps,
  ownerId: number,
  reservationId: number,
  paymentId: number,
): Promise<{ found: ReservationWithAddons; amountCents: number; refund: boolean; currency: string }> {
  const now = deps.clock.now();
  const { amountCents, refund, currency, method } = await deps.db.transaction(async (tx) => {
    const { row } = await lockOwned(tx, ownerId, reservationId);
    // The charges taken from a deposit received at the counter were signed for with the return:
    // undone alone, the counter would still say that much of the deposit was kept.
    const [fromDeposit] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.reservationId, row.id), eq(payments.reason, "deposit")));
    if (fromDeposit) throw new HttpError(409, "paymentFromDeposit");
    const [voided] = await tx
      .update(payments)
      .set({ status: "voided", voidedAt: now, updatedAt: now })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.reservationId, row.id),
          inArray(payments.kind, ["received", "refund"]),
          eq(payments.provider, "manual"),
          eq(payments.status, "succeeded"),
        ),
      )
      .returning({ amountCents: payments.amountCents, kind: payments.kind, method: payments.method });
    if (!voided) throw new HttpError(404, "paymentNotFound");
    // Money received that was given back (in part) cannot be undone before that refund is: the
    // record would say a refund went out of nothing. The transaction then writes nothing.
    if (voided.kind === "received") {
      const found = await loadReservation(tx, row.id);
      if (found && refundedBeyondReceived(found.payments)) throw new HttpError(409, "paymentRefundedByHand");
    }
    await tx.update(reservations).set({ updatedAt: now }).where(eq(reservations.id, row.id));
    return {
      amountCents: voided.amountCents,
      refund: voided.kind === "refund",
      currency: row.currency,
      method: voided.method,
    };
  });
  const found = await reloaded(deps, reservationId);
  // The customer was emailed the refund (recordRefund): they are told it was a mistake, so they do
  // not wait for money that is not coming. Money received by hand was never emailed.
  if (refund) await tellCustomer(deps, found, { kind: "refundByHandUndone", amountCents, reason: null, method });
  return { found, amountCents, refund, currency };
}
