import type { Summary } from "@domain/insights";
import { currentLanguage } from "@web/i18n/setup";
import { formatMoney } from "@web/lib/format";
import { CalendarClock, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ChangeNote } from "./change-note";
import { FigureCard, FigureNote, FigureValue } from "./figure-card";
import { changeOf } from "./format";

/**
 * Revenue this month: the money received through the site, by transfer and at the counter (PRODUCT §11: revenue figures
 * count money received), and beside it the price of the confirmed and completed reservations picked
 * up (or to be picked up) this month, against last month. One line per currency: amounts are never
 * added across them.
 */
export function PickupRevenueCard({ month, className }: { month: Summary["month"]; className?: string }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  return (
    <FigureCard icon={Wallet} title={t("figures.revenue")} className={className}>
      <ul className="flex flex-col gap-3">
        {month.map((figures) => (
          <li key={figures.currency} className="flex flex-col gap-0.5">
            <FigureValue>
              {formatMoney(figures.received_cents + figures.received_at_counter_cents, figures.currency, language)}
            </FigureValue>
            {/* Paid by card on the site, a deposit held there and captured, a transfer seen arrive (issue
                27); not "online", which a transfer is not. What came in, beside what the bookings are worth. */}
            {figures.received_cents !== 0 && (
              <FigureNote>
                {t("figures.receivedThroughSite", {
                  value: formatMoney(figures.received_cents, figures.currency, language),
                })}
              </FigureNote>
            )}
            {/* Taken at the counter (issue 28): cash and the owner's own terminal, as recorded there. */}
            {figures.received_at_counter_cents !== 0 && (
              <FigureNote>
                {t("figures.receivedAtCounter", {
                  value: formatMoney(figures.received_at_counter_cents, figures.currency, language),
                })}
              </FigureNote>
            )}
            <p className="mt-1 text-sm font-medium text-gray-900" data-testid="booked-this-month">
              {t("figures.booked", { value: formatMoney(figures.revenue_cents, figures.currency, language) })}
            </p>
            <ChangeNote change={changeOf(figures.revenue_cents, figures.last_month_revenue_cents)} />
            <FigureNote>
              {t("figures.lastMonth", {
                value: formatMoney(figures.last_month_revenue_cents, figures.currency, language),
              })}
            </FigureNote>
          </li>
        ))}
      </ul>
      <FigureNote>{t("figures.revenueHint")}</FigureNote>
    </FigureCard>
  );
}

/** The price of the confirmed bookings still ahead, whatever the month of the pickup, per currency: not money received. */
export function UpcomingRevenueCard({ upcoming, className }: { upcoming: Summary["upcoming"]; className?: string }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  return (
    <FigureCard icon={CalendarClock} title={t("figures.upcoming")} className={className}>
      <ul className="flex flex-col gap-3">
        {upcoming.map((figures) => (
          <li key={figures.currency} className="flex flex-col gap-0.5">
            <FigureValue>{formatMoney(figures.revenue_cents, figures.currency, language)}</FigureValue>
            <p className="text-sm text-gray-600">
              {figures.bookings > 0
                ? t("figures.upcomingCount", { count: figures.bookings })
                : t("figures.upcomingNone")}
            </p>
          </li>
        ))}
      </ul>
      <FigureNote>{t("figures.upcomingHint")}</FigureNote>
    </FigureCard>
  );
}
