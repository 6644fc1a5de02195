import type { PriceBreakdown } from "@domain/pricing";
import type { CustomerReservation } from "@domain/reservations";

/** A stored reservation's price in the shape of the domain's breakdown (for the same table), every line as it was. */
export const reservationPrice = (reservation: CustomerReservation): PriceBreakdown => ({
  days: reservation.days,
  pricePerDayCents: reservation.price_per_day_cents,
  rentalLines: (reservation.rental_lines ?? []).map((line) => ({
    season: line.season,
    days: line.days,
    pricePerDayCents: line.price_per_day_cents,
    totalCents: line.total_cents,
  })),
  rentalCents: reservation.rental_cents,
  discountBasisPoints: Math.round((reservation.discount_rate ?? 0) * 100),
  discountCents: reservation.discount_cents ?? 0,
  fees: (reservation.fees ?? []).map((fee) => ({
    kind: fee.kind,
    totalCents: fee.total_cents,
    perDayCents: fee.per_day_cents,
  })),
  feesCents: reservation.fees_cents ?? 0,
  addons: reservation.addons.map((line, index) => ({
    id: line.id ?? -(index + 1),
    name: line.name,
    priceCents: line.price_cents,
    quantity: line.quantity,
    totalCents: line.total_cents,
  })),
  addonsCents: reservation.addons_cents,
  subtotalCents: reservation.subtotal_cents,
  taxLabel: reservation.tax_label,
  taxRateBasisPoints: Math.round(reservation.tax_rate * 100),
  taxCents: reservation.tax_cents,
  totalCents: reservation.total_cents,
  currency: reservation.currency,
});

/** Statuses a customer may still cancel from their page. */
export const isCancellable = (reservation: Pick<CustomerReservation, "status">) =>
  reservation.status === "pending" || reservation.status === "confirmed";
