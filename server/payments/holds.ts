import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { isConstant } from "../db/partial-index";
import { payments, reservations } from "../db/schema";
import type { AppDeps } from "../deps";
import { record } from "./ledger";
import { paymentsOf } from "./open";
import { ProviderError, type ProviderKeys } from "./provider";
import { usableKeys } from "./settings";

const DAY_MS = 86_400_000;

/**
 * The vehicle's deposit held on the customer's card (issue 27.4): authorised, not charged, on the
 * card saved at checkout; once per booking (the provider's idempotency key and the ledger both say
 * so). A card that refuses the hold is recorded as a failed hold: the deposit is then taken at the
 * counter, as without holds. True when a hold stands after the call.
 */
export async function placeHold(deps: AppDeps, keys: ProviderKeys, reservationId: number): Promise<boolean> {
  const [row] = await deps.db.select().from(reservations).where(eq(reservations.id, reservationId));
  const plan = row?.paymentPlan;
  if (!row || !plan || plan.depositHold === "none" || plan.depositCents <= 0 || !row.checkoutId) return false;
  if (row.status !== "confirmed") return false;
  // Once: a hold standing is kept; a card that refused it is not asked again.
  const [held] = await deps.db
    // Stryker disable next-line ObjectLiteral: every column includes the status read below.
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.reservationId, row.id), eq(payments.kind, "hold")));
  if (held) return held.status === "succeeded";
  const { provider } = paymentsOf(deps.config);
  const now = deps.clock.now();
  const base = {
    reservationId: row.id,
    landingId: row.landingId,
    kind: "hold" as const,
    amountCents: plan.depositCents,
    currency: row.currency.toLowerCase(),
    provider: provider.name,
  };
  try {
    const checkout = await provider.getCheckout(keys, row.checkoutId);
    if (!checkout.customerId || !checkout.paymentMethodId) return false;
    const hold = await provider.holdDeposit(keys, {
      customerId: checkout.customerId,
      paymentMethodId: checkout.paymentMethodId,
      amountCents: plan.depositCents,
      currency: base.currency,
      reservationId: row.id,
      reference: row.reference,
      idempotencyKey: `hold-${row.id}`,
    });
    await record(
      deps.db,
      { ...base, status: "succeeded", providerId: hold.paymentId, expiresAt: hold.captureBefore },
      now,
    );
    return true;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // Down now: the sweep tries again. Refused by the card: said on the booking, not tried again.
    if (error.kind === "unavailable") return false;
    await record(deps.db, { ...base, status: "failed", providerId: null, reason: error.kind }, now);
    return false;
  }
}

/**
 * Deposits due to be held now and holding nothing yet (the sweep's work): confirmed bookings that
 * hold their deposit before pickup, once the pickup is within the plan's days, and those that
 * hold it at booking whose hold the provider could not make then.
 */
export async function holdDueDeposits(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await depositHoldsAhead(deps.db, now);
  let held = 0;
  for (const row of due) {
    const days = row.plan?.depositHoldDays ?? 0;
    const due = row.plan?.depositHold === "at_booking" || row.pickupAt.getTime() - now.getTime() <= days * DAY_MS;
    if (!due) continue;
    const keys = await usableKeys(deps, row.landingId);
    if (keys && (await placeHold(deps, keys, row.id))) held += 1;
  }
  return held;
}

/** Confirmed bookings ahead whose deposit is held on the card and not yet, nearest pickup first; read from their own index (`isConstant`). */
export function depositHoldsAhead(db: Database, now: Date) {
  return (
    db
      .select({
        id: reservations.id,
        landingId: reservations.landingId,
        plan: reservations.paymentPlan,
        pickupAt: reservations.pickupAt,
      })
      .from(reservations)
      .where(
        and(
          isConstant(reservations.status, "confirmed"),
          sql`${reservations.paymentPlan}->>'depositHold' in ('before_pickup', 'at_booking')`,
          sql`${reservations.pickupAt} > ${now.toISOString()}::timestamptz`,
          sql`not exists (select 1 from ${payments} where ${payments.reservationId} = ${reservations.id} and ${payments.kind} = 'hold')`,
        ),
      )
      // The nearest pickups first, so those due are never left behind by later ones.
      .orderBy(asc(reservations.pickupAt))
      .limit(50)
  );
}
