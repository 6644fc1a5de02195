import type { CustomerReservation } from "@domain/reservations";

/** Statuses a customer may still cancel from their page. */
export const isCancellable = (reservation: Pick<CustomerReservation, "status">) =>
  // Awaiting its payment too: its email offers "view or cancel", and a traveller who will not pay
  // should not have to wait for it to lapse (a walk's finding). Nothing is paid yet: no fee.
  reservation.status === "pending" || reservation.status === "confirmed" || reservation.status === "awaiting_payment";
