import { askedOfCardCents, standingHold } from "@domain/payments";
import { refundCents } from "@domain/prepayment";
import { and, desc, eq, gte, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { isConstant } from "../db/partial-index";
import { payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { entriesOf, record } from "./ledger";
import { paymentsOf } from "./open";
import { ProviderError } from "./provider";
import { usableKeys } from "./settings";
import { refund } from "./settle";

/**
 * A paid booking cancelled, by its owner or its customer (issue 27.5): what was paid by card goes
 * back less the fee of the policy it was booked under (the fee stored on the booking, which the
 * owner may have forgone), and a deposit held on the card is released. A no-show is settled too:
 * nothing paid goes back (SPEC §9), but its deposit is released, since a deposit is captured only
 * for what a return shows and there is no return. Run after the change is stored; run again (a
 * retry, a second click) it gives back nothing twice. True when it moved money or asked the
 * provider to.
 */
export async function settleEndedBooking(deps: AppDeps, reservationId: number): Promise<boolean> {
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (row?.status !== "cancelled" && row?.status !== "no_show") return false;
  const entries = await entriesOf(deps.db, row.id);
  if (entries.length === 0) return false;
  const keys = await usableKeys(deps, row.landingId);
  if (!keys) return false;
  let moved = false;
  const charge = entries.find((entry) => entry.kind === "charge" && entry.status === "succeeded" && entry.providerId);
  if (row.status === "cancelled" && charge?.providerId) {
    const owed = refundCents(charge.amountCents, row.cancellationFeeCents ?? 0) - askedOfCardCents(entries);
    if (owed > 0) {
      await refund(deps, keys, {
        reservationId: row.id,
        landingId: row.landingId,
        paymentId: charge.providerId,
        amountCents: owed,
        currency: charge.currency,
        reason: "cancelled",
      });
      moved = true;
    }
  }
  const hold = standingHold(entries);
  if (hold?.providerId) {
    try {
      await paymentsOf(deps.config).provider.releaseHold(keys, hold.providerId, `release-${hold.providerId}`);
      await record(
        deps.db,
        {
          reservationId: row.id,
          landingId: row.landingId,
          kind: "release",
          status: "succeeded",
          amountCents: hold.amountCents,
          currency: hold.currency,
          provider: hold.provider,
          providerId: hold.providerId,
          paymentId: hold.providerId,
          reason: row.status,
        },
        deps.clock.now(),
      );
      moved = true;
    } catch (error) {
      // The hold lapses by itself within days if it cannot be released now.
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  return moved;
}

/** A cancellation is settled right after it is stored; the sweep takes over from here on. */
const SETTLE_AFTER_MS = 2 * 60_000;
/** A hold lapses with the provider within about 7 days: after that there is nothing left to release. */
const SETTLE_UNTIL_MS = 8 * 24 * 60 * 60_000;

/**
 * Cancelled bookings whose money was left where it was (issue 27.5): a card payment of which
 * something is owed back and nothing was ever asked, or a deposit still held; and no-shows whose
 * deposit is still held. The cancel (or the no-show) settles
 * them at once; these are the ones it never reached (the server stopped in between, or the
 * provider refused to release), which the sweep settles, so a refund is never lost.
 */
export async function unsettledEndings(deps: AppDeps, limit = 20): Promise<number[]> {
  const rows = await endingsToSettle(deps.db, deps.clock.now(), limit);
  return rows.map((row) => row.id);
}

/** `unsettledEndings`' query, newest first, read from the cancelled and no-show bookings' own indexes (`isConstant`). */
export function endingsToSettle(db: Database, at: Date, limit: number) {
  const ledger = (condition: ReturnType<typeof sql>) =>
    sql`exists (select 1 from ${payments} p where p.reservation_id = ${reservations.id} and ${condition})`;
  const holdStanding = sql`(${ledger(sql`p.kind = 'hold' and p.status = 'succeeded'`)}
    and not ${ledger(sql`p.kind in ('release', 'capture') and p.status <> 'failed'`)})`;
  const now = at.getTime();
  return (
    db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        or(
          and(
            isConstant(reservations.status, "cancelled"),
            lte(reservations.cancelledAt, new Date(now - SETTLE_AFTER_MS)),
            gte(reservations.cancelledAt, new Date(now - SETTLE_UNTIL_MS)),
            // Owed back as settleEndedBooking counts it: the charge less the fee, less every refund asked (askedRefund).
            sql`(${ledger(sql`p.kind = 'charge' and p.status = 'succeeded'
                   and p.amount_cents - greatest(coalesce(${reservations.cancellationFeeCents}, 0), 0)
                     > (select coalesce(sum(r.amount_cents), 0) from ${payments} r
                         where r.reservation_id = ${reservations.id} and r.kind = 'refund'
                           and r.status <> 'voided')`)}
            or ${holdStanding})`,
          ),
          // A no-show's only money to settle is its deposit; marking it is the booking's last change.
          and(
            isConstant(reservations.status, "no_show"),
            lte(reservations.updatedAt, new Date(now - SETTLE_AFTER_MS)),
            gte(reservations.updatedAt, new Date(now - SETTLE_UNTIL_MS)),
            holdStanding,
          ),
        ),
      )
      // Newest first: one the provider keeps refusing never holds back those behind it.
      .orderBy(desc(sql`coalesce(${reservations.cancelledAt}, ${reservations.updatedAt})`))
      .limit(limit)
  );
}
