import { and, eq } from "drizzle-orm";
import { reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { confirmPaid, type PaidOutcome } from "../reservations";
import { placeHold } from "./holds";
import { record } from "./ledger";
import { paymentsOf } from "./open";
import { type CheckoutState, ProviderError, type ProviderKeys } from "./provider";

/** A movement the provider could not make is tried again after this, then less and less often. */
export const RETRY_MS = 5 * 60_000;
const RETRY_MAX_MS = 6 * 60 * 60_000;
/** After this many tries (about a day and a half) the sweep stops: the owner settles it from the provider's dashboard. */
export const MAX_ATTEMPTS = 10;

/**
 * When a movement the provider failed `attempts` times is tried again: five minutes, doubling, at
 * most six hours apart; never once MAX_ATTEMPTS are spent.
 */
export function nextAttempt(now: Date, attempts: number): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + Math.min(RETRY_MS * 2 ** attempts, RETRY_MAX_MS));
}

/**
 * A checkout the provider reports complete (by webhook, or read back when the customer returns):
 * the money goes on the booking's ledger first, then the booking is confirmed. Paid too late for a
 * unit somebody else took meanwhile, the booking lapses and the payment goes back at once. Any order
 * and any number of reports end in the same state: the ledger keeps each payment once and the
 * booking moves once.
 */
export async function settleCheckout(
  deps: AppDeps,
  keys: ProviderKeys,
  landingId: number,
  state: CheckoutState,
): Promise<PaidOutcome | "unpaid"> {
  // A delayed method (a bank debit) completes the checkout before the money comes: not paid yet.
  if (state.status !== "complete" || state.paymentStatus === "unpaid" || state.reservationId === null) return "unpaid";
  // The booking named in the checkout's metadata must be this landing's: another account's event
  // (signed with its own secret, sent to its own address) never touches a booking of another.
  const [own] = await deps.db
    // Stryker disable next-line ObjectLiteral: any column tells a row exists.
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.id, state.reservationId), eq(reservations.landingId, landingId)));
  if (!own) return "missing";
  const now = deps.clock.now();
  const paid = state.paymentId !== null && state.amountCents > 0;
  if (paid) {
    await record(
      deps.db,
      {
        reservationId: state.reservationId,
        landingId,
        kind: "charge",
        status: "succeeded",
        amountCents: state.amountCents,
        currency: state.currency,
        provider: paymentsOf(deps.config).provider.name,
        providerId: state.paymentId,
      },
      now,
    );
  }
  const outcome = await confirmPaid(deps, landingId, state.reservationId);
  // A deposit held at booking is held as soon as the booking is paid (issue 27.4).
  if (outcome === "confirmed") await placeHoldAtBooking(deps, keys, state.reservationId);
  if (outcome === "lapsed" && paid && state.paymentId) {
    await refund(deps, keys, {
      reservationId: state.reservationId,
      landingId,
      paymentId: state.paymentId,
      amountCents: state.amountCents,
      currency: state.currency,
      reason: "lapsed",
    });
  }
  return outcome;
}

type RefundOrder = {
  reservationId: number;
  landingId: number;
  paymentId: string;
  amountCents: number;
  currency: string;
  reason: string;
};

/** The provider's idempotency key of a refund: the same order, tried again, refunds once. */
export const refundKey = (order: Pick<RefundOrder, "reason" | "paymentId" | "amountCents">) =>
  `refund-${order.reason}-${order.paymentId}-${order.amountCents}`;

/**
 * Gives money back through the provider and records it. The idempotency key is the order itself, so
 * a retry never refunds twice; a refund the provider could not make is recorded as failed, to be
 * tried again (sweep.ts), never lost. One it refused (the charge disputed, already given back from
 * its dashboard) is recorded failed with no retry: the owner sees it and settles it there.
 */
export async function refund(deps: AppDeps, keys: ProviderKeys, order: RefundOrder) {
  const now = deps.clock.now();
  const key = refundKey(order);
  try {
    const made = await paymentsOf(deps.config).provider.refund(keys, order.paymentId, order.amountCents, key);
    await record(
      deps.db,
      {
        reservationId: order.reservationId,
        landingId: order.landingId,
        kind: "refund",
        status: made.status,
        amountCents: made.amountCents,
        currency: order.currency,
        provider: paymentsOf(deps.config).provider.name,
        providerId: made.id,
        paymentId: order.paymentId,
        reason: order.reason,
        // A refund the provider made and then reported failed is tried again too.
        nextAttemptAt: made.status === "failed" ? nextAttempt(now, 0) : null,
      },
      now,
    );
    return made;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await record(
      deps.db,
      {
        reservationId: order.reservationId,
        landingId: order.landingId,
        kind: "refund",
        status: "failed",
        amountCents: order.amountCents,
        currency: order.currency,
        provider: paymentsOf(deps.config).provider.name,
        providerId: null,
        paymentId: order.paymentId,
        reason: order.reason,
        nextAttemptAt: error.kind === "unavailable" ? nextAttempt(now, 0) : null,
      },
      now,
    );
    return null;
  }
}

async function placeHoldAtBooking(deps: AppDeps, keys: ProviderKeys, reservationId: number) {
  const [row] = await deps.db
    .select({ plan: reservations.paymentPlan })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  if (row?.plan?.depositHold === "at_booking") await placeHold(deps, keys, reservationId);
}
