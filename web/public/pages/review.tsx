import { addonQuantityCap } from "@domain/addons";
import { formatDate, formatTime } from "@domain/date-format";
import type { PriceBreakdown as Breakdown } from "@domain/pricing";
import { needsDriverAge } from "@domain/rental-checks";
import { landingRulesOf, vehicleRulesOf } from "@domain/rental-rules";
import { toInstant } from "@domain/rental-time";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { useState } from "react";
import { AlreadyBooked } from "../components/already-booked";
import { BottomBar } from "../components/bottom-bar";
import { CancellationPolicy } from "../components/cancellation-policy";
import { ContactButtons } from "../components/contact-buttons";
import { bookingIdentity, CONTACT_FORM_ID, ContactForm } from "../components/contact-form";
import { DriverRules } from "../components/driver-rules";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { MissingChoice } from "../components/missing-choice";
import { PriceBreakdown } from "../components/price-breakdown";
import { ProblemList, seatReasons } from "../components/problem-list";
import { QuoteNote } from "../components/quote-note";
import { RentalTerms } from "../components/rental-terms";
import { TripSummary } from "../components/trip-summary";
import { usePage } from "../context";
import { reviewWords } from "../i18n/review";
import { type Booking, resolveBooking } from "../lib/booking";
import { isBirthDate } from "../lib/contact";
import { usePageNow } from "../lib/page-clock";
import { quoteQueryOf } from "../lib/quote";
import { problemText, problemTexts } from "../lib/rules";
import { buttonPrimary, buttonSecondary, card, compactTapArea, linkText } from "../lib/ui";
import { bookingQuery, hrefTo, withChanges } from "../lib/url";
import { useBookedHere } from "../lib/use-booked-here";
import { useHydrated } from "../lib/use-hydrated";
import { type QuoteState, useQuoteCheck } from "../lib/use-quote-check";
import type { PublicPageData } from "../types";

const Info = keptIcon(lucide.Info);

/**
 * Review: everything chosen, the price line by line (the domain's pricing, confirmed by the server's
 * quote), what the rules refuse, the cancellation policy beside the button, and the contact form
 * that makes the reservation (with the driver's date of birth when an age rule asks for it).
 */
export function ReviewPage() {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  const { landing } = data;
  // Kept in the page only, like the contact details: a date of birth never goes into a URL.
  const [birth, setBirth] = useState<string | null>(null);
  // The reservation on its way: one state for the form's button and the phone bar's.
  const [sending, setSending] = useState(false);
  const now = usePageNow();
  const booking = resolveBooking(data, undefined, now, birth);
  const { vehicle, price } = booking;
  const hydrated = useHydrated();
  const ready = vehicle !== null && booking.valid && price !== null;
  const request = ready ? reviewRequest(landing, booking) : null;
  const { booked, forget } = useBookedHere(landing.name, request ? bookingIdentity(request) : "");
  const [quote, setQuote, recheckQuote] = useQuoteCheck({
    landingName: landing.name,
    // Once the page runs on the real clock: before, a pickup earlier today counts as not yet past,
    // and a quote asked then would only be refused (422) a moment later.
    quoteQuery: ready && hydrated ? quoteQueryOf(booking) : "",
    language: data.language,
    preview: data.preview,
    // The server's quote never hears the date of birth (a URL would carry it into logs): it is
    // compared with this page's price before any age fee, which the booking itself then adds.
    expectedTotal: (birth === null ? price : resolveBooking(data, undefined, now, null).price)?.totalCents,
  });

  if (!ready || !request) {
    return (
      <Layout step={4} booking={booking}>
        <MissingChoice booking={booking} />
      </Layout>
    );
  }

  const lang = data.language;
  const shown = quote.state === "changed" ? quote.price : price;
  const pickupAt = toInstant({ date: booking.search.from, time: booking.search.fromTime }, landing.time_zone);
  const query = bookingQuery(data.query);
  const listHref = hrefTo(data, { kind: "vehicles" }, withChanges(query, { vehicle: null, addons: null }));
  // A booking an earlier send made (its answer lost, or another tab's) says so on its thank-you page.
  const thanksHref = (created: { reference: string; customer_token: string | null }, replayed: boolean) =>
    hrefTo(
      data,
      { kind: "thanks" },
      withChanges(
        {},
        { ref: created.reference, t: created.customer_token, again: replayed ? "1" : null, lang: data.query.lang },
      ),
    );
  // What the rules refuse, computed here as the server will (the birth date's problems show under its field).
  const tripReasons = [
    ...problemTexts(
      lang,
      booking.problems.filter((problem) => problem.field !== "driver_birth_date"),
    ),
    ...seatReasons(lang, booking),
  ];
  const birthProblem = booking.problems.find((problem) => problem.field === "driver_birth_date");
  const unavailable =
    booked !== null ||
    quote.state === "unavailable" ||
    quote.state === "refused" ||
    quote.state === "bookingRefused" ||
    tripReasons.length > 0;
  // Why it cannot be booked is said in the price's box (not so when the car went as it was booked:
  // the form says that where it was sent).
  const reasonWithPrice = tripReasons.length > 0 || quote.state === "unavailable" || quote.state === "refused";
  const askBirth = needsDriverAge(landingRulesOf(landing.rules), vehicleRulesOf(vehicle.rules));

  return (
    <Layout
      step={4}
      booking={booking}
      bottomBar={
        <BottomBar
          amount={formatMoney(shown.totalCents, shown.currency, lang)}
          note={`${t.bar.forDays(t.vehicle.days(shown.days))}, ${t.bar.withTax(shown.taxLabel)}`}
        >
          {booked ? (
            // Booked already from this review: the bar leads to it, as the page does.
            <a href={booked.href} className={buttonPrimary} data-testid="bar-booked-link">
              {review.alreadyBookedLink}
            </a>
          ) : hydrated && reasonWithPrice && !data.preview ? (
            // A greyed "Book now" alone said nothing, and the reason was a screen further down (a walk's finding).
            <a href="#review-price" className={buttonSecondary} data-testid="bar-why">
              {reviewWords[lang].seeWhy}
            </a>
          ) : (
            <button
              type="submit"
              form={CONTACT_FORM_ID}
              disabled={!hydrated || data.preview || unavailable}
              // While sending it stays focusable (the form refuses a second send): focus is not lost.
              aria-disabled={sending || undefined}
              aria-busy={sending || undefined}
              className={buttonPrimary}
              data-testid="bar-reserve"
            >
              {sending ? review.submitting : review.submit}
            </button>
          )}
        </BottomBar>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8 lg:py-8">
        <div className="grid min-w-0 content-start gap-6 lg:col-start-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{review.title}</h1>
          <TripCard booking={booking} />
        </div>

        <aside className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start lg:sticky lg:top-4">
          <PriceCard
            booking={booking}
            shown={shown}
            quote={booked ? null : quote}
            tripReasons={tripReasons}
            listHref={listHref}
          />
        </aside>

        {/* Narrower side margins on a phone: the policy's box inside it keeps a readable line at 200 % text. */}
        <section className={`${card} px-3 py-5 sm:p-5 lg:col-start-1`} aria-labelledby="review-contact">
          <h2 id="review-contact" className="text-lg font-semibold">
            {review.contactTitle}
          </h2>
          <p className="mb-4 text-sm text-gray-600">{review.contactBody}</p>
          {data.preview && (
            <p className="mb-4 flex gap-2 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-800">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {review.preview}
            </p>
          )}
          {booked ? (
            <AlreadyBooked booked={booked} onBookAgain={forget} />
          ) : (
            <ContactForm
              request={request}
              payment={
                (quote.state === "confirmed" || quote.state === "changed") && quote.payment
                  ? { plan: quote.payment, totalCents: shown.totalCents }
                  : null
              }
              onTaken={() => setQuote({ state: "bookingRefused" })}
              onGone={() => setQuote({ state: "bookingRefused" })}
              // Sent once the server confirmed the total shown; changed, the page already says so.
              expectedTotalCents={quote.state === "confirmed" ? shown.totalCents : undefined}
              onPriceChanged={recheckQuote}
              thanksHref={thanksHref}
              listHref={listHref}
              disabled={data.preview || unavailable}
              sending={sending}
              onSending={setSending}
              birth={
                askBirth
                  ? {
                      initial: birth ?? "",
                      onChange: (value) => setBirth(isBirthDate(value) ? value : null),
                      max: data.today,
                      problem: birthProblem ? problemText(lang, birthProblem) : null,
                    }
                  : null
              }
            >
              <CancellationPolicy
                currency={shown.currency}
                totalCents={shown.totalCents}
                pickup={pickupAt ? { at: pickupAt, now } : undefined}
              />
              <RentalTerms folded />
            </ContactForm>
          )}
        </section>
      </div>
    </Layout>
  );
}

/**
 * What the booking changed of the extras the address asks for, to say it rather than change them
 * silently: "gone", an extra the landing no longer offers (the owner removed it since it was
 * chosen), left out; "reduced", more of one than it now allows per booking (the owner lowered its
 * maximum, or an old or edited link), booked at that maximum.
 */
function addonChanges(data: PublicPageData): { gone: boolean; reduced: boolean } {
  const asked = (data.query.addons ?? "").split(",").filter((pair) => pair !== "");
  const offered = (pair: string) => data.landing.addons.find((addon) => String(addon.id) === pair.split(":")[0]);
  return {
    gone: asked.some((pair) => !offered(pair)),
    reduced: asked.some((pair) => {
      const addon = offered(pair);
      return addon !== undefined && Number(pair.split(":")[1] ?? 1) > addonQuantityCap(addon);
    }),
  };
}

/** The trip chosen (vehicle, places, dates, people) and its extras, each with a link to change it. */
function TripCard({ booking }: { booking: Booking }) {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  const { vehicle, search } = booking;
  const query = bookingQuery(data.query);
  if (!vehicle) return null;
  const changes = addonChanges(data);
  return (
    <section className={`${card} p-5`} aria-labelledby="review-trip">
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 id="review-trip" className="text-lg font-semibold">
          {review.trip}
        </h2>
        <a
          href={changeTripHref(data)}
          aria-label={review.editTrip}
          className={`${linkText} ${compactTapArea} text-sm`}
          data-testid="review-edit-trip"
        >
          {review.edit}
        </a>
      </div>
      <TripSummary vehicle={vehicle} search={search} people={search.seats} />
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-3 border-t border-gray-100 pt-4">
        <div className="min-w-0 flex-[1_1_10rem]">
          <h3 className="text-sm font-semibold">{review.extras}</h3>
          <p className="text-sm wrap-anywhere text-gray-700" data-testid="review-extras">
            {booking.price?.addons.length
              ? booking.price.addons.map((line) => `${line.name} × ${line.quantity}`).join(", ")
              : t.steps.noExtras}
          </p>
          {(["gone", "reduced"] as const)
            .filter((change) => changes[change])
            .map((change) => (
              <p
                key={change}
                className="mt-2 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
                role="status"
                data-testid={`review-addons-${change}`}
              >
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {reviewWords[data.language][change === "gone" ? "addonsGone" : "addonsReduced"]}
              </p>
            ))}
        </div>
        <a
          href={hrefTo(data, { kind: "additions" }, query)}
          aria-label={review.editExtras}
          className={`${linkText} ${compactTapArea} text-sm`}
          data-testid="review-edit-extras"
        >
          {review.edit}
        </a>
      </div>
    </section>
  );
}

/**
 * The price as it stands (`shown`: the page's, or the server's when it differs), what the rules
 * refuse, the driver's rules, what the quote said (`quote`: none once this tab booked it), and how
 * to reach the operator about this trip.
 */
function PriceCard({
  booking,
  shown,
  quote,
  tripReasons,
  listHref,
}: {
  booking: Booking;
  shown: Breakdown;
  quote: QuoteState | null;
  tripReasons: string[];
  listHref: string;
}) {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  const { vehicle, search } = booking;
  if (!vehicle) return null;
  // The server's quote hears no seats: "confirmed" would contradict a reason above it. A refusal
  // in the words of the reasons above (the same rules, checked by the server too) is said once.
  const blocking = quote?.state === "unavailable" || quote?.state === "refused";
  const note = quote &&
    !(quote.state === "confirmed" && tripReasons.length > 0) &&
    !(quote.state === "refused" && quote.messages.every((message) => tripReasons.includes(message))) && (
      <QuoteNote quote={quote} preview={data.preview} listHref={listHref} first={blocking} />
    );
  const contactMessage = t.contact.vehicleDates(
    data.landing.display_name,
    vehicle.name,
    formatDate(search.from, data.language),
    formatDate(search.to, data.language),
  );
  return (
    <section className={`${card} px-3 py-5 sm:p-5`} aria-labelledby="review-price">
      <h2 id="review-price" className="mb-4 text-lg font-semibold">
        {review.price}
      </h2>
      {/* A refusal first, above the price it refuses: at the box's end it was below a phone's screen. */}
      {blocking && note}
      {tripReasons.length > 0 && (
        <div className="mb-4 grid gap-2">
          <ProblemList title={t.rules.notBookable} reasons={tripReasons} testId="booking-problems" />
          <a href={changeTripHref(data)} className={`${linkText} inline-flex min-h-11 items-center text-sm`}>
            {t.search.modify}
          </a>
        </div>
      )}
      <PriceBreakdown price={shown} depositCents={booking.quote?.depositCents ?? 0} />
      {/* A walk's finding: returning an hour later than the pickup added a whole day, said nowhere but the FAQ. */}
      {search.toTime > search.fromTime && shown.days > 1 && (
        <p className="mt-3 text-sm text-gray-700" data-testid="extra-day-note">
          {review.extraDay(
            formatTime(search.toTime, data.language),
            formatTime(search.fromTime, data.language),
            t.vehicle.days(shown.days - 1),
          )}
        </p>
      )}
      <div className="mt-3">
        <DriverRules vehicleRules={vehicle.rules} />
      </div>
      {!blocking && note}
      <p className="mt-3 text-xs text-gray-600">{review.currency(shown.currency)}</p>
      <ContactButtons
        message={contactMessage}
        title
        testId="review-contact-buttons"
        className="mt-4 border-t border-gray-100 pt-4"
      />
    </section>
  );
}

/**
 * The list's search, open, with the vehicle and extras chosen: the new trip comes back here with
 * them (pages/vehicles.tsx), and this page says whether the trip still allows that vehicle.
 */
const changeTripHref = (data: PublicPageData) =>
  `${hrefTo(data, { kind: "vehicles" }, bookingQuery(data.query))}#search`;

/** What a review sends besides the person: the vehicle, places, dates, people and extras chosen. */
function reviewRequest(landing: { id: number; name: string }, booking: Booking) {
  const { vehicle, search } = booking;
  return {
    id_landing: landing.id,
    name_landing: landing.name,
    id_vehicle: vehicle?.id ?? 0,
    place_of_departure: search.pickup,
    arrival_place: search.dropoff || search.pickup,
    date_of_departure: search.from,
    time_of_departure: search.fromTime,
    date_of_arrival: search.to,
    time_of_arrival: search.toTime,
    number_person: search.seats,
    addons: booking.addons.map((pick) => ({ id: pick.id, quantity: pick.quantity })),
  };
}
