/**
 * A booking whose car has left: on rent, returned (checked in) or completed. Its pickup is past, so
 * nothing is "to pay at pickup" any more. Zod-free, for the public pages too.
 */
export const PICKED_UP_STATUSES: readonly string[] = ["on_rent", "returned", "completed"];

export const pickedUp = (status: string) => PICKED_UP_STATUSES.includes(status);

/**
 * Cancelled or a no-show: closed without a rental, so nothing is paid at a pickup that will never
 * be (the emails and the customer's page said "to pay at pickup: US$0.00").
 */
export const endedWithoutRental = (status: string) => status === "cancelled" || status === "no_show";
