import { formatDate } from "@domain/date-format";
import { dayRateCents } from "@domain/pricing";
import { translateRule } from "@domain/rule-messages";
import { featureLabel } from "@domain/vehicle-options";
import type { PublicVehicle } from "@domain/vehicles";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { BottomBar } from "../components/bottom-bar";
import { Carousel } from "../components/carousel";
import { ContactButtons } from "../components/contact-buttons";
import { DriverRules } from "../components/driver-rules";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { DepositNote, PriceBreakdown } from "../components/price-breakdown";
import { ProblemList, seatReasons } from "../components/problem-list";
import { SearchForm } from "../components/search-form";
import { usePage } from "../context";
import { type Booking, resolveBooking } from "../lib/booking";
import { carTypeLabel, transmissionLabel } from "../lib/labels";
import { usePageNow } from "../lib/page-clock";
import { problemTexts } from "../lib/rules";
import { buttonPrimary, card, linkText } from "../lib/ui";
import { bookingQuery, hrefTo, withChanges } from "../lib/url";

const ArrowLeft = keptIcon(lucide.ArrowLeft);
const Briefcase = keptIcon(lucide.Briefcase);
const CarFront = keptIcon(lucide.CarFront);
const Check = keptIcon(lucide.Check);
const Cog = keptIcon(lucide.Cog);
const Sparkles = keptIcon(lucide.Sparkles);
const Tag = keptIcon(lucide.Tag);
const Users = keptIcon(lucide.Users);

// Not `automatic`: it follows the transmission, which the details above already name.
const EQUIPMENT = ["bluetooth", "gps", "apple_car", "siriusxm"] as const;

/** A vehicle: its photos, every detail and special feature, Back, and Select (on to the extras). */
export function VehiclePage() {
  const { data, t } = usePage();
  const vehicleId = data.page.kind === "vehicle" ? data.page.vehicleId : 0;
  const vehicle = data.landing.vehicles.find((candidate) => candidate.id === vehicleId) ?? null;
  const now = usePageNow();
  const booking = resolveBooking({ ...data, query: withChanges(data.query, { vehicle: vehicleId }) }, [], now);
  const backHref = hrefTo(data, { kind: "vehicles" }, withChanges(data.query, { vehicle: null, addons: null }));

  if (!vehicle) {
    return (
      <Layout step={2} booking={booking}>
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <p className="text-lg font-semibold">{t.notFound}</p>
          <a href={backHref} className={`${buttonPrimary} mt-6`}>
            {t.vehicle.back}
          </a>
        </div>
      </Layout>
    );
  }

  const lang = data.language;
  const currency = data.landing.currency;
  const available = !booking.valid || data.availability?.[vehicle.id] !== false;
  // Why this vehicle cannot be booked for the searched period: the rules first, then availability.
  const reasons = [...problemTexts(lang, booking.problems), ...seatReasons(lang, booking)];
  if (!available) reasons.push(translateRule(lang, "unavailableDates"));
  const bookable = booking.valid && reasons.length === 0;
  const nextQuery = bookingQuery(withChanges(data.query, { vehicle: vehicle.id }));
  const selectHref = hrefTo(data, { kind: "additions" }, nextQuery);
  const total = booking.price && reasons.length === 0 ? booking.price.totalCents : null;
  const perDay = formatMoney(vehicle.price_cents, currency, lang);

  return (
    <Layout
      step={2}
      booking={booking}
      bottomBar={
        <BottomBar
          amount={total !== null ? formatMoney(total, currency, lang) : perDay}
          note={
            total !== null && booking.days !== null
              ? t.vehicle.priceFor(t.vehicle.days(booking.days))
              : t.vehicle.perDay
          }
        >
          {bookable ? (
            <a href={selectHref} className={buttonPrimary} data-testid="bar-select">
              {t.vehicle.select}
            </a>
          ) : (
            <a href={booking.valid ? `${backHref}#search` : "#book"} className={buttonPrimary}>
              {booking.valid ? t.search.modify : t.vehicle.chooseDates}
            </a>
          )}
        </BottomBar>
      }
    >
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        <a
          href={backHref}
          className={`${linkText} inline-flex min-h-11 items-center gap-1.5`}
          data-testid="vehicle-back"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t.vehicle.back}
        </a>
        <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-8">
          <div className="min-w-0 lg:col-start-1">
            <Carousel vehicle={vehicle} />
            <h1
              className="mt-6 text-3xl font-bold tracking-tight wrap-anywhere cramped:text-xl"
              data-testid="vehicle-name"
            >
              {vehicle.name}
            </h1>
            <p className="mt-1 wrap-anywhere text-gray-600">
              {[vehicle.brand, carTypeLabel(vehicle.type_of_car, lang)].filter(Boolean).join(" · ")}
            </p>
          </div>
          <aside className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start" id="book">
            <BookingCard
              vehicle={vehicle}
              booking={booking}
              reasons={reasons}
              selectHref={selectHref}
              backHref={backHref}
            />
          </aside>
          <div className="min-w-0 lg:col-start-1">
            {vehicle.description && (
              <p lang={vehicle.untranslated?.description} className="max-w-prose text-base leading-7">
                {vehicle.description}
              </p>
            )}
            <Details vehicle={vehicle} />
          </div>
        </div>
      </div>
    </Layout>
  );
}

function Details({ vehicle }: { vehicle: PublicVehicle }) {
  const { data, t } = usePage();
  const lang = data.language;
  const rows = [
    { icon: CarFront, label: t.vehicle.type, value: carTypeLabel(vehicle.type_of_car, lang) },
    { icon: Tag, label: t.vehicle.brand, value: vehicle.brand },
    { icon: Cog, label: t.vehicle.transmission, value: transmissionLabel(vehicle.transmision, lang) },
    { icon: Users, label: t.vehicle.capacity, value: t.vehicle.people(vehicle.people) },
    { icon: Briefcase, label: t.vehicle.luggage, value: t.vehicle.bags(vehicle.luggage) },
  ].filter((row) => row.value);
  const equipment = EQUIPMENT.filter((key) => vehicle[key]);
  return (
    <div className="mt-6 grid gap-8 wrap-anywhere">
      <section aria-labelledby="vehicle-details">
        <h2 id="vehicle-details" className="text-xl font-semibold cramped:text-lg">
          {t.vehicle.details}
        </h2>
        {/* One column under 360 px: two split "Automática" and "passengers" inside the word. */}
        <dl className="mt-3 grid gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3" data-testid="vehicle-details">
          {rows.map(({ icon: Icon, label, value }) => (
            <div key={label} className="relative min-w-0 rounded-xl border border-gray-200 bg-white p-3 pl-11">
              <dt className="text-xs font-medium text-gray-600">
                <Icon aria-hidden="true" className="absolute top-3.5 left-3 size-5 text-(--accent-ink)" />
                {label}
              </dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {equipment.length > 0 && (
        <section aria-labelledby="vehicle-equipment">
          <h2 id="vehicle-equipment" className="text-xl font-semibold cramped:text-lg">
            {t.vehicle.equipment}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {equipment.map((key) => (
              <li
                key={key}
                className="inline-flex items-center gap-1.5 rounded-full bg-(--accent-tint) px-3 py-1.5 text-sm font-medium text-(--accent-ink)"
              >
                <Check aria-hidden="true" className="size-4" />
                {t.vehicle.extras[key]}
              </li>
            ))}
          </ul>
        </section>
      )}
      {vehicle.special_features.length > 0 && (
        <section aria-labelledby="vehicle-special">
          <h2 id="vehicle-special" className="text-xl font-semibold cramped:text-lg">
            {t.vehicle.specialFeatures}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="vehicle-special-features">
            {vehicle.special_features.map((feature) => (
              <li key={feature.id} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-3">
                <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-(--accent-ink)" />
                {/* Each text in the language it is shown in: the visitor's where the owner wrote it. */}
                <div>
                  <p className="font-semibold" lang={feature.untranslated?.name}>
                    {feature.name}
                  </p>
                  {feature.description && (
                    <p className="text-sm text-gray-600" lang={feature.untranslated?.description}>
                      {feature.description}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {vehicle.features.length > 0 && (
        <section aria-labelledby="vehicle-more">
          <h2 id="vehicle-more" className="text-xl font-semibold cramped:text-lg">
            {t.vehicle.more}
          </h2>
          {/* The owner's words, never translated: read in the landing's language where the visitor's is another. */}
          <dl
            className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white"
            lang={data.landing.default_language !== lang ? data.landing.default_language : undefined}
          >
            {vehicle.features.map((feature) => (
              <div key={`${feature.name}:${feature.value}`} className="flex justify-between gap-4 px-4 py-3 text-sm">
                {/* The label keeps its words whole (up to half the row); a long value breaks instead. */}
                <dt className="max-w-1/2 shrink-0 text-gray-600">{featureLabel(feature.name)}</dt>
                <dd className="min-w-0 text-right font-medium wrap-anywhere">{feature.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}

function BookingCard({
  vehicle,
  booking,
  reasons,
  selectHref,
  backHref,
}: {
  vehicle: PublicVehicle;
  booking: Booking;
  reasons: string[];
  selectHref: string;
  backHref: string;
}) {
  const { data, t } = usePage();
  const lang = data.language;
  const currency = data.landing.currency;
  const name = data.landing.display_name;
  const { search } = booking;
  const message = booking.valid
    ? t.contact.vehicleDates(name, vehicle.name, formatDate(search.from, lang), formatDate(search.to, lang))
    : t.contact.vehicle(name, vehicle.name);
  const deposit = vehicle.rules?.deposit_cents ?? 0;
  return (
    <div className={`${card} grid gap-4 p-5`} data-testid="booking-card">
      <p>
        <span
          className="text-3xl font-bold tracking-tight tabular-nums cramped:text-base"
          data-testid="vehicle-day-rate"
        >
          {/* The searched period's price per day (its seasons'), as the list's card says it. */}
          {formatMoney(
            booking.price && reasons.length === 0 ? dayRateCents(booking.price) : vehicle.price_cents,
            currency,
            lang,
          )}
        </span>{" "}
        <span className="text-gray-600">{t.vehicle.perDay}</span>
      </p>
      {booking.valid && booking.price ? (
        <>
          {reasons.length === 0 ? (
            <div data-testid="vehicle-period-total">
              <PriceBreakdown price={booking.price} testId="vehicle-price" />
            </div>
          ) : (
            <ProblemList title={t.rules.notBookable} reasons={reasons} testId="vehicle-unavailable" />
          )}
          {reasons.length === 0 ? (
            <a href={selectHref} className={`${buttonPrimary} w-full`} data-testid="vehicle-select">
              {t.vehicle.select}
            </a>
          ) : (
            <div className="grid gap-2">
              <a href={`${backHref}#search`} className={`${buttonPrimary} w-full`} data-testid="vehicle-change">
                {t.search.modify}
              </a>
              <a href={backHref} className={`${linkText} inline-flex min-h-11 items-center justify-center`}>
                {t.vehicle.back}
              </a>
            </div>
          )}
        </>
      ) : (
        <div className="border-t border-gray-100 pt-4">
          <h2 className="font-semibold">{t.vehicle.chooseDates}</h2>
          <p className="mb-3 text-sm text-gray-600">{t.vehicle.chooseDatesBody}</p>
          <SearchForm
            search={search}
            maxSeats={Math.max(1, vehicle.people)}
            action={hrefTo(data, { kind: "additions" })}
            hidden={withChanges({}, { vehicle: vehicle.id, lang: data.query.lang, addons: data.query.addons })}
            initialErrors={booking.searched ? booking.errors : {}}
            submitLabel={t.vehicle.select}
          />
        </div>
      )}
      <DriverRules vehicleRules={vehicle.rules} />
      {deposit > 0 && <DepositNote cents={deposit} currency={currency} />}
      <ContactButtons message={message} title testId="vehicle-contact" />
    </div>
  );
}
