/**
 * The prepaid cancellation policy of SPEC §9: US$200 when cancelled within 24 hours of pickup,
 * US$100 earlier, never more than what was paid, and nothing back once the pickup time has come
 * (no-show, cancellation after pickup time, unused days). Amounts are in the landing's currency.
 */
export type CancellationPolicy = {
  /** The fee within the window before pickup. */
  lateFeeCents: number;
  /** The fee before the window. */
  earlyFeeCents: number;
  windowHours: number;
};

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  lateFeeCents: 200_00,
  earlyFeeCents: 100_00,
  windowHours: 24,
};

export type CancellationCharge = { feeCents: number; refundCents: number; rule: "early" | "late" | "afterPickup" };

const HOUR_MS = 60 * 60 * 1000;

/** What cancelling at `cancelledAt` costs for a reservation of `totalCents` picked up at `pickupAt`. */
export function cancellationCharge(
  totalCents: number,
  pickupAt: Date,
  cancelledAt: Date,
  policy: CancellationPolicy = DEFAULT_CANCELLATION_POLICY,
): CancellationCharge {
  const msBeforePickup = pickupAt.getTime() - cancelledAt.getTime();
  if (msBeforePickup <= 0) return { feeCents: totalCents, refundCents: 0, rule: "afterPickup" };
  const late = msBeforePickup <= policy.windowHours * HOUR_MS;
  const feeCents = Math.min(totalCents, late ? policy.lateFeeCents : policy.earlyFeeCents);
  return { feeCents, refundCents: totalCents - feeCents, rule: late ? "late" : "early" };
}

/** A reservation's stored policy as the API answers it (`cancellation_policy`), in this module's shape. */
export const policyFromWire = (policy: { late_fee_cents: number; early_fee_cents: number; window_hours: number }) => ({
  lateFeeCents: policy.late_fee_cents,
  earlyFeeCents: policy.early_fee_cents,
  windowHours: policy.window_hours,
});
