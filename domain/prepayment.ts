/*
 * The prepayment's rule and arithmetic, apart from the payment settings' schemas: the public review
 * page figures it too, and importing domain/payments there would bring its money parsing into the
 * scripts of every public page (issue 29's weights). domain/payments builds its settings on these.
 */

/** What a booking pays when it is made: nothing, a percentage, a fixed amount or all of it. */
export const PREPAY_KINDS = ["none", "percent", "fixed", "full"] as const;
export type PrepayKind = (typeof PREPAY_KINDS)[number];

/** How the prepayment is figured from a booking's total (part of the landing's payment settings). */
export type PrepayRule = {
  prepay: PrepayKind;
  /** 1..100, for "percent". */
  prepayPercent: number;
  /** For "fixed"; never more than the booking's total. */
  prepayFixedCents: number;
};

/** The same rule as the quote sends it to the review page. */
type QuotedPrepayRule = { prepay: PrepayKind; prepay_percent: number; prepay_fixed_cents: number };

/** What a booking of `totalCents` pays when it is made. */
export function prepaymentCents(settings: PrepayRule, totalCents: number): number {
  switch (settings.prepay) {
    case "none":
      return 0;
    case "full":
      return totalCents;
    case "percent":
      return Math.min(totalCents, Math.round((totalCents * settings.prepayPercent) / 100));
    case "fixed":
      return Math.min(totalCents, settings.prepayFixedCents);
  }
}

/**
 * What a booking of `totalCents` prepays by the quote's rule. The review page adds the driver's age
 * fee to the quoted total (the quote never hears the date of birth), and the booking prepays its
 * share of that whole total.
 */
export const quotedPrepaymentCents = (payment: QuotedPrepayRule, totalCents: number) =>
  prepaymentCents(
    { prepay: payment.prepay, prepayPercent: payment.prepay_percent, prepayFixedCents: payment.prepay_fixed_cents },
    totalCents,
  );

/**
 * What goes back to the customer when a booking they paid `paidCents` for is cancelled with a fee
 * of `feeCents`: the fee is kept from what was paid, never more than was paid. Here, apart from
 * domain/payments, as the customer's page figures it too.
 */
export const refundCents = (paidCents: number, feeCents: number) => Math.max(0, paidCents - Math.max(0, feeCents));
