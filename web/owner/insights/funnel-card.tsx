import type { Funnel } from "@domain/insights";
import { addDays } from "@domain/rental-time";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { formatNumber, formatPercent } from "@web/lib/format";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { NativeSelect } from "@web/ui/native-select";
import { Skeleton } from "@web/ui/skeleton";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { funnelQuery, type LandingScope } from "./api";
import { longDay } from "./format";

/** The periods an owner picks from; 30 days is what the server answers by default. */
const PERIODS = [7, 30, 90, 365] as const;
type Period = (typeof PERIODS)[number];

function FunnelSteps({ funnel }: { funnel: Funnel }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  const rateText = (step: Funnel["steps"][number]) => {
    if (step.rate !== null) return t("funnel.rate", { percent: formatPercent(step.rate, language) });
    return step.more_than_before ? t("funnel.moreThanBefore") : t("funnel.noRate");
  };
  // Bars are drawn against the largest step, so a site with more list views than home views still fits.
  const largest = Math.max(1, ...funnel.steps.map((step) => step.count));
  return (
    <ol className="flex flex-col gap-3" data-funnel>
      {funnel.steps.map((step, index) => (
        <li key={step.step} className="flex flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-sm font-medium text-gray-900">{t(`funnel.steps.${step.step}`)}</span>
            <span className="text-sm font-semibold text-gray-900 tabular-nums" data-funnel-count={step.step}>
              {step.step === "booked"
                ? t("funnel.bookings", { count: step.count, formatted: formatNumber(step.count, language) })
                : t("funnel.views", { count: step.count, formatted: formatNumber(step.count, language) })}
            </span>
          </div>
          <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-gray-100">
            <div
              className={
                step.step === "booked" ? "h-full rounded-full bg-green-600" : "h-full rounded-full bg-brand-600"
              }
              style={{ width: `${(step.count / largest) * 100}%` }}
            />
          </div>
          {index > 0 && <span className="text-xs text-gray-600">{rateText(step)}</span>}
        </li>
      ))}
    </ol>
  );
}

/** The place the steps take while they load: the same five rows, so nothing moves. */
function FunnelSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      {[1, 0.7, 0.45, 0.25, 0.1].map((width) => (
        <div key={width} className="flex flex-col gap-1.5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-2.5" style={{ width: `${width * 100}%` }} />
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}

/**
 * Visits and conversion (issue 11): views of the site's home, list, vehicle and review pages and
 * the bookings they led to, over the last 7, 30, 90 or 365 days of the landings' calendar.
 */
export function FunnelCard({ landing, today }: { landing: LandingScope; today: string }) {
  const { t } = useTranslation("insights");
  const language = currentLanguage();
  const headingId = useId();
  const periodField = useId();
  const [days, setDays] = useState<Period>(30);
  const period = { from: addDays(today, -(days - 1)), to: today };
  const funnel = useQuery({ ...funnelQuery(landing, period), placeholderData: keepPreviousData });
  const data = funnel.data;
  const overall = data?.overall ?? null;
  // No share: either nobody opened the home page, or there were more bookings than home visits.
  const homeViews = data?.steps[0]?.count ?? 0;
  let overallText = t("funnel.overall", { percent: formatPercent(overall ?? 0, language) });
  if (overall === null) overallText = homeViews > 0 ? t("funnel.overallMore") : t("funnel.overallNone");
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id={headingId} className="text-base font-semibold text-gray-900">
              {t("funnel.title")}
            </h2>
            <p className="mt-1 max-w-prose text-sm text-gray-600">{t("funnel.description")}</p>
          </div>
          <div className="flex shrink-0 flex-col gap-1.5 sm:w-44">
            <label htmlFor={periodField} className="text-sm font-medium text-gray-800">
              {t("funnel.period")}
            </label>
            <NativeSelect
              id={periodField}
              value={String(days)}
              onChange={(event) => setDays(Number(event.target.value) as Period)}
              options={PERIODS.map((count) => ({ value: String(count), label: t("funnel.days", { count }) }))}
            />
          </div>
        </div>
        {data && (
          <p className="text-sm text-gray-600" aria-live="polite">
            {t("funnel.range", { from: longDay(data.from, language), to: longDay(data.to, language) })}
          </p>
        )}
        {funnel.isError && !data ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
            {t("funnel.loadError")}
            <Button variant="secondary" onClick={() => void funnel.refetch()} loading={funnel.isFetching}>
              {t("common.retry", { ns: "translation" })}
            </Button>
          </div>
        ) : data ? (
          <div aria-busy={funnel.isFetching} className={funnel.isPlaceholderData ? "opacity-70" : undefined}>
            <FunnelSteps funnel={data} />
            <p className="mt-4 rounded-md bg-gray-50 px-3 py-2.5 text-sm text-gray-700">{overallText}</p>
          </div>
        ) : (
          <FunnelSkeleton />
        )}
      </section>
    </Card>
  );
}
