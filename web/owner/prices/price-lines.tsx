import { signedMoney } from "@domain/agreed-price";
import type { PriceBreakdownJson } from "@domain/price-breakdown";
import { addonLineName, rentalLineSeason } from "@domain/pricing";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { formatMoney, formatRateWithSign } from "@web/lib/format";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A line's label and amount side by side; where the text is large for the screen the amount goes
 * under a label it would squeeze (at 200 % "Alquiler (3 días × US$45.50)" had 13 px beside it).
 */
const PRICE_ROW = "flex items-baseline justify-between gap-x-4 gap-y-1 cramped:flex-wrap";
const AMOUNT = "ml-auto text-right whitespace-nowrap tabular-nums";

type PriceRowProps = { label: ReactNode; children: ReactNode; strong?: boolean; ruled?: boolean };

/** One line of the breakdown; `ruled` draws a line above it (subtotal, total). */
export function PriceRow({ label, children, strong = false, ruled = false }: PriceRowProps) {
  return (
    <div
      className={cn(PRICE_ROW, strong && "font-semibold text-gray-900", ruled && "mt-1 border-t border-gray-200 pt-3")}
    >
      <dt className={cn("min-w-0 break-words", !strong && "text-gray-700")}>{label}</dt>
      <dd className={AMOUNT}>{children}</dd>
    </div>
  );
}

/**
 * A price's lines as the dashboard shows them, a booking's or the desk's quote: the rental (each
 * season on its own line), the long-rental discount, each fee, each extra, an agreed price's
 * adjustment, the subtotal and the tax, in a `<dl>` that ends with what `children` add (the total and what follows it).
 */
export function PriceLines({
  price,
  children,
  testId,
}: {
  price: PriceBreakdownJson;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const amount = (cents: number) => formatMoney(cents, price.currency, language);
  const days = t("detail.days", { count: price.days });
  // Each rental line starts on its own day of the rental: a stable key.
  const firstDay = price.rental_lines.map((_, index) =>
    price.rental_lines.slice(0, index).reduce((sum, line) => sum + line.days, 0),
  );
  return (
    <dl className="flex flex-col gap-2" data-testid={testId}>
      {price.rental_lines.map((line, index) => {
        const lineDays = t("detail.days", { count: line.days });
        const perDay = amount(line.price_per_day_cents);
        const season = rentalLineSeason(line, language);
        return (
          <PriceRow
            key={firstDay[index]}
            label={
              season
                ? t("detail.rentalSeason", { season, days: lineDays, perDay })
                : t("detail.rental", { days: lineDays, perDay })
            }
          >
            {amount(line.total_cents)}
          </PriceRow>
        );
      })}
      {price.discount_cents > 0 && (
        <PriceRow label={t("detail.discount", { rate: formatRateWithSign(price.discount_rate, language) })}>
          −{amount(price.discount_cents)}
        </PriceRow>
      )}
      {price.fees.map((fee) => (
        <PriceRow
          key={fee.kind}
          label={
            fee.per_day_cents === null
              ? t(`detail.fee.${fee.kind}`)
              : `${t(`detail.fee.${fee.kind}`)} (${days} × ${amount(fee.per_day_cents)})`
          }
        >
          {amount(fee.total_cents)}
        </PriceRow>
      ))}
      {price.addons.length === 0 ? (
        <PriceRow label={t("detail.addons")}>
          <span className="text-gray-600">{t("detail.noAddons")}</span>
        </PriceRow>
      ) : (
        price.addons.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a stored reservation never move.
          <div key={`${line.id ?? "x"}-${index}`} className={PRICE_ROW}>
            <dt className="min-w-0 text-gray-700">
              <span className="block break-words">{addonLineName(line, language)}</span>
              <span className="block text-xs text-gray-600">
                {t("detail.addonLine", { quantity: line.quantity, price: amount(line.price_cents), days })}
              </span>
            </dt>
            <dd className={AMOUNT}>{amount(line.total_cents)}</dd>
          </div>
        ))
      )}
      {price.addons.length > 1 && <PriceRow label={t("detail.addonsTotal")}>{amount(price.addons_cents)}</PriceRow>}
      {price.adjustment_cents !== 0 && (
        <PriceRow label={t("detail.adjustment")}>{signedMoney(price.adjustment_cents, amount)}</PriceRow>
      )}
      <PriceRow ruled label={t("detail.subtotal")}>
        {amount(price.subtotal_cents)}
      </PriceRow>
      <PriceRow
        label={t("detail.tax", {
          label: price.tax_label,
          rate: formatRateWithSign(price.tax_rate, language),
        })}
      >
        {amount(price.tax_cents)}
      </PriceRow>
      {children}
    </dl>
  );
}
