/**
 * The cancellation policy of SPEC §9: US$200 when cancelled within 24 hours of pickup, US$100
 * earlier, never more than the booking's total, and the whole total once the pickup time has come
 * (no-show, cancellation after pickup time, unused days). Amounts are in the landing's currency.
 * Nothing is paid online, so the fee is what the operator may charge; and it applies only to a
 * booking the operator confirmed: a request still pending is withdrawn or declined for nothing
 * (issue 25).
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

export type CancellationCharge = { feeCents: number; rule: "unconfirmed" | "early" | "late" | "afterPickup" };

const HOUR_MS = 60 * 60 * 1000;

/** A booking as the policy sees it: its total, its pickup instant, and whether it was confirmed. */
export type CancelledBooking = { totalCents: number; pickupAt: Date; confirmed: boolean };

/** What cancelling `booking` at `cancelledAt` costs under `policy`. */
export function cancellationCharge(
  booking: CancelledBooking,
  cancelledAt: Date,
  policy: CancellationPolicy = DEFAULT_CANCELLATION_POLICY,
): CancellationCharge {
  if (!booking.confirmed) return { feeCents: 0, rule: "unconfirmed" };
  const msBeforePickup = booking.pickupAt.getTime() - cancelledAt.getTime();
  if (msBeforePickup <= 0) return { feeCents: booking.totalCents, rule: "afterPickup" };
  const late = msBeforePickup <= policy.windowHours * HOUR_MS;
  const feeCents = Math.min(booking.totalCents, late ? policy.lateFeeCents : policy.earlyFeeCents);
  return { feeCents, rule: late ? "late" : "early" };
}

/** A reservation's stored policy as the API answers it (`cancellation_policy`), in this module's shape. */
export const policyFromWire = (policy: { late_fee_cents: number; early_fee_cents: number; window_hours: number }) => ({
  lateFeeCents: policy.late_fee_cents,
  earlyFeeCents: policy.early_fee_cents,
  windowHours: policy.window_hours,
});
