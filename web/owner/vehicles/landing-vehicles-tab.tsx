import type { Vehicle } from "@domain/vehicles";
import { carTypeLabel, transmissionLabel } from "@domain/vehicles";
import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { echoedSearch } from "@web/lib/format";
import { useAddressParams } from "@web/lib/use-address-params";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { CountBadge } from "@web/ui/count-badge";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ListSearch, matchesSearch } from "@web/ui/list-search";
import { CarFront, Plus, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { vehiclesQuery } from "./api";
import { DeleteVehicleDialog } from "./delete-vehicle-dialog";
import { useLandingCurrency } from "./use-fleet-landing";
import { VEHICLE_SECTION_PARAM, VehicleEditor } from "./vehicle-editor";
import { VehiclesLoading } from "./vehicles-loading";
import { VehiclesTable } from "./vehicles-table";

/** SPEC §4: table, create and edit; the empty state is the table with nothing in it. */
type View = { name: "table" } | { name: "create" } | { name: "edit"; vehicleId: number };

/**
 * The open form lives in the address (`?tab=vehicles&vehicle=new` or `&vehicle=12`): a reload
 * comes back to it (with its draft), and leaving it is a navigation the leave guard can hold.
 * Switching to another tab of the landing closes it (landing-detail-page.tsx drops the parameter).
 */
export const VEHICLE_VIEW_PARAM = "vehicle";

/** The history state of a form opened from the table, which closing it goes back to. */
const OPENED_FROM_TABLE = "vehicleFormFromTable";

function viewFrom(value: string | null): View {
  if (value === "new") return { name: "create" };
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? { name: "edit", vehicleId: id } : { name: "table" };
}

function matches(vehicle: Vehicle, query: string, language: "es" | "en") {
  return matchesSearch(
    query,
    vehicle.name,
    vehicle.brand,
    carTypeLabel(vehicle.type_of_car, language),
    transmissionLabel(vehicle.transmision, language),
  );
}

/** The landing detail's Vehículos tab: table with count and search, create form, edit form, empty state. */
export function LandingVehiclesTab({ landingId }: { landingId: number }) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const currency = useLandingCurrency(landingId);
  const vehicles = useQuery(vehiclesQuery(landingId));
  const [params, changeParams] = useAddressParams();
  const view = viewFrom(params.get(VEHICLE_VIEW_PARAM));
  const location = useLocation();
  const navigate = useNavigate();
  const setView = (next: View) =>
    changeParams(
      {
        [VEHICLE_VIEW_PARAM]: next.name === "table" ? null : next.name === "create" ? "new" : String(next.vehicleId),
        // Another vehicle (or the table) opens on its details, not on the last one's rates.
        [VEHICLE_SECTION_PARAM]: null,
      },
      // A form opened from the table is a step of its own, so the browser's back button closes it
      // rather than leave the landing; the table replaces a form opened from its own address.
      next.name === "table" ? { replace: true } : { state: { [OPENED_FROM_TABLE]: true } },
    );
  const [query, setQuery] = useState("");
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);

  // The view last drawn: back on the table from a form, however it was closed (its button, a
  // save, the browser's back button), the table's title takes the focus.
  const shownView = useRef(view.name);

  const backToTable = (event?: { detail?: number }) => {
    // The second click of a double click: the first is already going back (twice went past the
    // landing, to the landings list). A click after the leave guard held the first is a new one.
    if ((event?.detail ?? 0) > 1) return;
    // Back to the table's own step of the history, as the browser's back button would go.
    if ((location.state as Record<string, unknown> | null)?.[OPENED_FROM_TABLE]) void navigate(-1);
    else setView({ name: "table" });
  };

  // Back from a form, the table's title takes the focus once it is on screen again.
  // With no vehicle left, the empty state's button takes it instead.
  useEffect(() => {
    if (view.name !== "table") {
      shownView.current = view.name;
      return;
    }
    const target = titleRef.current ?? acceptRef.current;
    // Still loading: tried again once the table is drawn.
    if (shownView.current === "table" || !target) return;
    shownView.current = "table";
    target.focus();
  });

  const dialog = <DeleteVehicleDialog landingId={landingId} vehicle={deleting} onClose={() => setDeleting(null)} />;

  if (view.name !== "table") {
    return (
      <VehicleEditor
        landingId={landingId}
        vehicleId={view.name === "edit" ? view.vehicleId : undefined}
        onBack={backToTable}
      />
    );
  }

  if (vehicles.isPending) {
    return (
      <Card className="overflow-hidden">
        <VehiclesLoading />
      </Card>
    );
  }
  if (vehicles.isError) {
    return (
      <Card>
        <ErrorState
          title={t("tab.loadError")}
          description={t("tab.loadErrorBody")}
          onRetry={() => void vehicles.refetch()}
          retrying={vehicles.isFetching}
        />
      </Card>
    );
  }
  if (vehicles.data.length === 0) {
    return (
      <>
        <Card>
          <EmptyState
            icon={CarFront}
            title={t("tab.empty")}
            description={t("tab.emptyBody")}
            action={
              <Button ref={acceptRef} onClick={() => setView({ name: "create" })}>
                <Plus aria-hidden="true" className="size-4" />
                {t("tab.accept")}
              </Button>
            }
          />
        </Card>
        {dialog}
      </>
    );
  }

  const count = vehicles.data.length;
  const shown = vehicles.data.filter((vehicle) => matches(vehicle, query, language));
  return (
    <section aria-labelledby="landing-vehicles-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2.5">
          <h2
            id="landing-vehicles-title"
            ref={titleRef}
            tabIndex={-1}
            className="text-lg font-semibold text-gray-900 outline-none"
          >
            {t("vehicles.title")}
          </h2>
          <CountBadge count={count} label={t("vehicles.count", { count })} />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <ListSearch
            value={query}
            onChange={setQuery}
            label={t("vehicles.search")}
            clearLabel={t("vehicles.clearSearch")}
          />
          <Button onClick={() => setView({ name: "create" })}>
            <Plus aria-hidden="true" className="size-4" />
            {t("vehicles.add")}
          </Button>
        </div>
      </div>
      <Card className="overflow-hidden">
        {shown.length === 0 ? (
          <EmptyState
            icon={SearchX}
            headingLevel="h3"
            title={t("vehicles.noResults")}
            description={t("vehicles.noResultsBody", { query: echoedSearch(query) })}
            action={
              <Button variant="secondary" onClick={() => setQuery("")}>
                {t("vehicles.clearSearch")}
              </Button>
            }
          />
        ) : (
          <VehiclesTable
            vehicles={shown}
            currency={currency}
            label={t("vehicles.tableLabelShort")}
            onEdit={(vehicle) => setView({ name: "edit", vehicleId: vehicle.id })}
            onDelete={setDeleting}
          />
        )}
      </Card>
      <p aria-live="polite" className="sr-only">
        {query.trim() ? t("vehicles.results", { count: shown.length }) : ""}
      </p>
      {dialog}
    </section>
  );
}
