// The reservations feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export { counterPath, RESERVATIONS_KEY, reservationQuery, useReservationSummary } from "./api";
export { ExpressBadge } from "./express-badge";
export { LandingReservations } from "./landing-reservations";
export { ReceivedPayments } from "./received-payments";
export { ReservationStatusBadge } from "./status-badge";
export type { LandingInfo } from "./use-reservation-dialogs";
export { useReservationDialogs } from "./use-reservation-dialogs";
