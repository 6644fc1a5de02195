import { CUSTOMER_SEARCH_MAX } from "@domain/customers";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { cn } from "@web/lib/cn";
import { useAddressParams } from "@web/lib/use-address-params";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { CountPageHeader } from "@web/ui/count-page-header";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ListSearch } from "@web/ui/list-search";
import { Spinner } from "@web/ui/spinner";
import { Ban, CalendarCheck, ChevronDown, RotateCw, SearchX, Users } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CustomerFilters, customersQuery } from "./api";
import { CustomerList } from "./customer-list";

/** The search once typing pauses (300 ms): one request per word, not per key. */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value.trim() === "" ? "" : debounced;
}

/** The list's skeleton while it loads, with what is loading in words. */
function Loading() {
  const { t } = useTranslation("customers");
  return (
    <Card className="overflow-hidden">
      <div role="status" className="flex flex-col">
        <p className="flex items-center gap-2.5 border-b border-gray-100 px-5 py-3 text-sm font-medium text-gray-600">
          <Spinner className="text-brand-600" />
          {t("list.loading")}
        </p>
        <ul aria-hidden="true" className="divide-y divide-gray-100">
          {[0, 1, 2, 3].map((row) => (
            <li key={row} className="flex animate-pulse items-center gap-4 px-5 py-4">
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="h-3.5 w-2/5 rounded bg-gray-200" />
                <div className="h-3 w-1/3 rounded bg-gray-100" />
              </div>
              <div className="hidden h-3.5 w-10 rounded bg-gray-100 md:block" />
              <div className="h-3.5 w-20 rounded bg-gray-200" />
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

/** "Cargar más" under the list, with how many are on screen; a failed page is retried from here. */
function LoadMore({ list }: { list: ReturnType<typeof useCustomers> }) {
  const { t } = useTranslation("customers");
  if (!list.hasNextPage) return null;
  const failed = list.isFetchNextPageError;
  return (
    <div className="flex flex-col items-center gap-3 border-t border-gray-100 px-4 py-4 text-center">
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t("list.loadMoreError")}
        </p>
      )}
      <Button
        variant="secondary"
        onClick={() => void list.fetchNextPage()}
        loading={list.isFetchingNextPage}
        className="min-w-40"
      >
        {!list.isFetchingNextPage &&
          (failed ? (
            <RotateCw aria-hidden="true" className="size-4" />
          ) : (
            <ChevronDown aria-hidden="true" className="size-4" />
          ))}
        {list.isFetchingNextPage ? t("list.loadingMore") : t("list.loadMore")}
      </Button>
    </div>
  );
}

const useCustomers = (filters: CustomerFilters) =>
  useInfiniteQuery({ ...customersQuery(filters), placeholderData: keepPreviousData });

/**
 * /customers, "Clientes" (issue 28.7): everyone who booked on the owner's landings, latest booking
 * first, searched by name, email or phone (kept in the address: a reload or the back button shows
 * the same list), or only those marked "No rentar".
 */
export function CustomersPage() {
  const { t } = useTranslation("customers");
  const [params, change] = useAddressParams();
  const q = (params.get("q") ?? "").slice(0, CUSTOMER_SEARCH_MAX);
  const flagged = params.get("flagged") === "true";
  const applied = { q: useDebounced(q, 300), flagged };
  const list = useCustomers(applied);
  // The list answers what is typed: the search has been sent (typing paused) and its answer is in.
  const current = applied.q === q.trim() && !list.isPlaceholderData;
  const customers = list.data?.pages.flatMap((page) => page.customers) ?? [];
  const total = list.data?.pages[0]?.total;
  const filtered = q.trim() !== "" || flagged;
  const loaded = list.data !== undefined;
  const nothingAtAll = loaded && !list.isPlaceholderData && total === 0;
  const reset = () => change({ q: null, flagged: null }, { replace: true });

  let body: ReactNode;
  if (!loaded && list.isError) {
    body = (
      <Card>
        <ErrorState
          title={t("list.loadError")}
          description={t("list.loadErrorBody")}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </Card>
    );
  } else if (!loaded) {
    body = <Loading />;
  } else if (nothingAtAll) {
    body = (
      <Card>
        <EmptyState
          icon={Users}
          title={t("list.emptyTitle")}
          description={t("list.emptyBody")}
          action={
            <ButtonLink to="/reservation" variant="secondary">
              <CalendarCheck aria-hidden="true" className="size-4" />
              {t("list.goToReservations")}
            </ButtonLink>
          }
        />
      </Card>
    );
  } else if (customers.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={SearchX}
          title={t("list.noMatches")}
          description={t("list.noMatchesBody")}
          action={
            <Button variant="secondary" onClick={reset}>
              {t("list.showAll")}
            </Button>
          }
        />
      </Card>
    );
  } else {
    body = (
      <Card className="overflow-hidden">
        <CustomerList customers={customers} />
        <LoadMore list={list} />
      </Card>
    );
  }

  return (
    <>
      <CountPageHeader
        title={t("page.title")}
        count={total}
        countLabel={t("page.count", { count: total ?? 0 })}
        description={t("page.description")}
      />
      <div className="flex flex-col gap-5">
        {!nothingAtAll && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <ListSearch
              value={q}
              onChange={(value) => change({ q: value }, { replace: true })}
              label={t("page.search")}
              clearLabel={t("page.clearSearch")}
              className="sm:w-96"
            />
            <div className="flex items-center justify-between gap-3">
              {filtered && loaded && current && (
                <p className="text-sm text-gray-600" aria-live="polite">
                  {list.hasNextPage
                    ? t("list.shown", { count: customers.length })
                    : t("list.results", { count: customers.length })}
                </p>
              )}
              <Button
                variant={flagged ? "primary" : "secondary"}
                aria-pressed={flagged}
                onClick={() => change({ flagged: flagged ? null : "true" }, { replace: true })}
              >
                <Ban aria-hidden="true" className="size-4" />
                {t("page.onlyFlagged")}
              </Button>
            </div>
          </div>
        )}
        <div
          className={cn("transition-opacity", loaded && !current && "opacity-60")}
          aria-busy={list.isFetching && !list.isFetchingNextPage}
        >
          {body}
        </div>
      </div>
    </>
  );
}
