import type { PriceBreakdown } from "@domain/pricing";
import { formatAddons } from "./addons";
import type { Quote } from "./api";
import type { Booking } from "./booking";
import { queryString } from "./url";

/** The server's quote in the shape of the domain's breakdown (every line, as the page shows its own). */
export const fromQuote = (quote: Quote): PriceBreakdown => ({
  days: quote.days,
  pricePerDayCents: quote.price_per_day_cents,
  rentalLines: (quote.rental_lines ?? []).map((line) => ({
    season: line.season,
    days: line.days,
    pricePerDayCents: line.price_per_day_cents,
    totalCents: line.total_cents,
  })),
  rentalCents: quote.rental_cents,
  discountBasisPoints: Math.round((quote.discount_rate ?? 0) * 100),
  discountCents: quote.discount_cents ?? 0,
  fees: (quote.fees ?? []).map((fee) => ({
    kind: fee.kind,
    totalCents: fee.total_cents,
    perDayCents: fee.per_day_cents,
  })),
  feesCents: quote.fees_cents ?? 0,
  addons: quote.addons.map((line) => ({
    id: line.id,
    name: line.name,
    priceCents: line.price_cents,
    quantity: line.quantity,
    totalCents: line.total_cents,
  })),
  addonsCents: quote.addons_cents,
  subtotalCents: quote.subtotal_cents,
  taxLabel: quote.tax_label,
  taxRateBasisPoints: Math.round(quote.tax_rate * 100),
  taxCents: quote.tax_cents,
  totalCents: quote.total_cents,
  currency: quote.currency,
});

/** The quote's query for the booking: vehicle, period, add-ons and places (never the date of birth). */
export function quoteQueryOf(booking: Booking): string {
  const { vehicle, search } = booking;
  if (!vehicle || !booking.valid) return "";
  return queryString({
    vehicle: String(vehicle.id),
    from: `${search.from}T${search.fromTime}`,
    to: `${search.to}T${search.toTime}`,
    addons: formatAddons(booking.addons),
    pickup: search.pickup,
    return: search.dropoff || search.pickup,
  });
}
