import * as lucide from "lucide-react";
import { ContactButtons } from "../components/contact-buttons";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { BookingNotFound } from "../components/missing-choice";
import { ReservationDetails } from "../components/reservation-details";
import { usePage } from "../context";
import { resolveBooking } from "../lib/booking";
import { buttonPrimary, buttonSecondary, card } from "../lib/ui";
import { hrefTo, withChanges } from "../lib/url";

const CircleCheck = keptIcon(lucide.CircleCheck);
const Mail = keptIcon(lucide.Mail);

/** Thank-you: the customer's name, the reference, the summary, what happens next, their page. */
export function ThanksPage() {
  const { data, t } = usePage();
  const reservation = data.reservation;
  const booking = resolveBooking({ ...data, query: {} });
  const home = hrefTo(data, { kind: "home" }, withChanges({}, { lang: data.query.lang }));
  if (!reservation) return <BookingNotFound message={t.thanks.missing} />;
  const manage = hrefTo(
    data,
    { kind: "reservation", reference: reservation.reference },
    withChanges({}, { t: reservation.token, lang: data.query.lang }),
  );
  return (
    <Layout step={5} booking={booking}>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <section className="text-center">
          <CircleCheck aria-hidden="true" className="mx-auto size-14 text-green-700" />
          <h1
            className="mt-3 text-3xl font-bold tracking-tight wrap-anywhere cramped:text-xl"
            data-testid="thanks-title"
          >
            {t.thanks.title(reservation.name)}
          </h1>
          <p className="mt-2 text-gray-700">{t.thanks.body}</p>
          {/* Sent again after a lost answer, or from a second tab: the same booking, not a second one. */}
          {data.query.again === "1" && (
            <p
              className="mx-auto mt-4 max-w-md rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-950"
              role="status"
              data-testid="thanks-again"
            >
              {t.thanks.again}
            </p>
          )}
          {/* On one line at 200 % text on a 320 px phone too: broken at its hyphen, "NLY-" and the rest
              read as two codes (a walk's finding). Wider text still wraps rather than overflow. */}
          <p className="mx-auto mt-5 inline-flex max-w-full flex-col rounded-2xl border-2 border-dashed border-(--brand-ink) bg-white px-5 py-4 cramped:px-3 sm:px-8">
            <span className="text-sm font-medium text-gray-600">{t.thanks.reference}</span>
            <span
              className="text-2xl font-bold tracking-widest wrap-anywhere text-(--brand-ink) cramped:text-base cramped:tracking-wider min-[360px]:text-3xl"
              data-testid="thanks-reference"
            >
              {reservation.reference}
            </span>
          </p>
        </section>
        <section className={`${card} p-5`} aria-labelledby="thanks-next">
          <h2 id="thanks-next" className="flex items-center gap-2 text-lg font-semibold">
            <Mail aria-hidden="true" className="size-5 text-(--accent-ink)" />
            {t.thanks.nextTitle}
          </h2>
          <ol className="mt-3 grid list-decimal gap-2 pl-5 text-gray-700 wrap-anywhere">
            {t.thanks.next(reservation.email, data.landing.display_name).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
        <section className={`${card} p-5`} aria-labelledby="thanks-summary">
          <h2 id="thanks-summary" className="mb-4 text-lg font-semibold">
            {t.thanks.summary}
          </h2>
          <ReservationDetails reservation={reservation} />
          <ContactButtons
            message={t.contact.reservation(data.landing.display_name, reservation.reference)}
            title
            testId="thanks-contact"
            className="mt-5 border-t border-gray-100 pt-4"
          />
        </section>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <a href={manage} className={buttonPrimary} data-testid="thanks-manage">
            {t.thanks.manage}
          </a>
          <a href={home} className={buttonSecondary}>
            {t.thanks.home}
          </a>
        </div>
      </div>
    </Layout>
  );
}
