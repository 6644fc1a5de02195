import type { Landing } from "@domain/landings";
import type { UseQueryResult } from "@tanstack/react-query";
import { echoedSearch } from "@web/lib/format";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ListSearch, matchesSearch } from "@web/ui/list-search";
import { type LucideIcon, SearchX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

type LandingSearchListProps = {
  /** The landings to list, as loaded. */
  query: UseQueryResult<Landing[]>;
  /** The search box's label ("Buscar landings"). */
  searchLabel: string;
  /** Shown while the first load is on its way. */
  loading: ReactNode;
  loadError: string;
  /** What an owner with none sees, and where it leads. */
  empty: { icon: LucideIcon; title: string; description: string; action: ReactNode };
  /** Said when the search matches none. */
  noMatchDescription: string;
  /** The landings the search matches, drawn by the page. */
  children: (shown: Landing[]) => ReactNode;
};

/**
 * A list of landings with its search box (by business name or address, as people type them), and
 * each state it can be in: loading, failed with a retry, none at all, none matching the search.
 * The landings page and the trash draw their own cards inside it.
 */
export function LandingSearchList({
  query,
  searchLabel,
  loading,
  loadError,
  empty,
  noMatchDescription,
  children,
}: LandingSearchListProps) {
  const { t } = useTranslation("landings");
  const [search, setSearch] = useState("");
  const all = query.data ?? [];
  const shown = all.filter((landing) => matchesSearch(search, landing.display_name, landing.name));

  let content: ReactNode;
  if (query.isPending) {
    content = loading;
  } else if (query.isError) {
    content = (
      <Card>
        <ErrorState description={loadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Card>
    );
  } else if (all.length === 0) {
    content = (
      <Card>
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />
      </Card>
    );
  } else if (shown.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={SearchX}
          title={t("list.noMatchTitle", { search: echoedSearch(search) })}
          description={noMatchDescription}
          action={
            <Button variant="secondary" onClick={() => setSearch("")}>
              {t("list.clearSearch")}
            </Button>
          }
        />
      </Card>
    );
  } else {
    content = children(shown);
  }

  return (
    <>
      {all.length > 0 && (
        <div className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <ListSearch value={search} onChange={setSearch} label={searchLabel} clearLabel={t("ui.clearSearch")} />
          <p aria-live="polite" className="text-sm text-gray-600">
            {search.trim() ? t("list.results", { count: shown.length }) : ""}
          </p>
        </div>
      )}
      {content}
    </>
  );
}
