// The reservations part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { freeVehicleIds, takenPeriods } from "./availability";
export { changeQuoteContext } from "./changes";
export { bookingPeriod } from "./checks";
export { cancelByCustomer, customerReservation, pickupHasPassed } from "./customer";
export { createManualReservation, quoteManualReservation } from "./desk-booking";
export {
  bookingMail,
  customerLanguage,
  customerMail,
  EXPRESS_REMINDER_MS,
  ownerContactOf,
  siteAddress,
} from "./emails";
export { publicFreeVehicleIds } from "./holds-cache";
export { issueLinkToken } from "./link-tokens";
export { ledgerColumns, withLines } from "./list";
export { loadReservation } from "./load";
export { confirmPaid, lapseUnpaid, type PaidOutcome, recordCheckout, unpaidDue } from "./payment-status";
export { presentCustomerReservation, presentReservation, type ReservationWithAddons } from "./presenter";
export { createReservation } from "./site-booking";
export { visitorQuote } from "./site-quote";
