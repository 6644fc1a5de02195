import { CircleCheck, Info, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { formatDate } from "../../../domain/date-format";
import type { PriceBreakdown as Breakdown } from "../../../domain/pricing";
import { needsDriverAge } from "../../../domain/rental-checks";
import { landingRulesOf, vehicleRulesOf } from "../../../domain/rental-rules";
import { formatMoney } from "../../lib/format";
import { BottomBar } from "../components/bottom-bar";
import { CancellationPolicy } from "../components/cancellation-policy";
import { ContactButtons } from "../components/contact-buttons";
import { bookingIdentity, CONTACT_FORM_ID, ContactForm } from "../components/contact-form";
import { DriverRules } from "../components/driver-rules";
import { Layout } from "../components/layout";
import { MissingChoice } from "../components/missing-choice";
import { PriceBreakdown } from "../components/price-breakdown";
import { ProblemList } from "../components/problem-list";
import { RentalTerms } from "../components/rental-terms";
import { TripSummary } from "../components/trip-summary";
import { usePage } from "../context";
import { callApi, type Quote } from "../lib/api";
import { type Booking, resolveBooking } from "../lib/booking";
import { isBirthDate } from "../lib/contact";
import { usePageNow } from "../lib/page-clock";
import { fromQuote, quoteQueryOf } from "../lib/quote";
import { problemText, problemTexts } from "../lib/rules";
import { type Booked, bookedFromReview, rememberBooked } from "../lib/tab-memory";
import { buttonPrimary, buttonSecondary, card, linkText } from "../lib/ui";
import { bookingQuery, hrefTo, withChanges } from "../lib/url";
import { useHydrated } from "../lib/use-hydrated";

type QuoteState =
  | { state: "checking" }
  | { state: "confirmed" }
  | { state: "changed"; price: Breakdown }
  | { state: "unavailable" }
  | { state: "refused"; messages: string[] }
  | { state: "failed" };

/**
 * Review: everything chosen, the price line by line (the domain's pricing, confirmed by the server's
 * quote), what the rules refuse, the cancellation policy beside the button, and the contact form
 * that makes the reservation (with the driver's date of birth when an age rule asks for it).
 */
export function ReviewPage() {
  const { data, t } = usePage();
  const { landing } = data;
  // Kept in the page only, like the contact details: a date of birth never goes into a URL.
  const [birth, setBirth] = useState<string | null>(null);
  const now = usePageNow();
  const booking = resolveBooking(data, undefined, now, birth);
  const { vehicle, search, price } = booking;
  // The server's quote never hears the date of birth (a URL would carry it into logs): it is
  // compared with this page's price before any age fee, which the booking itself then adds.
  const priceBeforeAge = birth === null ? price : resolveBooking(data, undefined, now, null).price;
  const [quote, setQuote] = useState<QuoteState>({ state: "checking" });
  const hydrated = useHydrated();

  const ready = vehicle !== null && booking.valid && price !== null;
  const request = ready ? reviewRequest(landing, booking) : null;
  const identity = request ? bookingIdentity(request) : "";
  // This review's reservation, when this tab already made it (back after booking, a reload of the
  // review): the page leads to it instead of offering to book it again (issue 24.7).
  const [booked, setBooked] = useState<Booked | null>(null);
  useEffect(() => {
    const check = () => {
      const made = bookedFromReview(landing.name);
      setBooked(made && made.request === identity ? made : null);
    };
    check();
    // A page brought back from the back-forward cache runs no effect again: look once more.
    window.addEventListener("pageshow", check);
    return () => window.removeEventListener("pageshow", check);
  }, [landing.name, identity]);
  const askBirth = vehicle !== null && needsDriverAge(landingRulesOf(landing.rules), vehicleRulesOf(vehicle.rules));
  const quoteQuery = ready ? quoteQueryOf(booking) : "";

  useEffect(() => {
    if (!quoteQuery || data.preview) return;
    let live = true;
    setQuote({ state: "checking" });
    callApi<Quote>(`/api/publicLanding/${encodeURIComponent(landing.name)}/quote${quoteQuery}`, data.language)
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setQuote({ state: "failed" });
        if (!answer.body.available) return setQuote({ state: "unavailable" });
        // The date of birth is the form's to ask and check; the rest of the rules stop the booking.
        const refused = (answer.body.problems ?? []).filter((problem) => problem.field !== "driver_birth_date");
        if (refused.length > 0) {
          return setQuote({ state: "refused", messages: [...new Set(refused.map((problem) => problem.message))] });
        }
        const server = fromQuote(answer.body);
        setQuote(
          server.totalCents === priceBeforeAge?.totalCents
            ? { state: "confirmed" }
            : { state: "changed", price: server },
        );
      })
      .catch(() => live && setQuote({ state: "failed" }));
    return () => {
      live = false;
    };
  }, [quoteQuery, data.preview, data.language, landing.name, priceBeforeAge?.totalCents]);

  if (!ready || !request) {
    return (
      <Layout step={4} booking={booking}>
        <MissingChoice booking={booking} />
      </Layout>
    );
  }

  const lang = data.language;
  const shown = quote.state === "changed" ? quote.price : price;
  const query = bookingQuery(data.query);
  const listHref = hrefTo(data, { kind: "vehicles" }, withChanges(query, { vehicle: null, addons: null }));
  const people = Math.min(search.seats, vehicle.people);
  const thanksHref = (created: { reference: string; customer_token: string | null }) =>
    hrefTo(
      data,
      { kind: "thanks" },
      withChanges({}, { ref: created.reference, t: created.customer_token, lang: data.query.lang }),
    );
  // What the rules refuse, computed here as the server will (the birth date's problems show under its field).
  const tripReasons = problemTexts(
    lang,
    booking.problems.filter((problem) => problem.field !== "driver_birth_date"),
  );
  const birthProblem = booking.problems.find((problem) => problem.field === "driver_birth_date");
  const unavailable =
    booked !== null || quote.state === "unavailable" || quote.state === "refused" || tripReasons.length > 0;
  const name = landing.display_name;
  const contactMessage = t.contact.vehicleDates(
    name,
    vehicle.name,
    formatDate(search.from, lang),
    formatDate(search.to, lang),
  );
  const onBirth = (value: string) => {
    setBirth(isBirthDate(value) ? value : null);
  };

  return (
    <Layout
      step={4}
      booking={booking}
      bottomBar={
        <BottomBar
          amount={formatMoney(shown.totalCents, shown.currency, lang)}
          note={`${t.bar.forDays(t.vehicle.days(shown.days))}, ${t.bar.withTax(shown.taxLabel)}`}
        >
          <button
            type="submit"
            form={CONTACT_FORM_ID}
            disabled={!hydrated || data.preview || unavailable}
            className={buttonPrimary}
            data-testid="bar-reserve"
          >
            {t.review.submit}
          </button>
        </BottomBar>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8 lg:py-8">
        <div className="grid min-w-0 content-start gap-6 lg:col-start-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.review.title}</h1>
          <section className={`${card} p-5`} aria-labelledby="review-trip">
            <div className="mb-4 flex items-baseline justify-between gap-3">
              <h2 id="review-trip" className="text-lg font-semibold">
                {t.review.trip}
              </h2>
              <a href={`${hrefTo(data, { kind: "vehicles" }, query)}#search`} className={`${linkText} text-sm`}>
                {t.review.edit}
              </a>
            </div>
            <TripSummary vehicle={vehicle} search={search} people={people} />
            <div className="mt-4 flex items-baseline justify-between gap-3 border-t border-gray-100 pt-4">
              <div>
                <h3 className="text-sm font-semibold">{t.review.extras}</h3>
                <p className="text-sm text-gray-700" data-testid="review-extras">
                  {booking.price?.addons.length
                    ? booking.price.addons.map((line) => `${line.name} × ${line.quantity}`).join(", ")
                    : t.steps.noExtras}
                </p>
              </div>
              <a href={hrefTo(data, { kind: "additions" }, query)} className={`${linkText} text-sm`}>
                {t.review.edit}
              </a>
            </div>
          </section>
        </div>

        <aside className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start lg:sticky lg:top-4">
          <section className={`${card} p-5`} aria-labelledby="review-price">
            <h2 id="review-price" className="mb-4 text-lg font-semibold">
              {t.review.price}
            </h2>
            {tripReasons.length > 0 && (
              <div className="mb-4 grid gap-2">
                <ProblemList title={t.rules.notBookable} reasons={tripReasons} testId="booking-problems" />
                <a href={`${listHref}#search`} className={`${linkText} inline-flex min-h-11 items-center text-sm`}>
                  {t.rules.change}
                </a>
              </div>
            )}
            <PriceBreakdown price={shown} depositCents={booking.quote?.depositCents ?? 0} />
            <div className="mt-3">
              <DriverRules vehicleRules={vehicle.rules} />
            </div>
            {!booked && <QuoteNote quote={quote} preview={data.preview} listHref={listHref} />}
            <p className="mt-3 text-xs text-gray-600">{t.review.currency(shown.currency)}</p>
            <div className="mt-4 border-t border-gray-100 pt-4">
              <ContactButtons message={contactMessage} title testId="review-contact-buttons" />
            </div>
          </section>
        </aside>

        <section className={`${card} p-5 lg:col-start-1`} aria-labelledby="review-contact">
          <h2 id="review-contact" className="text-lg font-semibold">
            {t.review.contactTitle}
          </h2>
          <p className="mb-4 text-sm text-gray-600">{t.review.contactBody}</p>
          {data.preview && (
            <p className="mb-4 flex gap-2 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-800">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t.review.preview}
            </p>
          )}
          {booked ? (
            <AlreadyBooked
              booked={booked}
              onBookAgain={() => {
                rememberBooked(landing.name, null);
                setBooked(null);
              }}
            />
          ) : (
            <ContactForm
              request={request}
              onTaken={() => setQuote({ state: "unavailable" })}
              thanksHref={thanksHref}
              listHref={listHref}
              disabled={data.preview || unavailable}
              birth={
                askBirth
                  ? {
                      initial: birth ?? "",
                      onChange: onBirth,
                      max: data.today,
                      problem: birthProblem ? problemText(lang, birthProblem) : null,
                    }
                  : null
              }
            >
              <CancellationPolicy currency={shown.currency} />
              <RentalTerms folded />
            </ContactForm>
          )}
        </section>
      </div>
    </Layout>
  );
}

function QuoteNote({ quote, preview, listHref }: { quote: QuoteState; preview: boolean; listHref: string }) {
  const { t } = usePage();
  if (preview) return null;
  const base = "mt-4 flex gap-2 rounded-lg px-3 py-2 text-sm";
  switch (quote.state) {
    case "checking":
      return (
        <p className={`${base} bg-gray-100 text-gray-800`} data-testid="quote-checking">
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 motion-safe:animate-spin" />
          {t.review.checking}
        </p>
      );
    case "confirmed":
      return (
        <p className={`${base} bg-green-50 text-green-900`} role="status" data-testid="quote-confirmed">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t.review.confirmed}
        </p>
      );
    case "changed":
      return (
        <p className={`${base} bg-amber-50 text-amber-900`} role="status" data-testid="quote-changed">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t.review.changed}
        </p>
      );
    case "unavailable":
      return (
        <div className={`${base} bg-red-50 text-red-900`} role="alert" data-testid="quote-unavailable">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{t.review.unavailable}</p>
            <a href={listHref} className={`${linkText} inline-flex min-h-11 items-center`}>
              {t.review.unavailableLink}
            </a>
          </div>
        </div>
      );
    case "refused":
      return (
        <div className={`${base} bg-red-50 text-red-900`} role="alert" data-testid="quote-refused">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            {quote.messages.map((message) => (
              <p key={message} className="font-semibold">
                {message}
              </p>
            ))}
            <a href={`${listHref}#search`} className={`${linkText} inline-flex min-h-11 items-center`}>
              {t.rules.change}
            </a>
          </div>
        </div>
      );
    case "failed":
      return (
        <p className={`${base} bg-gray-100 text-gray-800`} role="status">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t.review.quoteFailed}
        </p>
      );
  }
}

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
    number_person: Math.min(search.seats, vehicle?.people ?? search.seats),
    addons: booking.addons.map((pick) => ({ id: pick.id, quantity: pick.quantity })),
  };
}

/** This review was booked already in this tab: where to see it, or start another booking. */
function AlreadyBooked({ booked, onBookAgain }: { booked: Booked; onBookAgain: () => void }) {
  const { t } = usePage();
  return (
    <div
      className="grid gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-950"
      role="status"
      data-testid="already-booked"
    >
      <p className="flex gap-2 font-semibold">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t.review.alreadyBooked(booked.reference)}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <a href={booked.href} className={buttonPrimary} data-testid="already-booked-link">
          {t.review.alreadyBookedLink}
        </a>
        <button type="button" onClick={onBookAgain} className={buttonSecondary} data-testid="book-again">
          {t.review.bookAgain}
        </button>
      </div>
    </div>
  );
}
