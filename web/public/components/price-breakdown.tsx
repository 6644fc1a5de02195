import type { PriceBreakdown as Breakdown } from "../../../domain/pricing";
import { usePage } from "../context";
import { formatMoney, formatRate } from "../lib/format";

/** Rental, each add-on, subtotal, the tax with its label and rate, and the total (PRODUCT §5). */
export function PriceBreakdown({ price, testId = "price-breakdown" }: { price: Breakdown; testId?: string }) {
  const { data, t } = usePage();
  const lang = data.language;
  const money = (cents: number) => formatMoney(cents, price.currency, lang);
  const days = t.vehicle.days(price.days);
  return (
    <dl className="grid gap-2 text-sm" data-testid={testId}>
      <Row label={t.review.rental(days, money(price.pricePerDayCents))} value={money(price.rentalCents)} />
      {price.addons.map((line) => (
        <Row key={line.id} label={t.review.addon(line.name, line.quantity, days)} value={money(line.totalCents)} />
      ))}
      <Row label={t.review.subtotal} value={money(price.subtotalCents)} divider />
      <Row
        label={t.review.tax(price.taxLabel, formatRate(price.taxRateBasisPoints / 100, lang))}
        value={money(price.taxCents)}
      />
      <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-gray-200 pt-3">
        <dt className="text-base font-bold">{t.review.total}</dt>
        <dd className="text-xl font-bold tabular-nums" data-testid={`${testId}-total`}>
          {money(price.totalCents)}
        </dd>
      </div>
    </dl>
  );
}

function Row({ label, value, divider = false }: { label: string; value: string; divider?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${divider ? "border-t border-gray-100 pt-2" : ""}`}>
      <dt className="text-gray-700">{label}</dt>
      <dd className="font-medium whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}
