import type { PriceBreakdown } from "./pricing";

// An agreed price's arithmetic lives apart from the rules' pricing: the public vehicle list loads
// priceRental for every card and needs none of it.

/**
 * The owner's agreed total for a booking split as every price is (PRODUCT §5: shown with its tax):
 * the subtotal is the agreed total without the tax at the booking's rate, rounded half-up to the
 * cent, and the tax is what is left, so subtotal + tax = total to the cent. The rules' lines
 * (rental, discount, fees, extras) stay as priced; what the agreed subtotal differs from theirs is
 * the agreed adjustment (`adjustmentCents`), so the lines add up to the subtotal too.
 */
export function agreePrice(price: PriceBreakdown, totalCents: number): PriceBreakdown {
  const divisor = 10_000 + price.taxRateBasisPoints;
  // total / (1 + rate), half-up, in integers: floor((2 × total × 10,000 + divisor) / (2 × divisor)).
  const subtotalCents = Math.floor((2 * totalCents * 10_000 + divisor) / (2 * divisor));
  return { ...price, subtotalCents, taxCents: totalCents - subtotalCents, totalCents };
}

/**
 * What an agreed price adds to (positive) or takes off (negative) the rules' lines to make its
 * subtotal: zero for a price as the rules made it, whose lines are its subtotal.
 */
export const adjustmentCents = (price: PriceBreakdown) =>
  price.subtotalCents - (price.rentalCents - price.discountCents + price.feesCents + price.addonsCents);

/**
 * The agreed adjustment as written, an amount added to or taken off a price's lines, with its sign always written ("+US$23.71",
 * "−US$315.27", the minus sign as the discount's): `format` writes the amount itself.
 */
export const signedMoney = (cents: number, format: (cents: number) => string) =>
  cents < 0 ? `−${format(-cents)}` : `+${format(cents)}`;
