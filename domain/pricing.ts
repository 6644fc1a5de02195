/**
 * The one pricing function (PRODUCT §5), used by the quote, the reservation, the emails and the
 * pages. Money is integer cents throughout; the only rounding is the tax, half-up to the cent.
 */

export type AddonChoice = { id: number; name: string; priceCents: number; quantity: number };

export type PriceInput = {
  pricePerDayCents: number;
  days: number;
  addons: AddonChoice[];
  /** Tax rate in basis points: 1800 is 18 %. */
  taxRateBasisPoints: number;
  taxLabel: string;
  currency: string;
};

export type AddonLine = AddonChoice & { totalCents: number };

export type PriceBreakdown = {
  days: number;
  pricePerDayCents: number;
  rentalCents: number;
  addons: AddonLine[];
  addonsCents: number;
  subtotalCents: number;
  taxLabel: string;
  taxRateBasisPoints: number;
  taxCents: number;
  totalCents: number;
  currency: string;
};

/** `amount` x `basisPoints` / 10,000, rounded half-up to the cent (amounts are never negative). */
export const percentOf = (amountCents: number, basisPoints: number) =>
  Math.floor((amountCents * basisPoints + 5_000) / 10_000);

/**
 * rental = days x price per day; each add-on = price per day x quantity x days; subtotal = rental
 * + add-ons; tax = subtotal x rate, rounded; total = subtotal + tax.
 */
export function priceRental(input: PriceInput): PriceBreakdown {
  const rentalCents = input.pricePerDayCents * input.days;
  const addons = input.addons.map((addon) => ({
    ...addon,
    totalCents: addon.priceCents * addon.quantity * input.days,
  }));
  const addonsCents = addons.reduce((sum, addon) => sum + addon.totalCents, 0);
  const subtotalCents = rentalCents + addonsCents;
  const taxCents = percentOf(subtotalCents, input.taxRateBasisPoints);
  return {
    days: input.days,
    pricePerDayCents: input.pricePerDayCents,
    rentalCents,
    addons,
    addonsCents,
    subtotalCents,
    taxLabel: input.taxLabel,
    taxRateBasisPoints: input.taxRateBasisPoints,
    taxCents,
    totalCents: subtotalCents + taxCents,
    currency: input.currency,
  };
}
