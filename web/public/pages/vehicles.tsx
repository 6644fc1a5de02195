import { dayRateCents } from "@domain/pricing";
import { translateRule } from "@domain/rule-messages";
import type { PublicVehicle } from "@domain/vehicles";
import { formatMoney } from "@web/lib/format";
import { useState } from "react";
import { FilterPanel } from "../components/filter-panel";
import { GroupNotice } from "../components/group-notice";
import { Layout } from "../components/layout";
import { SearchForm } from "../components/search-form";
import { VehicleGrid } from "../components/vehicle-grid";
import { usePage } from "../context";
import { quoteFleet, resolveBooking, stoppingProblems } from "../lib/booking";
import {
  activeFilterCount,
  applyFilters,
  type Filters,
  filterOptions,
  filtersFromQuery,
  filtersQuery,
  NO_FILTERS,
  offeredFilters,
  priceRangeOf,
} from "../lib/filters";
import { usePageNow } from "../lib/page-clock";
import { problemTexts, searchRuleMessages } from "../lib/rules";
import { buttonSecondary, card } from "../lib/ui";
import { bookingQuery, hrefTo, pagePath, queryString, withChanges } from "../lib/url";

type Verdict = { reasons: string[]; totalCents: number | null; dayCents: number | null };

/**
 * The vehicle list: the search (changeable), filters whose options come from the landing's own
 * vehicles, and the cards with the total and availability for the searched period; a card the
 * rules stop says why (issue 10) instead of failing at the last step. The filters are
 * a GET form; with JavaScript they apply as they change and the URL follows.
 */
export function VehiclesPage() {
  const { data, t } = usePage();
  const { landing } = data;
  const now = usePageNow();
  const booking = resolveBooking(data, undefined, now);
  const options = filterOptions(landing.vehicles, data.language);
  const [filters, setFilters] = useState<Filters>(() => offeredFilters(filtersFromQuery(data.query), options));
  const seats = booking.searched ? booking.search.seats : 0;
  const kept = bookingQuery(withChanges(data.query, { vehicle: null, addons: null }));
  const listPath = hrefTo(data, { kind: "vehicles" });

  function update(next: Filters) {
    setFilters(next);
    window.history.replaceState(null, "", `${listPath}${queryString({ ...kept, ...filtersQuery(next) })}`);
  }

  const unpriced = applyFilters(landing.vehicles, { ...filters, minPrice: null, maxPrice: null }, seats);
  const available = (id: number) => data.availability?.[id] !== false;
  // Each vehicle's verdict and total for the searched period: the rules in the browser, availability from the server.
  const quotes = booking.valid ? quoteFleet(landing, unpriced, booking.search, booking.birth, now) : null;
  // A searched period's price per day is its seasons' (a walk's finding: the card said the
  // vehicle's own price beside a total at a season's), and the price filter compares that one.
  const dayRate = (vehicle: PublicVehicle) => {
    const quote = quotes?.get(vehicle.id);
    return quote ? dayRateCents(quote.price) : vehicle.price_cents;
  };
  const matching = applyFilters(unpriced, filters, seats, dayRate);
  // The price filter's hints span the prices it compares (the period's when searched), among the
  // vehicles the other filters keep.
  const priceRange = unpriced.length > 0 ? priceRangeOf(unpriced.map(dayRate)) : options.priceRange;
  const ruleErrors = booking.valid ? searchRuleMessages(landing, booking.search, now, data.language) : {};
  // What the search form already says under its fields (the trip's own rules: a closed day, the
  // horizon) is not said again on every card (a walk's finding: four times on a phone): a card
  // points up to it, and says only what is its own.
  const saidAbove = new Set(Object.values(ruleErrors).filter(Boolean));
  const cardReasons = (texts: string[]) => {
    const own = texts.filter((text) => !saidAbove.has(text));
    return own.length < texts.length ? [t.list.searchRefused, ...own] : own;
  };
  const verdicts = new Map<number, Verdict>(
    matching.map((vehicle) => {
      const quote = quotes?.get(vehicle.id);
      if (!quote) return [vehicle.id, { reasons: [], totalCents: null, dayCents: null }];
      const reasons = cardReasons(problemTexts(data.language, stoppingProblems(quote)));
      if (!available(vehicle.id)) reasons.push(translateRule(data.language, "unavailableDates"));
      return [vehicle.id, { reasons, totalCents: quote.price.totalCents, dayCents: dayRate(vehicle) }];
    }),
  );
  const verdict = (id: number): Verdict => verdicts.get(id) ?? { reasons: [], totalCents: null, dayCents: null };
  const bookable = (id: number) => verdict(id).reasons.length === 0;
  // Every card's total is for the same days: "total por 3 días, con impuestos" is written once.
  const totalLabel = booking.days !== null ? t.vehicle.totalFor(t.vehicle.days(booking.days)) : null;
  const totalOf = ({ totalCents, dayCents }: Verdict) =>
    totalCents !== null && dayCents !== null && totalLabel !== null
      ? {
          amount: formatMoney(totalCents, landing.currency, data.language),
          label: totalLabel,
          perDay: formatMoney(dayCents, landing.currency, data.language),
        }
      : null;
  const ordered = [...matching.filter((v) => bookable(v.id)), ...matching.filter((v) => !bookable(v.id))];
  // Every card's address carries the same search and filters: written once, not per card.
  const cardQuery = queryString({ ...bookingQuery(data.query), ...filtersQuery(filters) });
  const active = activeFilterCount(filters);
  const resetHref = hrefTo(data, { kind: "vehicles" }, kept);
  // Back from a later step to change the trip (the review's "Cambiar tu viaje"): the search is
  // open, and the new trip goes back to the review with the vehicle and extras chosen, which says
  // there whether the new trip still allows that vehicle, and why not.
  const chosen = booking.vehicle;

  return (
    <Layout step={2} booking={booking}>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
        <details
          id="search"
          className={`${card} group/search mb-6 scroll-mt-4`}
          open={!booking.valid || Object.keys(ruleErrors).length > 0 || chosen !== null || undefined}
          data-testid="list-search"
        >
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold sm:px-5">
            <span>{booking.valid ? t.search.modify : t.search.title}</span>
            <span aria-hidden="true" className="text-(--brand-ink) group-open/search:rotate-180">
              ▾
            </span>
          </summary>
          <div className="border-t border-gray-100 px-4 py-4 sm:px-5">
            {booking.searched && !booking.valid && (
              <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="status">
                {t.search.fixSearch}
              </p>
            )}
            <SearchForm
              search={booking.search}
              maxSeats={booking.maxSeats}
              action={chosen ? pagePath(data, { kind: "review" }) : listPath}
              hidden={withChanges(filtersQuery(filters), {
                lang: data.query.lang,
                vehicle: data.query.vehicle,
                addons: data.query.addons,
              })}
              initialErrors={booking.searched ? booking.errors : {}}
              ruleErrors={ruleErrors}
              submitLabel={booking.valid ? t.search.update : t.search.submit}
              layout="wide"
            />
          </div>
        </details>

        {booking.groupTooLarge && (
          <div className="mb-6">
            <GroupNotice maxSeats={booking.maxSeats} seats={booking.maxSeats + 1} />
          </div>
        )}
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.list.title}</h1>
          <p className="text-sm text-gray-700" aria-live="polite" data-testid="vehicle-count">
            {t.list.count(ordered.length)}
            {seats > 1 ? ` · ${t.list.forSeats(seats)}` : ""}
          </p>
        </div>

        <div className="mt-5 grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
          <FilterPanel
            filters={filters}
            options={{ ...options, priceRange }}
            active={active}
            kept={kept}
            action={listPath}
            resetHref={resetHref}
            onChange={update}
          />
          <div>
            {ordered.length > 0 ? (
              <VehicleGrid
                className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3"
                testId="vehicle-list"
                cards={ordered.map((vehicle, index) => ({
                  vehicle,
                  heading: "h2",
                  eager: index < 2,
                  href: `${pagePath(data, { kind: "vehicle", vehicleId: vehicle.id })}${cardQuery}`,
                  available: available(vehicle.id),
                  reasons: verdict(vehicle.id).reasons,
                  total: totalOf(verdict(vehicle.id)),
                }))}
              />
            ) : (
              <div
                className={`${card} flex flex-col items-center gap-3 px-6 py-12 text-center`}
                data-testid="vehicle-list-empty"
              >
                <p className="text-lg font-semibold">
                  {landing.vehicles.length === 0 ? t.list.noVehicles : t.list.emptyTitle}
                </p>
                {landing.vehicles.length > 0 && <p className="text-gray-600">{t.list.emptyBody}</p>}
                {active > 0 && (
                  <a
                    href={resetHref}
                    className={buttonSecondary}
                    onClick={(event) => {
                      event.preventDefault();
                      update(NO_FILTERS);
                    }}
                  >
                    {t.list.reset}
                  </a>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
    </Layout>
  );
}
