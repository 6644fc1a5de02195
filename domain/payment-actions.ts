import { z } from "zod";
import type { ApiMessageKey } from "./messages";
import { moneyField } from "./money-field";
import { PICKUP_METHODS } from "./payments";

/**
 * What the owner does with a booking's money by hand (issue 27.4 and 27.5): give back part of a
 * card payment, charge part or all of the deposit held on the card, or release that hold.
 */

const m = (key: ApiMessageKey) => key;

const MONEY_REASON_MIN = 3;
export const MONEY_REASON_MAX = 200;

const reason = z
  .string(m("moneyReasonRequired"))
  .trim()
  .min(MONEY_REASON_MIN, m("moneyReasonRequired"))
  .max(MONEY_REASON_MAX, m("moneyReasonTooLong"));

/** An amount of money, refused past the cap with `tooHigh`. */
const amountUpTo = (tooHigh: ApiMessageKey) =>
  moneyField({
    required: "moneyAmountInvalid",
    invalid: "moneyAmountInvalid",
    positive: true,
    maxCents: 100_000_000,
    tooHigh,
  });
const amount = amountUpTo("moneyAmountTooHigh");
// A card payment or a hold never reaches that cap (the provider's own largest charge is under it):
// past it, the amount is more than is left to give back or held, and said so as under it (a walk's
// finding: 99999999999 was told "at most 1,000,000" in a dialog that said "up to US$79.65").
const refundAmount = amountUpTo("refundTooLarge");
const captureAmount = amountUpTo("captureTooLarge");

/**
 * The figure the owner saw when they chose the amount: when the money moved meanwhile (another tab,
 * a second click) the server answers 409 instead of moving it twice. Left out, it is asked for: an
 * API caller who sent none was told the money had changed meanwhile.
 */
const seen = z
  .number({ error: (issue) => (issue.input === undefined ? m("required") : m("paymentChangedMeanwhile")) })
  .int(m("paymentChangedMeanwhile"))
  .min(0, m("paymentChangedMeanwhile"));

/** POST /api/reservations/:id/refunds: part (or the rest) of the card payment back, and why. */
export const ownerRefundSchema = z.object({ amount: refundAmount, reason, refundable_cents: seen });
export type OwnerRefundInput = z.infer<typeof ownerRefundSchema>;

/** POST /api/reservations/:id/deposit/capture: part or all of the hold charged (damage, fuel...); the rest is released. */
export const depositCaptureSchema = z.object({ amount: captureAmount, reason, held_cents: seen });
export type DepositCaptureInput = z.infer<typeof depositCaptureSchema>;

/** POST /api/reservations/:id/deposit/release: the whole hold let go. */
export const depositReleaseSchema = z.object({ held_cents: seen });
export type DepositReleaseInput = z.infer<typeof depositReleaseSchema>;

/** Money is recorded by hand once the rental is agreed or done: before, a booking is paid through its own flow (card, transfer). */
export const PAYMENT_RECORDABLE_STATUSES: readonly string[] = ["confirmed", "on_rent", "returned", "completed"];

/**
 * POST /api/reservations/:id/payments: money the owner took in person (cash, a card on their own
 * terminal) or saw arrive by transfer, with an optional note; outstanding_cents is what they saw left
 * to pay. `from_deposit`: taken out of the deposit the counter took, up to what is left of it, and
 * recorded the way that deposit came in (its method, not the one sent).
 */
export const receivedPaymentInputSchema = z.object({
  method: z.enum(PICKUP_METHODS, m("paymentMethodInvalid")),
  amount,
  note: z
    .string(m("paymentNoteTooLong"))
    .trim()
    .max(MONEY_REASON_MAX, m("paymentNoteTooLong"))
    .optional()
    .transform((note) => note || null),
  outstanding_cents: seen,
  from_deposit: z.boolean(m("invalid")).optional().default(false),
});
export type ReceivedPaymentInput = z.infer<typeof receivedPaymentInputSchema>;

/**
 * POST /api/reservations/:id/payments/refunds: money given back by hand (a transfer back, cash) of
 * what came in outside the card provider; refundable_cents is what the owner saw could be given back.
 */
export const manualRefundInputSchema = receivedPaymentInputSchema
  .omit({ outstanding_cents: true, from_deposit: true })
  .extend({ refundable_cents: seen });
export type ManualRefundInput = z.infer<typeof manualRefundInputSchema>;

/** A hold this close to lapsing with the provider is flagged to the owner (Stripe: 7 days for online cards). */
export const HOLD_WARNING_MS = 2 * 86_400_000;
