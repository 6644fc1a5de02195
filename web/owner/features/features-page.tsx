import type { SpecialFeature } from "@domain/vehicles";
import { useQuery } from "@tanstack/react-query";
import { echoedSearch } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { CountPageHeader } from "@web/ui/count-page-header";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ListSearch, matchesSearch } from "@web/ui/list-search";
import { Spinner } from "@web/ui/spinner";
import { Pencil, Plus, SearchX, Sparkles, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { specialFeaturesQuery, useDeleteSpecialFeature } from "./api";
import { FeatureDialog } from "./feature-dialog";

function FeaturesLoading() {
  const { t } = useTranslation("fleet");
  return (
    <div role="status" className="flex flex-col gap-4 p-5">
      <p className="flex items-center gap-2.5 text-sm font-medium text-gray-600">
        <Spinner className="text-brand-600" />
        {t("specialPage.loading")}
      </p>
      <div aria-hidden="true" className="flex flex-wrap gap-2">
        {["w-28", "w-40", "w-32", "w-48", "w-24"].map((width) => (
          <div key={width} className={`h-11 animate-pulse rounded-full bg-gray-200 ${width}`} />
        ))}
      </div>
    </div>
  );
}

function FeatureChip({
  feature,
  onEdit,
  onDelete,
}: {
  feature: SpecialFeature;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("fleet");
  return (
    // Where the text is large for the screen, the name and description take the row's whole width
    // and the buttons go under them: beside them they had 110 px, less than a word.
    <li className="flex w-full min-w-0 items-center gap-2.5 rounded-lg border border-gray-200 bg-white py-1 pr-0.5 pl-3.5 shadow-xs cramped:flex-wrap cramped:justify-end sm:inline-flex sm:w-auto sm:max-w-full sm:rounded-full sm:py-0.5 sm:pl-4">
      <Sparkles aria-hidden="true" className="size-4 shrink-0 text-brand-600 cramped:hidden" />
      <span className="flex min-w-0 flex-1 flex-col cramped:basis-full cramped:pt-1 sm:flex-row sm:items-baseline sm:gap-2">
        <span className="text-sm font-semibold break-words text-gray-900 sm:shrink-0">{feature.name}</span>
        <span
          className="line-clamp-2 text-sm text-gray-600 sm:line-clamp-none sm:max-w-64 sm:truncate"
          title={feature.description}
        >
          {feature.description}
        </span>
      </span>
      <button
        type="button"
        onClick={onEdit}
        aria-label={t("specialPage.edit", { name: feature.name })}
        title={t("specialPage.editShort")}
        className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-full text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900"
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={t("specialPage.delete", { name: feature.name })}
        title={t("specialPage.deleteShort")}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-gray-500 transition-colors hover:bg-red-50 hover:text-red-700"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** /feature-view: the owner's special features, to assign to vehicles (SPEC §2). */
export function FeaturesPage() {
  const { t } = useTranslation("fleet");
  const features = useQuery(specialFeaturesQuery());
  const [query, setQuery] = useState("");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SpecialFeature | null>(null);
  const [deleting, setDeleting] = useState<SpecialFeature | null>(null);
  const remove = useDeleteSpecialFeature();

  const confirmDelete = () => {
    if (!deleting) return;
    const action = `feature-delete:${deleting.id}`;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(action, t("specialPage.deleted"));
        setDeleting(null);
      },
      onError: () => notify.error(action, t("specialPage.deleteError")),
    });
  };

  const list = features.data ?? [];
  const shown = list.filter((feature) => matchesSearch(query, feature.name, feature.description));
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" className="size-4" />
      {t("specialPage.add")}
    </Button>
  );

  return (
    <>
      <CountPageHeader
        title={t("specialPage.title")}
        count={features.data?.length}
        countLabel={t("specialPage.count", { count: list.length })}
        description={t("specialPage.description")}
        actions={features.data && list.length > 0 ? addButton : undefined}
      />
      <Card>
        {features.isPending ? (
          <FeaturesLoading />
        ) : features.isError ? (
          <ErrorState
            title={t("specialPage.loadError")}
            description={t("specialPage.loadErrorBody")}
            onRetry={() => void features.refetch()}
            retrying={features.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={Sparkles}
            title={t("specialPage.emptyTitle")}
            description={t("specialPage.emptyBody")}
            action={addButton}
          />
        ) : (
          <div className="flex flex-col">
            <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
              <ListSearch
                value={query}
                onChange={setQuery}
                label={t("specialPage.search")}
                clearLabel={t("vehicles.clearSearch")}
              />
              <p aria-live="polite" className="text-sm text-gray-600">
                {query.trim() ? t("specialPage.results", { count: shown.length }) : t("specialPage.hint")}
              </p>
            </div>
            {shown.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title={t("specialPage.noResults")}
                description={t("specialPage.noResultsBody", { query: echoedSearch(query) })}
                action={
                  <Button variant="secondary" onClick={() => setQuery("")}>
                    {t("vehicles.clearSearch")}
                  </Button>
                }
              />
            ) : (
              <ul className="flex flex-wrap gap-2 p-4 sm:p-5" aria-label={t("specialPage.listLabel")}>
                {shown.map((feature) => (
                  <FeatureChip
                    key={feature.id}
                    feature={feature}
                    onEdit={() => setEditing(feature)}
                    onDelete={() => setDeleting(feature)}
                  />
                ))}
              </ul>
            )}
          </div>
        )}
      </Card>

      <FeatureDialog open={adding} onOpenChange={setAdding} />
      <FeatureDialog
        open={editing !== null}
        feature={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={t("specialPage.deleteTitle", { name: deleting?.name ?? "" })}
        description={t("specialPage.deleteDescription")}
        confirmLabel={t("specialPage.deleteConfirm")}
        onConfirm={confirmDelete}
        destructive
        pending={remove.isPending}
      />
    </>
  );
}
