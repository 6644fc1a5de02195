import type { LucideIcon } from "lucide-react";
import { ArrowRight, CalendarCheck, Clock, Gauge, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { currentLanguage } from "../../i18n/setup";
import { Card } from "../../ui/card";
import type { Summary } from "./api";
import { ChangeNote } from "./change-note";
import { changeOf, money, number, percent } from "./format";

/** Every figure card has the same height, loaded or not: nothing below jumps when figures arrive. */
export const FIGURE_CARD_HEIGHT = "min-h-40";

function FigureCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const id = `figure-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Card className={`flex min-w-0 flex-col gap-2 p-3.5 sm:p-5 ${FIGURE_CARD_HEIGHT}`}>
      <section aria-labelledby={id} className="flex flex-1 flex-col gap-2">
        <h2 id={id} className="flex items-center gap-2 text-sm font-medium text-gray-600">
          <Icon aria-hidden="true" className="size-4 text-brand-600" />
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

const Value = ({ children }: { children: ReactNode }) => (
  <p className="text-xl font-semibold tracking-tight text-gray-900 tabular-nums sm:text-2xl" data-figure>
    {children}
  </p>
);

function PendingCard({ pending }: { pending: number }) {
  const { t } = useTranslation("insights");
  return (
    <FigureCard icon={Clock} title={t("figures.pending")}>
      <Value>{number(pending, currentLanguage())}</Value>
      <p className="text-sm text-gray-600">
        {pending > 0 ? t("figures.pendingHint", { count: pending }) : t("figures.pendingNone")}
      </p>
      {pending > 0 && (
        <Link
          to="/reservation?status=pending"
          className="mt-auto inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {t("figures.showPending")}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      )}
    </FigureCard>
  );
}

/** One line per currency: amounts in different currencies are never added together. */
function RevenueCard({ month }: { month: Summary["month"] }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  return (
    <FigureCard icon={Wallet} title={t("figures.revenue")}>
      <ul className="flex flex-col gap-3">
        {month.map((figures) => (
          <li key={figures.currency} className="flex flex-col gap-0.5">
            <Value>{money(figures.revenue_cents, figures.currency, language)}</Value>
            <ChangeNote change={changeOf(figures.revenue_cents, figures.last_month_revenue_cents)} />
            <p className="text-xs text-gray-500">
              {t("figures.lastMonth", { value: money(figures.last_month_revenue_cents, figures.currency, language) })}
            </p>
          </li>
        ))}
      </ul>
    </FigureCard>
  );
}

/** Bookings are counts: those of every currency add up. */
function BookingsCard({ month }: { month: Summary["month"] }) {
  const { t } = useTranslation("insights");
  const current = month.reduce((sum, figures) => sum + figures.bookings, 0);
  const previous = month.reduce((sum, figures) => sum + figures.last_month_bookings, 0);
  return (
    <FigureCard icon={CalendarCheck} title={t("figures.bookings")}>
      <Value>{number(current, currentLanguage())}</Value>
      <ChangeNote change={changeOf(current, previous)} />
      <p className="text-xs text-gray-500">
        {t("figures.lastMonth", { value: t("figures.bookingsValue", { count: previous }) })}
      </p>
    </FigureCard>
  );
}

function UtilisationCard({ utilisation }: { utilisation: Summary["utilisation"] }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  const share = utilisation.percent;
  return (
    <FigureCard icon={Gauge} title={t("figures.utilisation")}>
      {share === null ? (
        <p className="text-sm text-gray-600">{t("figures.utilisationNone")}</p>
      ) : (
        <>
          <Value>{percent(share, language)}</Value>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-gray-100">
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, share)}%` }} />
          </div>
          <p className="text-xs text-gray-500">
            {t("figures.utilisationDetail", {
              booked: number(utilisation.booked_unit_days, language),
              available: number(utilisation.available_unit_days, language),
            })}
          </p>
        </>
      )}
    </FigureCard>
  );
}

/** The four figures of the month: pending answers, revenue, bookings and the fleet's use. */
export function FigureCards({ summary }: { summary: Summary }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <PendingCard pending={summary.pending} />
      <RevenueCard month={summary.month} />
      <BookingsCard month={summary.month} />
      <UtilisationCard utilisation={summary.utilisation} />
    </div>
  );
}
