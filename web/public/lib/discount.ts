import type { PriceBreakdown } from "@domain/pricing";
import { type LandingRules, MONTH_DAYS, WEEK_DAYS } from "@domain/rental-rules";

/** From how many days the long-rental discount of a price applies (7 or 28), for its label. */
export function discountFrom(price: Pick<PriceBreakdown, "days" | "discountBasisPoints">, rules: LandingRules) {
  return price.days >= MONTH_DAYS &&
    rules.month_discount_bp > 0 &&
    rules.month_discount_bp === price.discountBasisPoints
    ? MONTH_DAYS
    : WEEK_DAYS;
}
