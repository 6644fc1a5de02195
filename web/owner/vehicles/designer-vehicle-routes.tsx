import { DEFAULT_CURRENCY } from "@domain/landings";
import { slugToTitle } from "@domain/slug";
import type { Vehicle } from "@domain/vehicles";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { CountBadge } from "@web/ui/count-badge";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ArrowRight, CarFront, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from "react-router";
import { type DraftLanding, readDraftLanding } from "../landings";
import { vehiclesQuery } from "./api";
import { DeleteVehicleDialog } from "./delete-vehicle-dialog";
import { NoLandingCountdown } from "./no-landing-countdown";
import { useFleetLanding } from "./use-fleet-landing";
import { VehicleEditor } from "./vehicle-editor";
import { VehiclesLoading } from "./vehicles-loading";
import { VehiclesTable } from "./vehicles-table";

const BASE = "/layout-designer/add-vehicles";
/** Navigation state of a return from a form: the table's title then takes the focus. */
const BACK_FROM_FORM = { returnFocus: true } as const;
/** The next step: where the vehicles are picked up and returned. */
const PLACES = "/layout-designer/places";

/** The landing's id in the path is not the owner's (or no longer exists): the same as having none. */
const isMissingLanding = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/** The landing's display name as the owner typed it; its slug, read as words, until it has loaded. */
function useDisplayName(landing: DraftLanding): string {
  return useFleetLanding(landing.id).data?.display_name ?? slugToTitle(landing.name);
}

function DesignerVehiclesTable({ landing }: { landing: DraftLanding }) {
  const { t } = useTranslation("fleet");
  const navigate = useNavigate();
  const fleetLanding = useFleetLanding(landing.id);
  const currency = fleetLanding.data?.currency ?? DEFAULT_CURRENCY;
  const name = useDisplayName(landing);
  const vehicles = useQuery(vehiclesQuery(landing.id));
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { state } = useLocation();
  const returning = (state as typeof BACK_FROM_FORM | null)?.returnFocus === true;

  useEffect(() => {
    if (returning) titleRef.current?.focus();
  }, [returning]);

  const count = vehicles.data?.length ?? 0;
  const addButton = (
    <ButtonLink to={`${BASE}/add-form`}>
      <Plus aria-hidden="true" className="size-4" />
      {t("vehicles.add")}
    </ButtonLink>
  );

  return (
    <section aria-labelledby="designer-vehicles-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex items-center gap-2.5">
            <h2
              id="designer-vehicles-title"
              ref={titleRef}
              tabIndex={-1}
              className="text-xl font-semibold tracking-tight text-gray-900 outline-none"
            >
              {t("vehicles.title")}
            </h2>
            {vehicles.data && <CountBadge count={count} label={t("vehicles.count", { count })} />}
          </div>
          <p className="mt-1 text-sm text-gray-600">{t("designer.description", { name })}</p>
        </div>
        {count > 0 && addButton}
      </div>

      <Card className="overflow-hidden">
        {vehicles.isPending ? (
          <VehiclesLoading />
        ) : vehicles.isError ? (
          <ErrorState
            title={t("tab.loadError")}
            description={t("tab.loadErrorBody")}
            onRetry={() => void vehicles.refetch()}
            retrying={vehicles.isFetching}
          />
        ) : count === 0 ? (
          <EmptyState
            icon={CarFront}
            headingLevel="h3"
            title={t("designer.emptyTitle")}
            description={t("designer.emptyBody")}
            action={addButton}
          />
        ) : (
          <VehiclesTable
            vehicles={vehicles.data}
            currency={currency}
            label={t("vehicles.tableLabel", { name })}
            onEdit={(vehicle) => void navigate(`${BASE}/update-form/${vehicle.id}`)}
            onDelete={setDeleting}
          />
        )}
      </Card>

      <div className="flex flex-col-reverse gap-3 border-t border-gray-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p id="designer-continue-hint" className="text-sm text-gray-600">
          {count > 0 ? t("designer.readyHint", { count }) : t("designer.continueHint")}
        </p>
        <Button
          onClick={() => void navigate(PLACES)}
          disabled={count === 0}
          aria-describedby="designer-continue-hint"
          className="sm:min-w-36"
        >
          {t("designer.continue")}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Button>
      </div>

      <DeleteVehicleDialog landingId={landing.id} vehicle={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function DesignerVehicleAdd({ landing }: { landing: DraftLanding }) {
  const { t } = useTranslation("fleet");
  const navigate = useNavigate();
  const name = useDisplayName(landing);
  return (
    <VehicleEditor
      landingId={landing.id}
      subtitle={t("designer.addDescription", { name })}
      onBack={() => void navigate(BASE, { state: BACK_FROM_FORM })}
    />
  );
}

function DesignerVehicleEdit({ landing }: { landing: DraftLanding }) {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={BASE} replace />;
  return (
    <VehicleEditor
      landingId={landing.id}
      vehicleId={id}
      onBack={() => void navigate(BASE, { state: BACK_FROM_FORM })}
    />
  );
}

/** The designer's vehicle routes for a landing the API still knows as this owner's. */
function DesignerLandingRoutes({ landing }: { landing: DraftLanding }) {
  // Every view reads the fleet (the table shows it, the forms add to it): one request tells whether
  // the landing in progress still exists and is this owner's.
  const vehicles = useQuery(vehiclesQuery(landing.id));
  if (vehicles.isError && isMissingLanding(vehicles.error)) return <NoLandingCountdown />;
  return (
    <Routes>
      <Route index element={<DesignerVehiclesTable landing={landing} />} />
      <Route path="add-form" element={<DesignerVehicleAdd landing={landing} />} />
      <Route path="update-form/:id" element={<DesignerVehicleEdit landing={landing} />} />
      <Route path="*" element={<Navigate to={BASE} replace />} />
    </Routes>
  );
}

/**
 * Mounted at /layout-designer/add-vehicles/*: the vehicles table, add-form and update-form/:id.
 * Without a landing in progress, a countdown sends the owner back to the designer's first step.
 */
export function DesignerVehicleRoutes() {
  const [landing] = useState(readDraftLanding);
  if (!landing) return <NoLandingCountdown />;
  return <DesignerLandingRoutes landing={landing} />;
}
