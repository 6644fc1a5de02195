import type { Summary } from "@domain/insights";
import { addDays } from "@domain/rental-time";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { ChunkBoundary } from "@web/ui/chunk-boundary";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { NativeSelect } from "@web/ui/native-select";
import { PageHeader } from "@web/ui/page-header";
import { LayoutTemplate, LineChart } from "lucide-react";
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useSession } from "../auth";
import { landingsQuery } from "../landings";
import { chartsQuery, type LandingScope, summaryQuery } from "./api";
import { CounterStrip } from "./counter-strip";
import { ChartsLoading, DashboardLoading } from "./dashboard-loading";
import { FigureCards } from "./figure-cards";
import { FunnelCard } from "./funnel-card";
import { DayCard } from "./movements-card";

// recharts is a large library: it loads with the charts, after the figures are on screen.
const loadCharts = () => import("./dashboard-charts");

/** The landing in the address (`?landing=12`), or null for all of them. */
function useLandingScope(): [LandingScope, (landing: LandingScope) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get("landing"));
  const scope = Number.isInteger(id) && id > 0 ? id : null;
  const setScope = (landing: LandingScope) =>
    setParams(landing === null ? {} : { landing: String(landing) }, { replace: true });
  return [scope, setScope];
}

/** Nothing has happened yet: no movement, nothing pending, nothing booked or picked up this month or last, nothing ahead. */
const isQuiet = (summary: Summary) =>
  summary.pending === 0 &&
  summary.today.pickups.total + summary.today.returns.total === 0 &&
  summary.tomorrow.pickups.total + summary.tomorrow.returns.total === 0 &&
  summary.booked.this_month + summary.booked.last_month === 0 &&
  summary.month.every((figures) => figures.bookings === 0 && figures.last_month_bookings === 0) &&
  summary.upcoming.every((figures) => figures.bookings === 0);

/** The latest "today" among the landings in view (they may sit in different time zones). */
const latestToday = (summary: Summary) =>
  summary.landings.reduce((latest, landing) => (landing.today > latest ? landing.today : latest), "");

function Charts({ landing }: { landing: LandingScope }) {
  const { t } = useTranslation("insights");
  const charts = useQuery({ ...chartsQuery(landing), placeholderData: keepPreviousData });
  // A failed lazy load is remembered by React.lazy: a retry needs a new one.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for the code again.
  const DashboardCharts = useMemo(() => lazy(loadCharts), [attempt]);
  const failed = (onRetry: () => void, retrying = false) => (
    <Card>
      <ErrorState
        title={t("charts.loadError")}
        description={t("page.loadErrorBody")}
        onRetry={onRetry}
        retrying={retrying}
      />
    </Card>
  );
  if (charts.isError && !charts.data) return failed(() => void charts.refetch(), charts.isFetching);
  if (!charts.data) return <ChartsLoading />;
  return (
    <ChunkBoundary key={attempt} fallback={failed(() => setAttempt((count) => count + 1))}>
      <Suspense fallback={<ChartsLoading />}>
        <DashboardCharts charts={charts.data} />
      </Suspense>
    </ChunkBoundary>
  );
}

/**
 * /dashboard (issue 11), the first page of the sidebar: today's and tomorrow's pickups and
 * returns, what waits for an answer, the month against the last, the fleet's use, two charts and
 * the visits funnel, for all of the owner's landings or one of them.
 */
export function DashboardPage() {
  const { t } = useTranslation("insights");
  const { t: tr } = useTranslation();
  const userId = useSession()?.userId ?? 0;
  const [landing, setLanding] = useLandingScope();
  const landingField = useId();
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const summary = useQuery({ ...summaryQuery(landing), placeholderData: keepPreviousData });
  const owned = landings.data ?? [];

  const header = <PageHeader title={tr("titles.dashboard")} description={t("page.description")} />;

  if (landings.data && owned.length === 0) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            icon={LineChart}
            title={t("page.emptyTitle")}
            description={t("page.emptyBody")}
            action={
              <ButtonLink to="/layout-designer">
                <LayoutTemplate aria-hidden="true" className="size-4" />
                {t("page.createLanding")}
              </ButtonLink>
            }
          />
        </Card>
      </>
    );
  }

  const filter = owned.length > 1 && (
    <div className="mb-4 flex flex-col gap-1.5 sm:w-72">
      <label htmlFor={landingField} className="text-sm font-medium text-gray-800">
        {t("page.landingFilter")}
      </label>
      <NativeSelect
        id={landingField}
        value={landing === null ? "" : String(landing)}
        onChange={(event) => setLanding(event.target.value ? Number(event.target.value) : null)}
        options={[
          { value: "", label: t("page.allLandings") },
          ...owned.map((item) => ({ value: String(item.id), label: item.display_name })),
        ]}
      />
    </div>
  );

  let body: ReactNode;
  if (summary.isError && isNotFound(summary.error)) {
    body = (
      <Card>
        <ErrorState title={t("page.landingGone")} description={t("page.landingGoneBody")}>
          <Button variant="secondary" onClick={() => setLanding(null)}>
            {t("page.showAll")}
          </Button>
        </ErrorState>
      </Card>
    );
  } else if (summary.isError && !summary.data) {
    body = (
      <Card>
        <ErrorState
          title={t("page.loadError")}
          description={t("page.loadErrorBody")}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      </Card>
    );
  } else if (!summary.data) {
    body = <DashboardLoading />;
  } else {
    const figures = summary.data;
    const today = latestToday(figures);
    body = (
      <div
        className={`flex flex-col gap-4 ${summary.isPlaceholderData ? "opacity-70 transition-opacity" : ""}`}
        aria-busy={summary.isFetching}
      >
        <div className="grid gap-4">
          <DayCard day="today" date={today} movements={figures.today} landings={figures.landings} />
          <DayCard day="tomorrow" date={addDays(today, 1)} movements={figures.tomorrow} landings={figures.landings} />
        </div>
        {isQuiet(figures) && (
          <Card className="border-brand-100 bg-brand-50/60 p-4 sm:p-5">
            <h2 className="text-base font-semibold text-gray-900">{t("page.noDataTitle")}</h2>
            <p className="mt-1 text-sm text-gray-700">{t("page.noDataBody")}</p>
          </Card>
        )}
        <CounterStrip counter={figures.counter} />
        <FigureCards summary={figures} />
        <Charts landing={landing} />
        <FunnelCard landing={landing} today={today} />
      </div>
    );
  }

  return (
    <>
      {header}
      {filter}
      {body}
    </>
  );
}
