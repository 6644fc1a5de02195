import type { Landing } from "@domain/landings";
import type { ReservationGroup } from "@domain/reservation-pages";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { CountPageHeader } from "@web/ui/count-page-header";
import { EmptyState } from "@web/ui/empty-state";
import { CalendarCheck, CircleHelp, Clock, LayoutTemplate, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth";
import { ManualBookingDialog } from "../desk";
import { LandingLogo, landingsQuery } from "../landings";
import {
  hasFilters,
  mergeGroups,
  NO_FILTERS,
  ownerReservationsQuery,
  type ReservationFilters,
  useReservationSummary,
} from "./api";
import { ExportCsvButton } from "./export-button";
import { LoadError, Loading, NoMatches } from "./list-states";
import { LoadMore } from "./load-more";
import { ReservationFiltersBar } from "./reservation-filters";
import { ReservationTable } from "./reservation-table";
import { useDetailInAddress } from "./use-detail-address";
import { useAppliedFilters, useUrlFilters } from "./use-filters";
import { useReservationDialogs } from "./use-reservation-dialogs";

type GroupCardProps = {
  group: ReservationGroup;
  landing: Landing | undefined;
  filters: ReservationFilters;
  onOpen: ReturnType<typeof useReservationDialogs>["open"];
  onDelete: ReturnType<typeof useReservationDialogs>["askDelete"];
};

/** One landing's reservations: its logo and name, its CSV, and the table. */
function GroupCard({ group, landing, filters, onOpen, onDelete }: GroupCardProps) {
  const { t } = useTranslation("reservations");
  const headingId = `reservations-landing-${group.landing.id}`;
  const name = group.landing.display_name;
  return (
    <section aria-labelledby={headingId} data-testid="reservation-group">
      <Card className="overflow-hidden">
        <header className="flex flex-wrap items-center gap-x-4 gap-y-3 border-b border-gray-200 px-4 py-3 sm:px-5">
          {/* The logo above the name where the text is large for the screen: beside it the name broke mid-word. */}
          <div className="flex min-w-0 flex-1 items-center gap-3 cramped:flex-col cramped:items-stretch">
            <LandingLogo src={group.landing.logo} color={landing?.color_primary} className="h-11 w-24 p-1.5" />
            <div className="min-w-0">
              <h2 id={headingId} className="line-clamp-2 text-base font-semibold break-words text-gray-900">
                {name}
              </h2>
              {landing && (
                <p className="text-sm text-gray-600">{t("page.count", { count: landing.reservations_count })}</p>
              )}
            </div>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <ButtonLink to={`/view-landing/${group.landing.id}`} variant="ghost" className="flex-1 sm:flex-none">
              <LayoutTemplate aria-hidden="true" className="size-4" />
              {t("list.openLanding")}
              <span className="sr-only"> {name}</span>
            </ButtonLink>
            <ExportCsvButton landing={group.landing} filters={filters} named className="flex-1 sm:flex-none" />
          </div>
        </header>
        <ReservationTable
          reservations={group.reservations}
          label={t("list.tableLabel", { name })}
          onOpen={onOpen}
          onDelete={onDelete}
        />
      </Card>
    </section>
  );
}

/** The owner has no reservation at all: how they arrive, truthfully, and what to do meanwhile. */
function NoReservationsYet({ landings }: { landings: Landing[] | undefined }) {
  const { t } = useTranslation("reservations");
  const nothingPublished = landings !== undefined && !landings.some((landing) => landing.status === "published");
  return (
    <Card>
      <EmptyState
        icon={CalendarCheck}
        title={t("list.emptyTitle")}
        description={
          <>
            {t("list.emptyBody")}
            {nothingPublished && (
              <span className="mt-3 block font-medium text-gray-800">{t("list.emptyNoPublished")}</span>
            )}
          </>
        }
        action={
          <>
            <ButtonLink to="/landings" variant={nothingPublished ? "primary" : "secondary"}>
              <LayoutTemplate aria-hidden="true" className="size-4" />
              {t("list.goToLandings")}
            </ButtonLink>
            <ButtonLink to="/help#help-reservations" variant="secondary">
              <CircleHelp aria-hidden="true" className="size-4" />
              {t("list.readHelp")}
            </ButtonLink>
          </>
        }
      />
    </Card>
  );
}

/**
 * /reservation: every landing's reservations, newest first, grouped per landing (SPEC §2); with
 * `?open=42`, one booking's detail over them.
 */
export function ReservationsPage() {
  const { t } = useTranslation("reservations");
  const userId = useSession()?.userId ?? 0;
  const [filters, setFilters] = useUrlFilters();
  const { applied, rangeInvalid } = useAppliedFilters(filters);
  const list = useInfiniteQuery({
    ...ownerReservationsQuery(userId, applied),
    enabled: userId > 0,
    placeholderData: keepPreviousData,
  });
  const summary = useReservationSummary(userId > 0);
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const landingById = new Map((landings.data ?? []).map((landing) => [landing.id, landing]));

  const groups = mergeGroups(list.data);
  const reservations = groups.flatMap((group) => group.reservations);
  const dialogs = useReservationDialogs(reservations, (id) => landingById.get(id));
  useDetailInAddress(dialogs.shownId, dialogs.open);
  const filtered = hasFilters(filters);
  const loaded = list.data !== undefined;
  const nothingAtAll = loaded && !list.isPlaceholderData && reservations.length === 0 && !filtered;
  const pending = summary.data?.pending ?? 0;
  const reset = () => setFilters(NO_FILTERS);
  const [booking, setBooking] = useState(false);

  let body: ReactNode;
  if (!loaded && list.isError) {
    body = <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (!loaded) {
    body = <Loading label={t("list.loading")} />;
  } else if (nothingAtAll) {
    body = <NoReservationsYet landings={landings.data} />;
  } else if (reservations.length === 0) {
    body = <NoMatches onReset={reset} />;
  } else {
    body = (
      <>
        {groups.map((group) => (
          <GroupCard
            key={group.landing.id}
            group={group}
            landing={landingById.get(group.landing.id)}
            filters={applied}
            onOpen={dialogs.open}
            onDelete={dialogs.askDelete}
          />
        ))}
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
    <>
      <CountPageHeader
        title={t("page.title")}
        count={summary.data?.total}
        countLabel={t("page.count", { count: summary.data?.total ?? 0 })}
        description={t("page.description")}
        actions={
          <div className="flex flex-wrap gap-3">
            {pending > 0 && filters.status !== "pending" && (
              <Button
                variant="secondary"
                onClick={() => setFilters({ status: "pending" })}
                // Named in one piece: a hidden ": Ver solo…" beside the words read with a space before its colon.
                aria-label={t("page.showPendingNamed", { pending: t("page.pending", { count: pending }) })}
              >
                <Clock aria-hidden="true" className="size-4 text-amber-600" />
                {t("page.pending", { count: pending })}
              </Button>
            )}
            <Button onClick={() => setBooking(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {t("desk:newReservation")}
            </Button>
          </div>
        }
      />
      <ManualBookingDialog open={booking} onOpenChange={setBooking} />
      <div className="flex flex-col gap-5">
        {!nothingAtAll && (
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
                <Button variant="ghost" onClick={reset}>
                  {t("filters.reset")}
                </Button>
              </div>
            )}
          </Card>
        )}
        <div
          className={cn("flex flex-col gap-5 transition-opacity", list.isPlaceholderData && "opacity-60")}
          aria-busy={list.isFetching && !list.isFetchingNextPage}
        >
          {body}
        </div>
      </div>
      {dialogs.dialogs}
    </>
  );
}
