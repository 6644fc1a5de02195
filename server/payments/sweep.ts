import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/database";
import { isConstant } from "../db/partial-index";
import { payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { lapseUnpaid, unpaidDue } from "../reservations";
import { settleEndedBooking, unsettledEndings } from "./cancel";
import { holdDueDeposits } from "./holds";
import { paymentsOf } from "./open";
import { ownerRefundKey, retryHoldMovements } from "./owner-money";
import { ProviderError } from "./provider";
import { usableKeys } from "./settings";
import { nextAttempt, refundKey, settleCheckout } from "./settle";

/**
 * The payments' own clock work (issue 27): bookings whose payment is due lapse and free their unit
 * (a checkout paid at the last moment is settled instead: the provider is asked first, and the
 * checkout is closed so it cannot be paid after), cancellations whose refund or release was never
 * asked are settled, refunds the provider could not make are tried again, and deposits held before
 * pickup are held when their day comes. Run every half minute by the app, and by tests when their clock moves.
 */
export async function sweepPayments(
  deps: AppDeps,
): Promise<{ lapsed: number; settled: number; retried: number; moved: number; held: number; cancellations: number }> {
  const counts = { lapsed: 0, settled: 0, retried: 0, moved: 0, held: 0, cancellations: 0 };
  const { provider } = paymentsOf(deps.config);
  for (const due of await unpaidDue(deps)) {
    const keys = due.checkoutId ? await usableKeys(deps, due.landingId) : null;
    if (keys && due.checkoutId) {
      try {
        let state = await provider.getCheckout(keys, due.checkoutId);
        // Paid in the moment between the two calls: the checkout stays complete and is settled.
        if (state.status !== "complete" && (await provider.expireCheckout(keys, due.checkoutId)) === "complete")
          state = await provider.getCheckout(keys, due.checkoutId);
        if (state.status === "complete") {
          await settleCheckout(deps, keys, due.landingId, { ...state, reservationId: due.id });
          counts.settled += 1;
          continue;
        }
      } catch (error) {
        // The provider cannot say now: the booking waits for the next sweep rather than lapse paid.
        if (error instanceof ProviderError && error.kind === "unavailable") continue;
        if (!(error instanceof ProviderError)) throw error;
      }
    }
    if (await lapseUnpaid(deps, due.id)) counts.lapsed += 1;
  }
  for (const id of await unsettledEndings(deps)) {
    if (await settleEndedBooking(deps, id)) counts.cancellations += 1;
  }
  counts.retried = await retryRefunds(deps);
  counts.moved = await retryHoldMovements(deps);
  counts.held = await holdDueDeposits(deps);
  return counts;
}

/** The provider's key of the refund a ledger row stands for: the owner's are keyed by their row. */
const orderKey = (row: { id: number; paymentId: string; reason: string; amountCents: number }) =>
  row.reason === "owner" ? ownerRefundKey(row.id) : refundKey(row);

/** An owner's refund written pending and never asked (the server stopped in between) is asked after this. */
const STALE_MS = 5 * 60_000;

/**
 * Failed refunds whose time has come, and owners' refunds never asked, tried again with the same
 * idempotency key. One the provider refuses (it would refuse again) is no longer tried: the owner sees it refused.
 */
async function retryRefunds(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const failed = await refundsDue(deps.db, now);
  let retried = 0;
  for (const row of failed) {
    const keys = await usableKeys(deps, row.landingId);
    if (!keys || !row.paymentId || !row.reason) continue;
    const order = { ...row, paymentId: row.paymentId, reason: row.reason };
    const attempts = row.attempts + 1;
    try {
      const made = await paymentsOf(deps.config).provider.refund(
        keys,
        row.paymentId,
        row.amountCents,
        // A refund the provider made and reported failed is a new refund; one it never made is the same order again.
        row.providerId ? `${orderKey(order)}-${attempts}` : orderKey(order),
      );
      await deps.db
        .update(payments)
        .set({
          status: made.status,
          providerId: made.id,
          attempts,
          nextAttemptAt: made.status === "failed" ? nextAttempt(now, attempts) : null,
          // Made on this try: the money went back now, not when it was first asked.
          completedAt: made.status === "succeeded" ? now : null,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
      retried += 1;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await deps.db
        .update(payments)
        .set({
          status: "failed",
          attempts,
          nextAttemptAt: error.kind === "unavailable" ? nextAttempt(now, attempts) : null,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
    }
  }
  return retried;
}

/** `retryRefunds`' rows, read from the failed and the pending payments' own indexes. */
export function refundsDue(db: Database, now: Date) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, "refund"),
        or(
          and(isConstant(payments.status, "failed"), lte(payments.nextAttemptAt, now)),
          and(
            isConstant(payments.status, "pending"),
            isNull(payments.providerId),
            lte(payments.updatedAt, new Date(now.getTime() - STALE_MS)),
          ),
        ),
      ),
    )
    .limit(20);
}
