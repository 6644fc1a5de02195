import { adjustmentCents, signedMoney } from "@domain/agreed-price";
import { addonLineName, type PriceBreakdown as Breakdown, seasonLineName } from "@domain/pricing";
import { landingRulesOf } from "@domain/rental-rules";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import { reviewWords } from "../i18n/review";
import { discountFrom } from "../lib/discount";
import { formatMoney, formatRate } from "../lib/format";
import { keptIcon } from "./icons";

const Wallet = keptIcon(lucide.Wallet);

/**
 * Every line of the price (PRODUCT §5, issue 10): the rental by season, the long-rental discount,
 * each fee, each add-on, an agreed price's adjustment, subtotal, the tax with its label and rate, and the total; the security
 * deposit apart, since it is held at pickup and never part of the total.
 */
export function PriceBreakdown({
  price,
  depositCents = 0,
  testId = "price-breakdown",
}: {
  price: Breakdown;
  depositCents?: number;
  testId?: string;
}) {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  const lang = data.language;
  const money = (cents: number) => formatMoney(cents, price.currency, lang);
  const days = t.vehicle.days(price.days);
  // A reservation stored before issue 10 has no lines by season: its rental is one line.
  const lines = price.rentalLines.length
    ? price.rentalLines
    : [{ season: null, days: price.days, pricePerDayCents: price.pricePerDayCents, totalCents: price.rentalCents }];
  const single = lines.length === 1 && lines[0]?.season === null;
  // An agreed price's adjustment to the lines, so they add up to its subtotal (zero otherwise).
  const adjustment = adjustmentCents(price);
  return (
    <div className="grid gap-3">
      <dl className="grid gap-2 text-sm" data-testid={testId}>
        {lines.map((line) => {
          const count = t.vehicle.days(line.days);
          const perDay = money(line.pricePerDayCents);
          const season = seasonLineName(line, lang);
          const label = single
            ? review.rental(count, perDay)
            : season
              ? review.season(season, count, perDay)
              : review.regular(count, perDay);
          // Lines follow the days in order, so the first day of each names it.
          const first = lines.slice(0, lines.indexOf(line)).reduce((sum, before) => sum + before.days, 0);
          return <Row key={`day-${first}`} label={label} value={money(line.totalCents)} testId="price-rental" />;
        })}
        {price.discountCents > 0 && (
          <Row
            label={review.discount(
              discountFrom(price, landingRulesOf(data.landing.rules)),
              formatRate(price.discountBasisPoints / 100, lang),
            )}
            value={`−${money(price.discountCents)}`}
            testId="price-discount"
            accent
          />
        )}
        {price.fees.map((fee) => (
          <Row
            key={fee.kind}
            label={
              fee.perDayCents !== null
                ? review.perDayFee(review.fees[fee.kind], days, money(fee.perDayCents))
                : review.fees[fee.kind]
            }
            value={money(fee.totalCents)}
            testId={`price-fee-${fee.kind}`}
          />
        ))}
        {price.addons.map((line) => (
          <Row
            key={line.id}
            label={review.addon(addonLineName(line, lang), line.quantity, days)}
            value={money(line.totalCents)}
          />
        ))}
        {adjustment !== 0 && (
          <Row label={review.adjustment} value={signedMoney(adjustment, money)} testId="price-adjustment" />
        )}
        <Row label={review.subtotal} value={money(price.subtotalCents)} divider />
        <Row
          label={review.tax(price.taxLabel, formatRate(price.taxRateBasisPoints / 100, lang))}
          value={money(price.taxCents)}
        />
        <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-4 border-t border-gray-200 pt-3">
          <dt className="text-base font-bold">{review.total}</dt>
          <dd className="ml-auto text-xl font-bold tabular-nums cramped:text-base" data-testid={`${testId}-total`}>
            {money(price.totalCents)}
          </dd>
        </div>
      </dl>
      {depositCents > 0 && <DepositNote cents={depositCents} currency={price.currency} />}
    </div>
  );
}

/** The security deposit: held at pickup, never charged online (issue 10). */
export function DepositNote({ cents, currency }: { cents: number; currency: string }) {
  const { data } = usePage();
  const review = reviewWords[data.language];
  return (
    <p className="flex gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-800" data-testid="deposit-note">
      <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-(--accent-ink)" />
      <span>
        <span className="font-semibold">{review.deposit(formatMoney(cents, currency, data.language))}</span>{" "}
        {data.landing.payment.deposit_hold === "none" ? review.depositNote : review.depositOnCardNote}
      </span>
    </p>
  );
}

function Row({
  label,
  value,
  divider = false,
  accent = false,
  testId,
}: {
  label: string;
  value: string;
  divider?: boolean;
  accent?: boolean;
  testId?: string;
}) {
  return (
    <div
      // With large text on a phone the amount goes under its label, still at the right.
      className={`flex flex-wrap items-baseline justify-between gap-x-4 ${divider ? "border-t border-gray-100 pt-2" : ""}`}
      data-testid={testId}
    >
      <dt className="wrap-anywhere text-gray-700">{label}</dt>
      <dd className={`ml-auto font-medium whitespace-nowrap tabular-nums ${accent ? "text-green-800" : ""}`}>
        {value}
      </dd>
    </div>
  );
}
