import type { Landing } from "@domain/landings";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { CountBadge } from "@web/ui/count-badge";
import { EmptyState } from "@web/ui/empty-state";
import { CalendarCheck, CircleHelp } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { hasFilters, landingReservationsQuery, NO_FILTERS } from "./api";
import { ExportCsvButton } from "./export-button";
import { LoadError, Loading, NoMatches } from "./list-states";
import { LoadMore } from "./load-more";
import { ReservationFiltersBar } from "./reservation-filters";
import { ReservationTable } from "./reservation-table";
import { useAppliedFilters, useStateFilters } from "./use-filters";
import { useReservationDialogs } from "./use-reservation-dialogs";

/** The landing detail's Reservas tab: the same list as /reservation, for one landing (SPEC §2). */
export function LandingReservations({ landing }: { landing: Landing }) {
  const { t } = useTranslation("reservations");
  const [filters, setFilters] = useStateFilters();
  const { applied, rangeInvalid } = useAppliedFilters(filters);
  const list = useInfiniteQuery({
    ...landingReservationsQuery(landing.id, applied),
    placeholderData: keepPreviousData,
  });
  const reservations = list.data?.pages.flatMap((page) => page.reservations) ?? [];
  const dialogs = useReservationDialogs(reservations, () => landing);
  const filtered = hasFilters(filters);
  const loaded = list.data !== undefined;
  const none = loaded && !list.isPlaceholderData && reservations.length === 0 && !filtered;
  const count = landing.reservations_count;

  let body: ReactNode;
  if (!loaded && list.isError) {
    body = <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (!loaded) {
    body = <Loading label={t("tab.loading")} />;
  } else if (none) {
    body = (
      <Card>
        <EmptyState
          icon={CalendarCheck}
          headingLevel="h3"
          title={t("tab.empty")}
          description={landing.status === "published" ? t("tab.emptyPublished") : t("tab.emptyDraft")}
          action={
            <ButtonLink to="/help#help-reservations" variant="secondary">
              <CircleHelp aria-hidden="true" className="size-4" />
              {t("list.readHelp")}
            </ButtonLink>
          }
        />
      </Card>
    );
  } else if (reservations.length === 0) {
    body = <NoMatches onReset={() => setFilters(NO_FILTERS)} />;
  } else {
    body = (
      <>
        <Card className="overflow-hidden">
          <ReservationTable
            reservations={reservations}
            label={t("tab.tableLabel")}
            onOpen={dialogs.open}
            onDelete={dialogs.askDelete}
          />
        </Card>
        <LoadMore
          shown={reservations.length}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          failed={list.isFetchNextPageError}
          onLoadMore={() => void list.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="landing-reservations-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2.5">
          <h2 id="landing-reservations-title" className="text-lg font-semibold text-gray-900">
            {t("tab.title")}
          </h2>
          <CountBadge count={count} label={t("tab.count", { count })} />
        </div>
        {!none && <ExportCsvButton landing={landing} filters={applied} />}
      </div>
      {!none && (
        <Card className="p-4 sm:p-5">
          <ReservationFiltersBar filters={filters} onChange={setFilters} rangeInvalid={rangeInvalid} />
          {filtered && (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
              <p className="text-sm text-gray-600" aria-live="polite">
                {loaded && !list.isPlaceholderData
                  ? list.hasNextPage
                    ? t("list.shown", { count: reservations.length })
                    : t("list.results", { count: reservations.length })
                  : ""}
              </p>
              <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)}>
                {t("filters.reset")}
              </Button>
            </div>
          )}
        </Card>
      )}
      <div
        className={cn("flex flex-col gap-4 transition-opacity", list.isPlaceholderData && "opacity-60")}
        aria-busy={list.isFetching && !list.isFetchingNextPage}
      >
        {body}
      </div>
      {dialogs.dialogs}
    </section>
  );
}
