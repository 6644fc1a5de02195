import { ADDON_QUANTITY_MAX, addonQuantityCap } from "@domain/addons";
import { translateRule } from "@domain/rule-messages";
import { formatMoney } from "@web/lib/format";
import * as lucide from "lucide-react";
import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import { AddonIcon } from "../components/addon-icon";
import { BottomBar } from "../components/bottom-bar";
import { keptIcon } from "../components/icons";
import { Layout } from "../components/layout";
import { MissingChoice } from "../components/missing-choice";
import { PriceBreakdown } from "../components/price-breakdown";
import { ProblemList, seatReasons } from "../components/problem-list";
import { TripSummary } from "../components/trip-summary";
import { usePage } from "../context";
import { reviewWords } from "../i18n/review";
import { type AddonPick, formatAddons, parseAddons, setAddonQuantity } from "../lib/addons";
import { resolveBooking } from "../lib/booking";
import { usePageNow } from "../lib/page-clock";
import { problemTexts } from "../lib/rules";
import { rememberExtras, rememberedExtras } from "../lib/tab-memory";
import { buttonPrimary, buttonSecondary, card } from "../lib/ui";
import { bookingQuery, hrefTo, withChanges } from "../lib/url";

const ArrowLeft = keptIcon(lucide.ArrowLeft);
const Minus = keptIcon(lucide.Minus);
const Plus = keptIcon(lucide.Plus);
const Trash2 = keptIcon(lucide.Trash2);

/** Where the focus goes in an extra's row when the control pressed is gone (Añadir, Quitar), in order. */
const FOCUS_AFTER = ["addon-increase", "addon-decrease", "addon-remove", "addon-add"];

/**
 * The extras: each of the landing's add-ons with its price per day; add, then minus and plus (never
 * below 1) and remove. Every control is a link that changes `addons` in the URL, so it works without
 * JavaScript; with it, the change is instant and the URL follows.
 */
export function AdditionsPage() {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  const { landing } = data;
  const [picks, setPicks] = useState<AddonPick[]>(() => parseAddons(data.query.addons, landing.addons));
  const booking = resolveBooking(data, picks, usePageNow());
  const { vehicle, price } = booking;
  // Opened with no extras in its address (the browser's Back to the vehicle, then Select again):
  // those this tab last chose for this vehicle, once the page runs (the server drew none).
  const vehicleId = vehicle?.id;
  const trip = `${data.query.from}T${data.query.fromTime}/${data.query.to}T${data.query.toTime}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page opens.
  useEffect(() => {
    const kept = rememberedExtras(landing.name);
    if (data.query.addons !== undefined || !kept?.addons || kept.vehicle !== vehicleId || kept.trip !== trip) return;
    const restored = parseAddons(kept.addons, landing.addons);
    setPicks(restored);
    const query = bookingQuery(withChanges(data.query, { addons: formatAddons(restored) }));
    window.history.replaceState(null, "", hrefTo(data, { kind: "additions" }, query));
  }, []);
  // The control last pressed: Añadir, Quitar and a stepper at its limit give way to another control,
  // and the focus stays in the extra's row rather than falling to the page's start (keyboard, screen reader).
  const [pressed, setPressed] = useState<{ row: string; control: string } | null>(null);
  useEffect(() => {
    if (!pressed) return;
    const controls = document.getElementById(pressed.row)?.querySelectorAll<HTMLElement>("a, button:enabled");
    const usable = [...(controls ?? [])];
    const byControl = (testId: string) => usable.find((element) => element.dataset.testid === testId);
    const target = byControl(pressed.control) ?? FOCUS_AFTER.map(byControl).find(Boolean);
    target?.focus();
    // Focus scrolls only a control off screen into view; one under the phone's bottom bar is on
    // screen but hidden: brought clear of it (the page's scroll-padding, styles.css).
    target?.scrollIntoView({ block: "nearest" });
  }, [pressed]);

  if (!vehicle || !booking.valid || booking.days === null || !price) {
    return (
      <Layout step={3} booking={booking}>
        <MissingChoice booking={booking} />
      </Layout>
    );
  }

  const lang = data.language;
  const currency = landing.currency;
  const reasons = [...problemTexts(lang, booking.problems), ...seatReasons(lang, booking)];
  // Taken for these dates since the list was read (the server's availability): said here, not first at the review.
  const taken = data.availability?.[vehicle.id] === false;
  if (taken) reasons.push(translateRule(lang, "unavailableDates"));
  const query = (next: AddonPick[]) => bookingQuery(withChanges(data.query, { addons: formatAddons(next) }));
  const hrefWith = (next: AddonPick[], anchor?: string) =>
    `${hrefTo(data, { kind: "additions" }, query(next))}${anchor ? `#${anchor}` : ""}`;
  const change = (next: AddonPick[]) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    setPicks(next);
    window.history.replaceState(null, "", hrefWith(next));
    rememberExtras(landing.name, { vehicle: vehicle.id, trip, addons: formatAddons(next) });
    const row = event.currentTarget.closest("li")?.id;
    const control = event.currentTarget.dataset.testid;
    if (row && control) setPressed({ row, control });
  };
  const continueHref = hrefTo(data, { kind: "review" }, query(picks));
  // What cannot be booked is not sent on to the review: the list, with the search kept (another
  // vehicle when this one was taken, else the search to change).
  const listQuery = bookingQuery(withChanges(data.query, { vehicle: null, addons: null }));
  const next =
    reasons.length === 0
      ? { href: continueHref, label: t.extras.continue }
      : taken
        ? { href: hrefTo(data, { kind: "vehicles" }, listQuery), label: review.takenLink }
        : { href: `${hrefTo(data, { kind: "vehicles" }, listQuery)}#search`, label: t.search.modify };
  const backHref = hrefTo(data, { kind: "vehicle", vehicleId: vehicle.id }, query(picks));
  const totalNote = `${t.bar.forDays(t.vehicle.days(booking.days))}, ${t.bar.withTax(landing.tax_label)}`;

  return (
    <Layout
      step={3}
      booking={booking}
      bottomBar={
        <BottomBar amount={formatMoney(price.totalCents, currency, lang)} note={totalNote}>
          <a href={next.href} className={buttonPrimary} data-testid="bar-continue">
            {next.label}
          </a>
        </BottomBar>
      }
    >
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-8">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.extras.title}</h1>
          <p className="mt-2 text-gray-600">{t.extras.body}</p>
          {reasons.length > 0 && (
            <div className="mt-4">
              <ProblemList title={t.rules.notBookable} reasons={reasons} testId="booking-problems" />
            </div>
          )}
          {landing.addons.length === 0 ? (
            <p className={`${card} mt-6 p-6 text-gray-700`}>{t.extras.none}</p>
          ) : (
            <ul className="mt-6 grid gap-4" data-testid="addon-list">
              {landing.addons.map((addon) => {
                const quantity = picks.find((pick) => pick.id === addon.id)?.quantity ?? 0;
                const cap = addonQuantityCap(addon);
                const anchor = `addon-${addon.id}`;
                return (
                  <li
                    key={addon.id}
                    id={anchor}
                    className={`${card} flex scroll-mt-24 flex-wrap items-center gap-4 p-4 sm:p-5 ${quantity > 0 ? "ring-2 ring-(--brand-ink)" : ""}`}
                    data-testid="addon"
                    data-addon-id={addon.id}
                  >
                    <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-(--accent-tint) text-(--accent-ink)">
                      <AddonIcon kind={addon.kind} className="size-5" />
                    </span>
                    <div className="min-w-0 flex-[1_1_10rem]">
                      <h2 lang={addon.untranslated?.name} className="font-semibold wrap-anywhere">
                        {addon.name}
                      </h2>
                      <p className="text-sm text-gray-600">
                        <span className="font-semibold text-gray-900 tabular-nums">
                          {formatMoney(addon.price_cents, currency, lang)}
                        </span>{" "}
                        {t.extras.perDay}
                      </p>
                      {cap < ADDON_QUANTITY_MAX && (
                        <p className="text-sm text-gray-600" data-testid="addon-cap">
                          {t.extras.cap(cap)}
                        </p>
                      )}
                    </div>
                    {quantity === 0 ? (
                      <a
                        href={hrefWith(setAddonQuantity(picks, addon, 1), anchor)}
                        onClick={change(setAddonQuantity(picks, addon, 1))}
                        className={`${buttonSecondary} w-full sm:w-auto`}
                        aria-label={t.extras.addNamed(addon.name)}
                        data-testid="addon-add"
                      >
                        <Plus aria-hidden="true" className="size-4" />
                        {t.extras.add}
                      </a>
                    ) : (
                      <div className="flex w-full flex-wrap items-center justify-between gap-3 sm:w-auto">
                        {cap === 1 ? (
                          <span className="font-semibold text-(--brand-ink)" data-testid="addon-added">
                            {t.extras.added}
                          </span>
                        ) : (
                          <div className="flex items-center rounded-lg border border-gray-300 bg-white">
                            <Stepper
                              label={t.extras.decrease(addon.name)}
                              disabled={quantity <= 1}
                              href={hrefWith(setAddonQuantity(picks, addon, quantity - 1), anchor)}
                              onClick={change(setAddonQuantity(picks, addon, quantity - 1))}
                              testId="addon-decrease"
                            >
                              <Minus aria-hidden="true" className="size-4" />
                            </Stepper>
                            <output
                              className="w-10 text-center font-semibold tabular-nums"
                              aria-label={t.extras.quantity(addon.name, quantity)}
                              aria-live="polite"
                              data-testid="addon-quantity"
                            >
                              {quantity}
                            </output>
                            <Stepper
                              label={t.extras.increase(addon.name)}
                              disabled={quantity >= cap}
                              href={hrefWith(setAddonQuantity(picks, addon, quantity + 1), anchor)}
                              onClick={change(setAddonQuantity(picks, addon, quantity + 1))}
                              testId="addon-increase"
                            >
                              <Plus aria-hidden="true" className="size-4" />
                            </Stepper>
                          </div>
                        )}
                        <a
                          href={hrefWith(setAddonQuantity(picks, addon, 0), anchor)}
                          onClick={change(setAddonQuantity(picks, addon, 0))}
                          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
                          aria-label={t.extras.removeNamed(addon.name)}
                          data-testid="addon-remove"
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          {t.extras.remove}
                        </a>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <a href={backHref} className={`${buttonSecondary} mt-8`} data-testid="addons-back">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t.extras.back}
          </a>
        </div>
        {/* The new total, said once an extra is added, changed or removed (only the quantity was: an
            accessibility audit heard "1" and not what it came to). */}
        <p className="sr-only" aria-live="polite" data-testid="extras-total-said">
          {pressed && `${t.bar.total} ${formatMoney(price.totalCents, currency, lang)}, ${totalNote}`}
        </p>
        <aside className="lg:sticky lg:top-4 lg:self-start">
          <div className={`${card} grid gap-5 p-5`}>
            <TripSummary vehicle={vehicle} search={booking.search} people={booking.search.seats} />
            <div className="border-t border-gray-100 pt-4">
              <PriceBreakdown price={price} depositCents={booking.quote?.depositCents} testId="running-total" />
            </div>
            <a
              href={next.href}
              // max-md:hidden, not hidden with md:inline-flex: the button's own inline-flex outranks a bare hidden.
              className={`${buttonPrimary} w-full max-md:hidden`}
              data-testid="addons-continue"
            >
              {next.label}
            </a>
          </div>
        </aside>
      </div>
    </Layout>
  );
}

function Stepper({
  label,
  disabled,
  href,
  onClick,
  testId,
  children,
}: {
  label: string;
  disabled: boolean;
  href: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  const className = "flex size-11 items-center justify-center rounded-lg text-gray-900";
  if (disabled) {
    // Unavailable but still focusable (aria-disabled, not disabled): a keyboard user pressing Enter
    // up to the limit stays where they are, rather than being moved to the other stepper and
    // stepping back the way they came on the next Enter.
    return (
      <button
        type="button"
        aria-disabled="true"
        aria-label={label}
        className={`${className} opacity-35`}
        data-testid={testId}
      >
        {children}
      </button>
    );
  }
  return (
    <a
      href={href}
      onClick={onClick}
      aria-label={label}
      className={`${className} hover:bg-gray-100`}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
