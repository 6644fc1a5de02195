import { usePage } from "../context";
import type { Booking } from "../lib/booking";
import { buttonPrimary } from "../lib/ui";
import { bookingQuery, hrefTo } from "../lib/url";

/** Shown on a later step reached without a vehicle or a valid search: the way back to choose them. */
export function MissingChoice({ booking }: { booking: Booking }) {
  const { data, t } = usePage();
  const query = bookingQuery(data.query);
  const message = booking.vehicle ? t.review.missingSearch : t.review.missingVehicle;
  const href = `${hrefTo(data, { kind: "vehicles" }, query)}${booking.vehicle ? "#search" : ""}`;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="missing-choice">
      <p className="text-lg font-semibold">{message}</p>
      <a href={href} className={`${buttonPrimary} mt-6`}>
        {booking.vehicle ? t.search.modify : t.steps.chooseVehicle}
      </a>
    </div>
  );
}
