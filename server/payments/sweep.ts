import { and, eq, lte } from "drizzle-orm";
import { payments } from "../db/schema";
import type { AppDeps } from "../deps";
import { lapseUnpaid, unpaidDue } from "../reservations";
import { settleCancellation, unsettledCancellations } from "./cancel";
import { holdDueDeposits } from "./holds";
import { paymentsOf } from "./open";
import { ownerRefundKey } from "./owner-money";
import { ProviderError } from "./provider";
import { landingKeys } from "./settings";
import { RETRY_MS, refundKey, settleCheckout } from "./settle";

/**
 * The payments' own clock work (issue 27): bookings whose payment is due lapse and free their unit
 * (a checkout paid at the last moment is settled instead: the provider is asked first, and the
 * checkout is closed so it cannot be paid after), cancellations whose refund or release was never
 * asked are settled, refunds the provider could not make are tried again, and deposits held before
 * pickup are held when their day comes. Run every half minute by the app, and by tests when their clock moves.
 */
export async function sweepPayments(
  deps: AppDeps,
): Promise<{ lapsed: number; settled: number; retried: number; held: number; cancellations: number }> {
  const counts = { lapsed: 0, settled: 0, retried: 0, held: 0, cancellations: 0 };
  const { provider } = paymentsOf(deps.config);
  for (const due of await unpaidDue(deps)) {
    const keys = due.checkoutId ? await landingKeys(deps, due.landingId).catch(() => null) : null;
    if (keys && due.checkoutId) {
      try {
        const state = await provider.getCheckout(keys, due.checkoutId);
        if (state.status === "complete") {
          await settleCheckout(deps, keys, due.landingId, { ...state, reservationId: due.id });
          counts.settled += 1;
          continue;
        }
        await provider.expireCheckout(keys, due.checkoutId);
      } catch (error) {
        // The provider cannot say now: the booking waits for the next sweep rather than lapse paid.
        if (error instanceof ProviderError && error.kind === "unavailable") continue;
        if (!(error instanceof ProviderError)) throw error;
      }
    }
    if (await lapseUnpaid(deps, due.id)) counts.lapsed += 1;
  }
  for (const id of await unsettledCancellations(deps)) {
    if (await settleCancellation(deps, id)) counts.cancellations += 1;
  }
  counts.retried = await retryRefunds(deps);
  counts.held = await holdDueDeposits(deps);
  return counts;
}

/** The provider's key of the refund a ledger row stands for: the owner's are keyed by their row. */
const orderKey = (row: { id: number; paymentId: string; reason: string; amountCents: number }) =>
  row.reason === "owner" ? ownerRefundKey(row.id) : refundKey(row);

/** Failed refunds whose time has come, tried again with the same idempotency key. */
async function retryRefunds(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const failed = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, "refund"), eq(payments.status, "failed"), lte(payments.nextAttemptAt, now)))
    .limit(20);
  let retried = 0;
  for (const row of failed) {
    const keys = await landingKeys(deps, row.landingId).catch(() => null);
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
          status: made.status === "failed" ? "failed" : made.status,
          providerId: made.id,
          attempts,
          nextAttemptAt: made.status === "failed" ? new Date(now.getTime() + RETRY_MS * 2 ** attempts) : null,
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
      retried += 1;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await deps.db
        .update(payments)
        .set({ attempts, nextAttemptAt: new Date(now.getTime() + RETRY_MS * 2 ** attempts), updatedAt: now })
        .where(eq(payments.id, row.id));
    }
  }
  return retried;
}
