import type { Summary } from "@domain/insights";
import { currentLanguage } from "@web/i18n/setup";
import { formatNumber, formatPercent } from "@web/lib/format";
import { ArrowRight, CalendarCheck, Clock, Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChangeNote } from "./change-note";
import { FigureCard, FigureNote, FigureValue } from "./figure-card";
import { changeOf } from "./format";
import { PickupRevenueCard, UpcomingRevenueCard } from "./revenue-cards";

function PendingCard({ pending, className }: { pending: number; className?: string }) {
  const { t } = useTranslation("insights");
  return (
    <FigureCard icon={Clock} title={t("figures.pending")} className={className}>
      <FigureValue>{formatNumber(pending, currentLanguage())}</FigureValue>
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

/** Reservations made this month, by the day they were made: the same bookings as the chart per day. */
function BookedCard({ booked, className }: { booked: Summary["booked"]; className?: string }) {
  const { t } = useTranslation("insights");
  return (
    <FigureCard icon={CalendarCheck} title={t("figures.bookings")} className={className}>
      <FigureValue>{formatNumber(booked.this_month, currentLanguage())}</FigureValue>
      <ChangeNote change={changeOf(booked.this_month, booked.last_month)} />
      <FigureNote>
        {t("figures.lastMonth", { value: t("figures.bookingsValue", { count: booked.last_month }) })}
      </FigureNote>
      <FigureNote>{t("figures.bookingsHint")}</FigureNote>
    </FigureCard>
  );
}

function UtilisationCard({ utilisation, className }: { utilisation: Summary["utilisation"]; className?: string }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  const share = utilisation.percent;
  return (
    <FigureCard icon={Gauge} title={t("figures.utilisation")} className={className}>
      {share === null ? (
        <p className="text-sm text-gray-600">{t("figures.utilisationNone")}</p>
      ) : (
        <>
          <FigureValue>{formatPercent(share, language)}</FigureValue>
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-gray-100">
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, share)}%` }} />
          </div>
          <FigureNote>
            {t("figures.utilisationDetail", {
              booked: formatNumber(utilisation.booked_unit_days, language),
              available: formatNumber(utilisation.available_unit_days, language),
            })}
          </FigureNote>
        </>
      )}
    </FigureCard>
  );
}

/**
 * The grid the figures and their loading outlines share: three on a row, then the two amounts; one
 * a row where the text is large for the screen (two squeezed their words to 108 px at 200 %).
 */
export const FIGURES_GRID = "grid grid-cols-2 gap-3 cramped:grid-cols-1 sm:gap-4 lg:grid-cols-6";
/** Where each of the five cards sits in that grid, in order. */
export const FIGURE_SPANS = [
  "lg:col-span-2",
  "lg:col-span-2",
  "col-span-2 cramped:col-span-1",
  "lg:col-span-3",
  "lg:col-span-3",
];

/**
 * The figures of the month, each named for what it counts (issue 25.5): what waits for an answer,
 * the bookings made this month, the fleet's use, revenue by pickup this month, and confirmed
 * revenue still ahead.
 */
export function FigureCards({ summary }: { summary: Summary }) {
  const [pending, booked, used, revenue, upcoming] = FIGURE_SPANS;
  return (
    <div className={FIGURES_GRID}>
      <PendingCard pending={summary.pending} className={pending} />
      <BookedCard booked={summary.booked} className={booked} />
      <UtilisationCard utilisation={summary.utilisation} className={used} />
      <PickupRevenueCard month={summary.month} className={revenue} />
      <UpcomingRevenueCard upcoming={summary.upcoming} className={upcoming} />
    </div>
  );
}
