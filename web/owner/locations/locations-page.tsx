import { useQuery } from "@tanstack/react-query";
import { LayoutTemplate, MapPin, Plus, SearchX } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Landing } from "../../../domain/landings";
import { currentLanguage } from "../../i18n/setup";
import { notify } from "../../lib/notify";
import { Button } from "../../ui/button";
import { ButtonLink } from "../../ui/button-link";
import { Card } from "../../ui/card";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { CountPageHeader } from "../../ui/count-page-header";
import { EmptyState } from "../../ui/empty-state";
import { ErrorState } from "../../ui/error-state";
import { ListSearch, matchesSearch } from "../../ui/list-search";
import { NativeSelect } from "../../ui/native-select";
import { Spinner } from "../../ui/spinner";
import { useSession } from "../auth/session-store";
import { landingsQuery } from "../landings/api";
import { AddLocationDialog } from "./add-location-dialog";
import { type Location, locationsQuery, useDeleteLocation } from "./api";
import { LocationRow } from "./location-row";
import { OneWayFeeDialog } from "./one-way-fee-dialog";
import { PlacesSection } from "./places-section";

/** A landing is named by its display name, exactly as the owner typed it ("Autos Año Nuevo SRL"). */
const landingDisplayName = (landing: Pick<Landing, "display_name">) => landing.display_name;

/** Rows the shape of the pairs list, while it loads. */
function RowsLoading({ label }: { label: string }) {
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

function LandingLocations({ landing }: { landing: Landing }) {
  const { t } = useTranslation("fleet");
  const locations = useQuery(locationsQuery(landing.id));
  const [query, setQuery] = useState("");
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Location | null>(null);
  const [pricing, setPricing] = useState<Location | null>(null);
  const remove = useDeleteLocation(landing.id);
  const language = currentLanguage();
  const name = landingDisplayName(landing);

  const confirmDelete = () => {
    if (!deleting) return;
    const action = `location-delete:${deleting.id}`;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(action, t("locationsPage.deleted"));
        setDeleting(null);
      },
      onError: () => notify.error(action, t("locationsPage.deleteError")),
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
                description={t("locationsPage.noResultsBody", { query: query.trim() })}
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

/**
 * /location-reservaction: pick a landing, see and edit its pickup/return locations (SPEC §2), each
 * pair's one-way fee and each place's opening hours (issue 10).
 */
export function LocationsPage() {
  const { t } = useTranslation("fleet");
  const session = useSession();
  const userId = session?.userId ?? 0;
  const landings = useQuery({ ...landingsQuery(userId), enabled: userId > 0 });
  const [searchParams, setSearchParams] = useSearchParams();
  const pickerId = useId();

  const list = landings.data ?? [];
  const requested = Number(searchParams.get("landing"));
  const selected = list.find((landing) => landing.id === requested) ?? list[0];
  const locations = useQuery({ ...locationsQuery(selected?.id ?? 0), enabled: selected !== undefined });

  // The choice lives in the URL (?landing=ID), so a reload or a shared link keeps it.
  useEffect(() => {
    if (selected && selected.id !== requested) {
      setSearchParams(
        (params) => {
          params.set("landing", String(selected.id));
          return params;
        },
        { replace: true },
      );
    }
  }, [selected, requested, setSearchParams]);

  return (
    <>
      <CountPageHeader
        title={t("locationsPage.title")}
        count={selected ? locations.data?.length : undefined}
        countLabel={t("locationsPage.count", { count: locations.data?.length ?? 0 })}
        description={t("locationsPage.description")}
      />
      {landings.isPending ? (
        <Card>
          <RowsLoading label={t("locationsPage.loadingLandings")} />
        </Card>
      ) : landings.isError ? (
        <Card>
          <ErrorState
            title={t("locationsPage.landingsError")}
            description={t("locationsPage.loadErrorBody")}
            onRetry={() => void landings.refetch()}
            retrying={landings.isFetching}
          />
        </Card>
      ) : !selected ? (
        <Card>
          <EmptyState
            icon={LayoutTemplate}
            title={t("locationsPage.noLandingsTitle")}
            description={t("locationsPage.noLandingsBody")}
            action={
              <ButtonLink to="/layout-designer">
                <Plus aria-hidden="true" className="size-4" />
                {t("locationsPage.createLanding")}
              </ButtonLink>
            }
          />
        </Card>
      ) : (
        <div className="flex flex-col gap-5">
          <Card className="p-4 sm:p-5">
            <div className="flex flex-col gap-1.5 sm:max-w-sm">
              <label htmlFor={pickerId} className="text-sm font-medium text-gray-800">
                {t("locationsPage.picker")}
              </label>
              <NativeSelect
                id={pickerId}
                value={String(selected.id)}
                onChange={(event) =>
                  setSearchParams(
                    (params) => {
                      params.set("landing", event.target.value);
                      return params;
                    },
                    { replace: false },
                  )
                }
                options={list.map((landing) => ({ value: String(landing.id), label: landingDisplayName(landing) }))}
              />
            </div>
          </Card>
          <LandingLocations key={selected.id} landing={selected} />
        </div>
      )}
    </>
  );
}
