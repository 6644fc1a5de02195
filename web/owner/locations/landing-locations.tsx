import type { Landing } from "@domain/landings";
import type { Location } from "@domain/locations";
import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { echoedSearch } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ListSearch, matchesSearch } from "@web/ui/list-search";
import { Spinner } from "@web/ui/spinner";
import { MapPin, Plus, SearchX } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddLocationDialog } from "./add-location-dialog";
import { locationsQuery, useDeleteLocation } from "./api";
import { LocationRow } from "./location-row";
import { OneWayFeeDialog } from "./one-way-fee-dialog";
import { PlacesSection } from "./places-section";

/** Rows the shape of the pairs list, while it loads. */
export function RowsLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-4 p-5">
      <p className="flex items-center gap-2.5 text-sm font-medium text-gray-600">
        <Spinner className="text-brand-600" />
        {label}
      </p>
      <div aria-hidden="true" className="flex flex-col gap-3">
        {["w-3/4", "w-2/3", "w-1/2"].map((width) => (
          <div key={width} className={`h-11 animate-pulse rounded-lg bg-gray-200 ${width}`} />
        ))}
      </div>
    </div>
  );
}

/**
 * One landing's pickup and return places (SPEC §2), each pair's one-way fee and each place's
 * opening hours: on Localizaciones and in the designer's places step.
 */
export function LandingLocations({ landing }: { landing: Landing }) {
  const { t } = useTranslation("fleet");
  const locations = useQuery(locationsQuery(landing.id));
  const [query, setQuery] = useState("");
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const [pricing, setPricing] = useState<Location | null>(null);
  const remove = useDeleteLocation(landing.id);
  const language = currentLanguage();
  // Named by its display name, exactly as the owner typed it ("Autos Año Nuevo SRL").
  const name = landing.display_name;

  const confirmDelete = () => {
    if (!deleting) return;
    const action = `location-delete:${deleting.id}`;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(action, t("locationsPage.deleted"));
        setDeleting(null);
      },
      onError: (error) => {
        // A published landing's last location is kept (409): the answer says what to do instead.
        if (error instanceof ApiError && error.status === 409) {
          notify.error(action, error.message);
          setDeleting(null);
        } else notify.error(action, t("locationsPage.deleteError"));
      },
    });
  };

  const list = locations.data ?? [];
  const shown = list.filter((location) => matchesSearch(query, location.place_of_departure, location.arrival_place));
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" className="size-4" />
      {t("locationsPage.add")}
    </Button>
  );

  return (
    <>
      <Card>
        {locations.isPending ? (
          <RowsLoading label={t("locationsPage.loading")} />
        ) : locations.isError ? (
          <ErrorState
            title={t("locationsPage.loadError")}
            description={t("locationsPage.loadErrorBody")}
            onRetry={() => void locations.refetch()}
            retrying={locations.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={MapPin}
            title={t("locationsPage.emptyTitle")}
            description={t("locationsPage.emptyBody", { name })}
            action={addButton}
          />
        ) : (
          <div className="flex flex-col">
            <div className="flex flex-col gap-3 border-b border-gray-100 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
              <div className="flex items-center gap-2">
                <h2 className="text-base font-semibold text-gray-900">
                  {t("locationsPage.listTitle", { count: list.length })}
                </h2>
              </div>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <ListSearch
                  value={query}
                  onChange={setQuery}
                  label={t("locationsPage.search")}
                  clearLabel={t("vehicles.clearSearch")}
                  className="sm:w-64"
                />
                {addButton}
              </div>
            </div>
            {shown.length === 0 ? (
              <EmptyState
                icon={SearchX}
                headingLevel="h3"
                title={t("locationsPage.noResults")}
                description={t("locationsPage.noResultsBody", { query: echoedSearch(query) })}
                action={
                  <Button variant="secondary" onClick={() => setQuery("")}>
                    {t("vehicles.clearSearch")}
                  </Button>
                }
              />
            ) : (
              <ul className="divide-y divide-gray-100" aria-label={t("locationsPage.listLabel", { name })}>
                {shown.map((location) => (
                  <LocationRow
                    key={location.id}
                    location={location}
                    currency={landing.currency}
                    language={language}
                    onEditFee={() => setPricing(location)}
                    onDelete={() => setDeleting(location)}
                  />
                ))}
              </ul>
            )}
            <p aria-live="polite" className="sr-only">
              {query.trim() ? t("locationsPage.results", { count: shown.length }) : ""}
            </p>
          </div>
        )}
      </Card>
      {list.length > 0 && <PlacesSection landingId={landing.id} currency={landing.currency} language={language} />}

      <AddLocationDialog landingId={landing.id} landingName={name} open={adding} onOpenChange={setAdding} />
      <OneWayFeeDialog
        landingId={landing.id}
        location={pricing}
        currency={landing.currency}
        language={language}
        onClose={() => setPricing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={t("locationsPage.deleteTitle")}
        description={t("locationsPage.deleteDescription", {
          route: deleting
            ? t("locationsPage.route", { from: deleting.place_of_departure, to: deleting.arrival_place })
            : "",
          name,
        })}
        confirmLabel={t("locationsPage.deleteConfirm")}
        onConfirm={confirmDelete}
        destructive
        pending={remove.isPending}
      />
    </>
  );
}
