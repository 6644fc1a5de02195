import type { PriceBreakdown } from "@domain/pricing";
import type { ReservationAddonRow, ReservationRow } from "./presenter";

/** A price's columns of the reservations table (its extras go to reservation_addons). */
export const priceColumns = (price: PriceBreakdown) => ({
  days: price.days,
  pricePerDayCents: price.pricePerDayCents,
  rentalCents: price.rentalCents,
  discountCents: price.discountCents,
  discountBasisPoints: price.discountBasisPoints,
  feesCents: price.feesCents,
  priceLines: { rental: price.rentalLines, fees: price.fees },
  addonsCents: price.addonsCents,
  subtotalCents: price.subtotalCents,
  taxLabel: price.taxLabel,
  taxRateBasisPoints: price.taxRateBasisPoints,
  taxCents: price.taxCents,
  totalCents: price.totalCents,
  currency: price.currency,
});

/**
 * A stored booking's price as the domain's breakdown, every line as it was booked. Bookings made
 * before seasons existed were one line at the vehicle's price; an extra the owner removed since
 * keeps its line with a negative id (the answers say null).
 */
export const storedPrice = (r: ReservationRow, addons: ReservationAddonRow[]): PriceBreakdown => ({
  days: r.days,
  pricePerDayCents: r.pricePerDayCents,
  rentalLines: r.priceLines?.rental ?? [
    { season: null, days: r.days, pricePerDayCents: r.pricePerDayCents, totalCents: r.rentalCents },
  ],
  rentalCents: r.rentalCents,
  discountBasisPoints: r.discountBasisPoints,
  discountCents: r.discountCents,
  fees: r.priceLines?.fees ?? [],
  feesCents: r.feesCents,
  addons: addons.map((line, index) => ({
    id: line.addonId ?? -(index + 1),
    name: line.name,
    names: line.names,
    priceCents: line.priceCents,
    quantity: line.quantity,
    totalCents: line.totalCents,
  })),
  addonsCents: r.addonsCents,
  subtotalCents: r.subtotalCents,
  taxLabel: r.taxLabel,
  taxRateBasisPoints: r.taxRateBasisPoints,
  taxCents: r.taxCents,
  totalCents: r.totalCents,
  currency: r.currency,
});
