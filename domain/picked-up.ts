/**
 * A booking whose car has left: on rent, returned (checked in) or completed. Its pickup is past, so
 * nothing is "to pay at pickup" any more. Zod-free, for the public pages too.
 */
export const PICKED_UP_STATUSES: readonly string[] = ["on_rent", "returned", "completed"];

export const pickedUp = (status: string) => PICKED_UP_STATUSES.includes(status);
