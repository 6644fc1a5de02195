import { CircleCheck, Info, LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import type { PriceBreakdown as Breakdown } from "../../../domain/pricing";
import { BottomBar } from "../components/bottom-bar";
import { CancellationPolicy } from "../components/cancellation-policy";
import { CONTACT_FORM_ID, ContactForm } from "../components/contact-form";
import { Layout } from "../components/layout";
import { MissingChoice } from "../components/missing-choice";
import { PriceBreakdown } from "../components/price-breakdown";
import { TripSummary } from "../components/trip-summary";
import { usePage } from "../context";
import { formatAddons } from "../lib/addons";
import { callApi, type Quote } from "../lib/api";
import { resolveBooking } from "../lib/booking";
import { formatMoney } from "../lib/format";
import { buttonPrimary, card, linkText } from "../lib/ui";
import { bookingQuery, hrefTo, queryString, withChanges } from "../lib/url";
import { useHydrated } from "../lib/use-hydrated";

type QuoteState =
  | { state: "checking" }
  | { state: "confirmed" }
  | { state: "changed"; price: Breakdown }
  | { state: "unavailable" }
  | { state: "failed" };

/** The server's quote in the shape of the domain's breakdown. */
const fromQuote = (quote: Quote): Breakdown => ({
  days: quote.days,
  pricePerDayCents: quote.price_per_day_cents,
  rentalCents: quote.rental_cents,
  addons: quote.addons.map((line) => ({
    id: line.id,
    name: line.name,
    priceCents: line.price_cents,
    quantity: line.quantity,
    totalCents: line.total_cents,
  })),
  addonsCents: quote.addons_cents,
  subtotalCents: quote.subtotal_cents,
  taxLabel: quote.tax_label,
  taxRateBasisPoints: Math.round(quote.tax_rate * 100),
  taxCents: quote.tax_cents,
  totalCents: quote.total_cents,
  currency: quote.currency,
});

/**
 * Review: everything chosen, the price (the domain's pricing, confirmed by the server's quote), the
 * cancellation policy beside the button, and the contact form that makes the reservation.
 */
export function ReviewPage() {
  const { data, t } = usePage();
  const { landing } = data;
  const booking = resolveBooking(data);
  const { vehicle, search, price } = booking;
  const [quote, setQuote] = useState<QuoteState>({ state: "checking" });
  const hydrated = useHydrated();

  const ready = vehicle !== null && booking.valid && price !== null;
  const quoteQuery = ready
    ? queryString({
        vehicle: String(vehicle.id),
        from: `${search.from}T${search.fromTime}`,
        to: `${search.to}T${search.toTime}`,
        addons: formatAddons(booking.addons),
      })
    : "";

  useEffect(() => {
    if (!quoteQuery || data.preview) return;
    let live = true;
    callApi<Quote>(`/api/publicLanding/${encodeURIComponent(landing.name)}/quote${quoteQuery}`, data.language)
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setQuote({ state: "failed" });
        if (!answer.body.available) return setQuote({ state: "unavailable" });
        const server = fromQuote(answer.body);
        setQuote(
          server.totalCents === price?.totalCents ? { state: "confirmed" } : { state: "changed", price: server },
        );
      })
      .catch(() => live && setQuote({ state: "failed" }));
    return () => {
      live = false;
    };
  }, [quoteQuery, data.preview, data.language, landing.name, price?.totalCents]);

  if (!ready) {
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
  const request = {
    id_landing: landing.id,
    name_landing: landing.name,
    id_vehicle: vehicle.id,
    place_of_departure: search.pickup,
    arrival_place: search.dropoff || search.pickup,
    date_of_departure: search.from,
    time_of_departure: search.fromTime,
    date_of_arrival: search.to,
    time_of_arrival: search.toTime,
    number_person: people,
    addons: booking.addons.map((pick) => ({ id: pick.id, quantity: pick.quantity })),
  };
  const thanksHref = (created: { reference: string; customer_token: string | null }) =>
    hrefTo(
      data,
      { kind: "thanks" },
      withChanges({}, { ref: created.reference, t: created.customer_token, lang: data.query.lang }),
    );
  const unavailable = quote.state === "unavailable";

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
            <PriceBreakdown price={shown} />
            <QuoteNote quote={quote} preview={data.preview} listHref={listHref} />
            <p className="mt-3 text-xs text-gray-600">{t.review.currency(shown.currency)}</p>
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
          <ContactForm
            request={request}
            thanksHref={thanksHref}
            listHref={listHref}
            disabled={data.preview || unavailable}
          >
            <CancellationPolicy currency={shown.currency} />
          </ContactForm>
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
    case "failed":
      return (
        <p className={`${base} bg-gray-100 text-gray-800`} role="status">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t.review.quoteFailed}
        </p>
      );
  }
}
