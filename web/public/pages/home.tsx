import * as lucide from "lucide-react";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { SearchForm } from "../components/search-form";
import { VehicleGrid } from "../components/vehicle-grid";
import { usePage } from "../context";
import { maxSeatsOf, searchFromQuery } from "../lib/search";
import { linkText } from "../lib/ui";
import { hrefTo, withChanges } from "../lib/url";

const ArrowRight = keptIcon(lucide.ArrowRight);
const CalendarCheck = keptIcon(lucide.CalendarCheck);
const CarFront = keptIcon(lucide.CarFront);
const CircleCheck = keptIcon(lucide.CircleCheck);
const CircleHelp = keptIcon(lucide.CircleHelp);
const MapPin = keptIcon(lucide.MapPin);

/** SPEC §9: the home page shows the first three vehicles. */
export const HOME_VEHICLES = 3;
const HOW_ICONS = [MapPin, CarFront, CalendarCheck] as const;

/**
 * The landing's home: the headline and the search card on the brand colour, the first three
 * vehicles, how it works, the FAQ. Opening it starts a new search (SPEC §4): the form shows the
 * defaults, not an earlier choice.
 */
export function HomePage() {
  const { data, t } = usePage();
  const { landing } = data;
  const maxSeats = maxSeatsOf(landing.vehicles);
  const keep = withChanges({}, { lang: data.query.lang });
  const hidden = withChanges({}, { lang: data.query.lang });
  const shown = landing.vehicles.slice(0, HOME_VEHICLES);
  return (
    <Layout>
      <section className="relative overflow-hidden bg-(--brand) text-(--on-brand) [--focus:var(--on-brand)]">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-20 bg-gray-50 [clip-path:polygon(0_100%,100%_35%,100%_100%)]"
        />
        <div className="relative mx-auto grid max-w-6xl gap-8 px-4 pt-8 pb-12 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:items-center lg:gap-12 lg:pt-14 lg:pb-20">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.14em] uppercase sm:text-sm">{t.hero.eyebrow}</p>
            <h1 className="mt-3 text-3xl leading-tight font-bold tracking-tight break-words cramped:text-xl sm:text-4xl lg:text-5xl">
              {t.hero.title(landing.display_name)}
            </h1>
            <p className="mt-4 max-w-xl text-base leading-7 sm:text-lg">{t.hero.body}</p>
            <ul className="mt-6 hidden gap-2 text-sm font-medium sm:grid">
              {t.hero.points.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div
            id="search"
            className="rounded-2xl bg-white px-4 py-5 text-gray-900 shadow-2xl ring-1 ring-black/5 [--focus:var(--brand-ink)] sm:p-6"
          >
            <h2 className="mb-4 text-xl font-bold">{t.search.title}</h2>
            <SearchForm
              // A search from the address (the language switch carries the one typed here): else the defaults.
              search={searchFromQuery(data.query, data.today, landing.locations, maxSeats)}
              maxSeats={maxSeats}
              action={hrefTo(data, { kind: "vehicles" })}
              hidden={hidden}
              submitLabel={t.search.submit}
            />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16" aria-labelledby="home-vehicles">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="home-vehicles" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t.home.vehiclesTitle}
            </h2>
            <p className="mt-2 max-w-2xl text-base text-gray-600">{t.home.vehiclesBody}</p>
          </div>
          {landing.vehicles.length > 0 && (
            <a
              href={hrefTo(data, { kind: "vehicles" }, keep)}
              className={`${linkText} inline-flex min-h-11 items-center gap-1`}
            >
              {t.home.seeAll}
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          )}
        </div>
        {shown.length > 0 ? (
          <VehicleGrid
            className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
            testId="home-vehicles"
            cards={shown.map((vehicle) => ({
              vehicle,
              href: hrefTo(data, { kind: "vehicle", vehicleId: vehicle.id }, keep),
            }))}
          />
        ) : (
          <p className="mt-8 rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center text-gray-700">
            {t.home.empty}
          </p>
        )}
      </section>

      <section className="border-y border-gray-200 bg-white" aria-labelledby="home-how">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
          <h2 id="home-how" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t.home.howTitle}
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-3 sm:gap-8">
            {t.home.how.map((step, index) => {
              const Icon = HOW_ICONS[index] ?? MapPin;
              return (
                <li key={step.title} className="flex gap-4 sm:flex-col">
                  <span className="relative flex size-12 shrink-0 items-center justify-center rounded-full bg-(--accent-tint) text-(--accent-ink)">
                    <Icon aria-hidden="true" className="size-5" />
                    <span className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-(--brand) text-[0.6875rem] font-bold text-(--on-brand)">
                      {index + 1}
                    </span>
                  </span>
                  <div>
                    <h3 className="text-base font-semibold">{step.title}</h3>
                    <p className="mt-1 text-sm leading-6 text-gray-600">{step.body}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="flex flex-col items-start gap-4 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center">
          <CircleHelp aria-hidden="true" className="size-8 shrink-0 text-(--accent-ink)" />
          <div className="flex-1">
            <h2 className="text-lg font-semibold">{t.home.faqTitle}</h2>
            <p className="text-sm text-gray-600">{t.home.faqBody}</p>
          </div>
          <a
            href={hrefTo(data, { kind: "faq" }, keep)}
            className={`${linkText} inline-flex min-h-11 items-center gap-1`}
          >
            {t.home.faqLink}
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </div>
      </section>
    </Layout>
  );
}
