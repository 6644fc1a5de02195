import { agreePrice } from "@domain/agreed-price";
import type { PriceBreakdown } from "@domain/pricing";
import type { reservationAddons, reservations } from "../db/schema";

type ReservationRow = typeof reservations.$inferSelect;
type ReservationAddonRow = typeof reservationAddons.$inferSelect;

/** A price's columns of the reservations table (its extras go to reservation_addons). */
const priceColumns = (price: PriceBreakdown) => ({
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
 * A booking's price columns: the rules' price, or the owner's agreed total split into its subtotal
 * and tax (`agreePrice`) with what the rules priced and the reason kept beside it. The booking and
 * its changes both write them here, so its lines, subtotal, tax and total always add up.
 */
export const bookedPriceColumns = (price: PriceBreakdown, agreed: { totalCents: number; reason: string } | null) => ({
  ...priceColumns(agreed ? agreePrice(price, agreed.totalCents) : price),
  listTotalCents: agreed ? price.totalCents : null,
  priceOverrideReason: agreed ? agreed.reason : null,
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
