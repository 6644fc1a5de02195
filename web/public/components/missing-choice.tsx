import { usePage } from "../context";
import { type ReviewWords, reviewWords } from "../i18n/review";
import type { Booking } from "../lib/booking";
import { buttonPrimary } from "../lib/ui";
import { bookingQuery, hrefTo, withChanges } from "../lib/url";
import { Layout } from "./layout";

/** Whether a later step (the extras, the review) has what it shows: a vehicle, a valid search, its price. */
export const hasChoice = (booking: Booking) => booking.vehicle !== null && booking.valid && booking.price !== null;

/**
 * What a later step reached without its choices says as its heading, and as the page's title (a
 * walk found "Review and book" in the tab over "Choose a valid place and dates first"). A vehicle
 * named in the link that the landing no longer has (deleted since the link was made, or typed) is
 * said so, not "choose a vehicle first" as if none had been chosen.
 */
export function missingChoiceMessage(booking: Booking, linkedVehicle: string | undefined, review: ReviewWords) {
  if (booking.vehicle) return review.missingSearch;
  return linkedVehicle ? review.goneTitle : review.missingVehicle;
}

/** Shown on a later step reached without a vehicle or a valid search: the way back to choose them. */
export function MissingChoice({ booking }: { booking: Booking }) {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  const query = bookingQuery(data.query);
  const message = missingChoiceMessage(booking, data.query.vehicle, review);
  // What is wrong with the search in the link, when it has one: a pickup time that passed while
  // the page waited in a tab is the usual one, and "choose valid dates" alone does not say so.
  const problem = booking.vehicle && booking.searched ? Object.values(booking.errors)[0] : undefined;
  const href = `${hrefTo(data, { kind: "vehicles" }, query)}${booking.vehicle ? "#search" : ""}`;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="missing-choice">
      {/* The page's heading: what is missing (an audit found this step's page without one). */}
      <h1 className="text-lg font-semibold">{message}</h1>
      {problem && <p className="mt-2 text-gray-700">{t.search.errors[problem]}</p>}
      <a href={href} className={`${buttonPrimary} mt-6`}>
        {booking.vehicle ? t.search.modify : t.steps.chooseVehicle}
      </a>
    </div>
  );
}

/**
 * In this module, not one of its own, as the vehicle list's script names every module's file (its
 * budget, docs/performance.md). A booking's page (its thanks, its own page, its express pickup) with no booking to show: said as
 * the page's heading (an audit found these pages without one), with the way back to the site.
 */
export function BookingNotFound({ message }: { message: string }) {
  const { data, t } = usePage();
  const _review = reviewWords[data.language];
  const home = hrefTo(data, { kind: "home" }, withChanges({}, { lang: data.query.lang }));
  return (
    <Layout>
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-lg font-semibold">{message}</h1>
        <a href={home} className={`${buttonPrimary} mt-6`}>
          {t.thanks.home}
        </a>
      </div>
    </Layout>
  );
}
