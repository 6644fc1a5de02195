import type { PriceBreakdown } from "../../../domain/pricing";
import type { Reservation } from "../../../domain/reservations";

/** A stored reservation's price in the shape of the domain's breakdown (for the same table). */
export const reservationPrice = (reservation: Reservation): PriceBreakdown => ({
  days: reservation.days,
  pricePerDayCents: reservation.price_per_day_cents,
  rentalCents: reservation.rental_cents,
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
export const isCancellable = (reservation: Pick<Reservation, "status">) =>
  reservation.status === "pending" || reservation.status === "confirmed";
