// The desk feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export { ManualBookingDialog } from "./manual-booking-dialog";
