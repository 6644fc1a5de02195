import type { CustomerReservation } from "@domain/reservations";

/** Statuses a customer may still cancel from their page. */
export const isCancellable = (reservation: Pick<CustomerReservation, "status">) =>
  reservation.status === "pending" || reservation.status === "confirmed";
