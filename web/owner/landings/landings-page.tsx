import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { CountPageHeader } from "@web/ui/count-page-header";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { SearchInput } from "@web/ui/search-input";
import { LayoutTemplate, Plus, SearchX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../auth";
import { landingsQuery } from "./api";
import { CardSkeletons } from "./card-skeletons";
import { matchesSearch } from "./format";
import { LandingCard } from "./landing-card";
import { TrashLandingDialog } from "./trash-landing-dialog";
import { useTrashLandingFlow } from "./use-trash-landing";

export const DESIGNER_PATH = "/layout-designer";

/** /landings: the owner's booking sites, searchable, each with open, preview and delete. */
export function LandingsPage() {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const [search, setSearch] = useState("");
  const trash = useTrashLandingFlow();

  const all = landings.data ?? [];
  const shown = all.filter((landing) => matchesSearch(landing, search));
  // In the header the button spans a phone's width; in the empty state it keeps its own size.
  const createButton = (className?: string) => (
    <ButtonLink to={DESIGNER_PATH} className={className}>
      <Plus aria-hidden="true" className="size-4" />
      {t("list.create")}
    </ButtonLink>
  );

  let content: ReactNode;
  if (landings.isPending) {
    content = <CardSkeletons label={t("list.loading")} />;
  } else if (landings.isError) {
    content = (
      <Card>
        <ErrorState
          description={t("list.loadError")}
          onRetry={() => void landings.refetch()}
          retrying={landings.isFetching}
        />
      </Card>
    );
  } else if (all.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={LayoutTemplate}
          title={t("list.emptyTitle")}
          description={t("list.emptyBody")}
          action={createButton()}
        />
      </Card>
    );
  } else if (shown.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={SearchX}
          title={t("list.noMatchTitle", { search: search.trim() })}
          description={t("list.noMatchBody")}
          action={
            <Button variant="secondary" onClick={() => setSearch("")}>
              {t("list.clearSearch")}
            </Button>
          }
        />
      </Card>
    );
  } else {
    content = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t("list.title")}>
        {shown.map((landing) => (
          <li key={landing.id} className="flex">
            <div className="flex w-full flex-col [&>*]:flex-1">
              <LandingCard landing={landing} onDelete={trash.open} />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <CountPageHeader
        title={t("list.title")}
        count={landings.data ? all.length : undefined}
        countLabel={t("list.countLabel", { count: all.length })}
        description={t("list.description")}
        actions={landings.isSuccess && all.length === 0 ? undefined : createButton("max-sm:flex-1")}
      />
      {all.length > 0 && (
        <div className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            value={search}
            onValueChange={setSearch}
            label={t("list.search")}
            className="w-full sm:max-w-sm"
          />
          <p aria-live="polite" className="text-sm text-gray-600">
            {search.trim() ? t("list.results", { count: shown.length }) : ""}
          </p>
        </div>
      )}
      {content}
      <TrashLandingDialog
        landing={trash.target}
        onClose={trash.close}
        onConfirm={() => void trash.confirm()}
        pending={trash.pending}
        refusal={trash.refusal}
      />
    </>
  );
}
