import { formatDate } from "@domain/date-format";
import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { cn } from "@web/lib/cn";
import { formatMoney, formatRateWithSign } from "@web/lib/format";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type RowProps = { label: ReactNode; children: ReactNode; strong?: boolean; ruled?: boolean };

/** One line of the breakdown; `ruled` draws a line above it (subtotal, total). */
function Row({ label, children, strong = false, ruled = false }: RowProps) {
  return (
    <div
      className={cn(
        "flex items-baseline justify-between gap-4",
        strong && "font-semibold text-gray-900",
        ruled && "mt-1 border-t border-gray-200 pt-3",
      )}
    >
      <dt className={cn("min-w-0 break-words", !strong && "text-gray-700")}>{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

/** The price of a reservation as it was booked: every line (seasons, discount, fees, add-ons, tax), then the deposit. */
export function ReservationPrice({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation("reservations");
  const language = currentLanguage();
  const amount = (cents: number) => formatMoney(cents, reservation.currency, language);
  const days = t("detail.days", { count: reservation.days });
  // Each rental line starts on its own day of the rental: a stable key.
  const firstDay = reservation.rental_lines.map((_, index) =>
    reservation.rental_lines.slice(0, index).reduce((sum, line) => sum + line.days, 0),
  );
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-gray-50 p-4 text-sm ring-1 ring-gray-200 ring-inset">
      <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{t("detail.price")}</h3>
      <dl className="flex flex-col gap-2" data-testid="reservation-price">
        {reservation.rental_lines.map((line, index) => {
          const lineDays = t("detail.days", { count: line.days });
          const perDay = amount(line.price_per_day_cents);
          return (
            <Row
              key={firstDay[index]}
              label={
                line.season
                  ? t("detail.rentalSeason", { season: line.season, days: lineDays, perDay })
                  : t("detail.rental", { days: lineDays, perDay })
              }
            >
              {amount(line.total_cents)}
            </Row>
          );
        })}
        {reservation.discount_cents > 0 && (
          <Row label={t("detail.discount", { rate: formatRateWithSign(reservation.discount_rate, language) })}>
            −{amount(reservation.discount_cents)}
          </Row>
        )}
        {reservation.fees.map((fee) => (
          <Row
            key={fee.kind}
            label={
              fee.per_day_cents === null
                ? t(`detail.fee.${fee.kind}`)
                : `${t(`detail.fee.${fee.kind}`)} (${days} × ${amount(fee.per_day_cents)})`
            }
          >
            {amount(fee.total_cents)}
          </Row>
        ))}
        {reservation.addons.length === 0 ? (
          <Row label={t("detail.addons")}>
            <span className="text-gray-600">{t("detail.noAddons")}</span>
          </Row>
        ) : (
          reservation.addons.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a stored reservation never move.
            <div key={`${line.id ?? "x"}-${index}`} className="flex items-baseline justify-between gap-4">
              <dt className="min-w-0 text-gray-700">
                <span className="block break-words">{line.name}</span>
                <span className="block text-xs text-gray-600">
                  {t("detail.addonLine", { quantity: line.quantity, price: amount(line.price_cents), days })}
                </span>
              </dt>
              <dd className="text-right whitespace-nowrap tabular-nums">{amount(line.total_cents)}</dd>
            </div>
          ))
        )}
        {reservation.addons.length > 1 && <Row label={t("detail.addonsTotal")}>{amount(reservation.addons_cents)}</Row>}
        <Row ruled label={t("detail.subtotal")}>
          {amount(reservation.subtotal_cents)}
        </Row>
        <Row
          label={t("detail.tax", {
            label: reservation.tax_label,
            rate: formatRateWithSign(reservation.tax_rate, language),
          })}
        >
          {amount(reservation.tax_cents)}
        </Row>
        {reservation.price_override && (
          <Row ruled label={t("detail.listTotal")}>
            <s className="text-gray-600">{amount(reservation.price_override.list_total_cents)}</s>
          </Row>
        )}
        <Row
          ruled={!reservation.price_override}
          strong
          label={`${t(reservation.price_override ? "detail.agreedTotal" : "detail.total")} (${reservation.currency})`}
        >
          <span className="text-base">{amount(reservation.total_cents)}</span>
        </Row>
        {/* A request declined or withdrawn before it was confirmed never had a fee to speak of. */}
        {reservation.cancellation_fee_cents !== null && reservation.confirmed_at !== null && (
          <Row strong label={t("detail.cancellationFee")}>
            <span className="text-red-700">{amount(reservation.cancellation_fee_cents)}</span>
          </Row>
        )}
      </dl>
      {reservation.price_override && (
        <p className="text-sm break-words text-gray-800" data-testid="reservation-price-reason">
          {t("detail.agreedReason", { reason: reservation.price_override.reason })}
        </p>
      )}
      {reservation.deposit_cents > 0 && (
        <p className="text-sm text-gray-800" data-testid="reservation-deposit">
          {t("detail.deposit", { amount: amount(reservation.deposit_cents) })}
        </p>
      )}
      {reservation.driver_birth_date && (
        <p className="text-sm text-gray-800">
          {t("detail.driverBirthDate", { date: formatDate(reservation.driver_birth_date, language) })}
        </p>
      )}
      <p className="text-xs leading-5 text-gray-600">{t("detail.currency", { currency: reservation.currency })}</p>
    </div>
  );
}
