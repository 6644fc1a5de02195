import { cancellationPolicyWords } from "@domain/cancellation-words";
import type { Untranslated } from "@domain/translations";
import { formatMoney, formatRate } from "@web/lib/format";
import * as lucide from "lucide-react";
import { CancellationPolicy } from "../components/cancellation-policy";
import { driverRuleLines } from "../components/driver-rules";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { RentalTerms } from "../components/rental-terms";
import { usePage } from "../context";
import type { Dictionary } from "../i18n/es";
import { faqItems } from "../i18n/faq";
import { pickupMethodsText } from "../lib/labels";
import { buttonPrimary } from "../lib/ui";
import { bookingQuery, FILTER_KEYS, hrefTo, RESUMABLE_STEPS, withChanges } from "../lib/url";
import type { PublicPageData } from "../types";

const ChevronDown = keptIcon(lucide.ChevronDown);

/** Questions a traveller asks before booking, answered for this landing (its name, tax, policy). */
export function FaqPage() {
  const { data, t } = usePage();
  const { landing } = data;
  const tax = `${landing.tax_label} (${formatRate(landing.tax_rate, data.language)} %)`;
  // The driver's age rules, asked only at the review before (issue 24.9); a vehicle may ask more.
  const ageLines = driverRuleLines(landing.rules, null, (cents) =>
    formatMoney(cents, landing.currency, data.language),
  ).map((line) => (line.kind === "minAge" ? t.rules.minAge(line.age) : t.rules.youngFee(line.fee, line.age)));
  const stricter = landing.vehicles.some((vehicle) => vehicle.rules?.min_driver_age != null);
  // Opened from a step of a booking: the button leads back to it, with everything chosen so far.
  const resume = resumeLink(data);
  const paymentItem = { q: t.faq.payment.q, a: paymentAnswer(data, t) };
  const driverAgeItem = {
    q: t.rules.faqAgeQuestion,
    a: [...(ageLines.length > 0 ? ageLines : [t.rules.faqAgeNone]), ...(stricter ? [t.rules.faqAgeVehicles] : [])].join(
      " ",
    ),
  };
  return (
    <Layout>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 lg:py-12">
        <h1 className="text-3xl font-bold tracking-tight cramped:text-2xl">{t.faq.title}</h1>
        <div
          className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white shadow-sm"
          data-testid="faq"
        >
          {[
            // The owner's own questions first: they know what their customers ask.
            ...landing.rules.faq.map((entry) => ({
              key: `owner:${entry.question}`,
              q: entry.question,
              a: entry.answer,
              untranslated: entry.untranslated,
            })),
            ...[...faqItems(data.language, landing.display_name, tax), paymentItem, driverAgeItem].map((item) => ({
              ...item,
              key: item.q,
            })),
          ].map((item: { key: string; q: string; a: string; untranslated?: Untranslated<"question" | "answer"> }) => (
            <details key={item.key} className="group px-5">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold">
                <span lang={item.untranslated?.question}>{item.q}</span>
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-gray-500 group-open:rotate-180" />
              </summary>
              <p lang={item.untranslated?.answer} className="whitespace-pre-line pb-4 leading-7 text-gray-700">
                {item.a}
              </p>
            </details>
          ))}
        </div>
        <CancellationPolicy currency={landing.currency} level={2} />
        <RentalTerms />
        <div>
          <a
            href={resume ?? hrefTo(data, { kind: "home" }, withChanges({}, { lang: data.query.lang }))}
            className={buttonPrimary}
          >
            {resume ? t.faq.resume : t.faq.cta}
          </a>
        </div>
      </div>
    </Layout>
  );
}

const isResumable = (step: string | undefined): step is "vehicles" | "vehicle" | "additions" | "review" =>
  step !== undefined && RESUMABLE_STEPS.includes(step);

/** Where the FAQ leads back to: the step its link named, with the booking; null when none was named. */
function resumeLink(data: PublicPageData): string | null {
  const { step } = data.query;
  if (!isResumable(step)) return null;
  const booking = bookingQuery(data.query);
  const vehicleId = Number(booking.vehicle);
  // The list's filters the list or a vehicle's page was left with: each reads them as it reads its
  // own address (a vehicle's page keeps them for its "back to the list").
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, data.query[key]]));
  // The list, with the trip and those filters; a vehicle no longer offered (or a link typed by
  // hand) leads there too.
  if (step === "vehicles" || !data.landing.vehicles.some((vehicle) => vehicle.id === vehicleId)) {
    return hrefTo(data, { kind: "vehicles" }, withChanges(booking, { ...filters, vehicle: null, addons: null }));
  }
  if (step === "vehicle") return hrefTo(data, { kind: "vehicle", vehicleId }, withChanges(booking, filters));
  return hrefTo(data, { kind: step }, booking);
}

/** How the landing's bookings are paid (issue 27): what when booking, how, and what at pickup. */
function paymentAnswer({ landing, language }: PublicPageData, dictionary: Dictionary): string {
  const t = dictionary.faq.payment;
  const { payment } = landing;
  const methods = pickupMethodsText(dictionary, payment.pickup_methods);
  const share =
    payment.prepay === "percent"
      ? cancellationPolicyWords[language].paid.percentOfTotal(payment.prepay_percent)
      : formatMoney(payment.prepay_amount_cents, landing.currency, language);
  const paid =
    payment.prepay === "none"
      ? t.atPickup(methods)
      : payment.channel === "card"
        ? payment.prepay === "full"
          ? t.full
          : t.card(share, methods)
        : payment.prepay === "full"
          ? t.transferFull
          : t.transfer(share, methods);
  return payment.deposit_hold === "none" ? paid : `${paid} ${t.depositOnCard}`;
}
