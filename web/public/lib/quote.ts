import { formatAddons } from "./addons";
import type { Booking } from "./booking";
import { queryString } from "./url";

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
