import type { Vehicle } from "@domain/vehicles";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { useAddressParams } from "@web/lib/use-address-params";
import { useChosenTab } from "@web/lib/use-chosen-tab";
import { Button } from "@web/ui/button";
import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import { Spinner } from "@web/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/ui/tabs";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { vehicleQuery, vehiclesKey } from "./api";
import { VehicleRulesTab } from "./rules/vehicle-rules-tab";
import { VehicleForm } from "./vehicle-form";

/**
 * Which part of an existing vehicle is open (`?section=rules`): its details, or its rates and
 * availability (issue 10). In the address, so a reload comes back to it and switching is a
 * navigation the leave guard can hold.
 */
export const VEHICLE_SECTION_PARAM = "section";
type Section = "details" | "rules";

type VehicleEditorProps = {
  landingId: number;
  /** The vehicle to edit; without it the editor adds a vehicle. */
  vehicleId?: number;
  /**
   * Back to the list, after saving or cancelling; given the click that asked when a button did
   * (the second click of a double click asks nothing).
   */
  onBack: (event?: { detail?: number }) => void;
  /** Shown under the title, e.g. the landing's name. */
  subtitle?: string;
};

/** The add or edit view: a way back, a title, and the vehicle form (or its loading and error states). */
export function VehicleEditor({ landingId, vehicleId, onBack, subtitle }: VehicleEditorProps) {
  const { t } = useTranslation("fleet");
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editing = vehicleId !== undefined;
  const [params, changeParams] = useAddressParams();
  const [section, showSection] = useChosenTab<Section>(
    params.get(VEHICLE_SECTION_PARAM) === "rules" ? "rules" : "details",
  );
  const chooseSection = (next: string) => {
    const chosen: Section = next === "rules" ? "rules" : "details";
    showSection(chosen);
    changeParams({ [VEHICLE_SECTION_PARAM]: chosen === "rules" ? "rules" : null }, { replace: true });
  };
  // A new vehicle created by a save whose last step failed: the same form now edits it.
  const [created, setCreated] = useState<Vehicle | null>(null);
  const vehicle = useQuery({
    ...vehicleQuery(landingId, vehicleId ?? 0),
    enabled: editing,
    // Opened from the table, the row already holds the vehicle: the form shows at once.
    initialData: () =>
      queryClient.getQueryData<Vehicle[]>(vehiclesKey(landingId))?.find((candidate) => candidate.id === vehicleId),
    initialDataUpdatedAt: () => queryClient.getQueryState(vehiclesKey(landingId))?.dataUpdatedAt,
  });

  // A new view: its title takes the focus, so keyboard and screen-reader users start from the top.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby="vehicle-editor-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <div>
          <Button variant="ghost" onClick={onBack} className="-ml-3 text-gray-600">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("form.back")}
          </Button>
        </div>
        <div>
          <h2
            id="vehicle-editor-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight text-gray-900 outline-none"
          >
            {editing || created ? t("form.editTitle") : t("form.addTitle")}
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            {created
              ? created.name
              : editing && vehicle.data
                ? vehicle.data.name
                : (subtitle ?? t("form.addDescription"))}
          </p>
        </div>
      </div>

      {!editing ? (
        <VehicleForm landingId={landingId} onSaved={() => onBack()} onCancel={onBack} onCreated={setCreated} />
      ) : vehicle.data ? (
        <Tabs value={section} onValueChange={chooseSection}>
          <TabsList aria-label={t("vehicleRules.sectionsLabel")}>
            <TabsTrigger value="details">{t("vehicleRules.detailsTab")}</TabsTrigger>
            <TabsTrigger value="rules">{t("vehicleRules.tab")}</TabsTrigger>
          </TabsList>
          <TabsContent value="details" className="pt-5">
            <VehicleForm
              key={vehicle.data.id}
              landingId={landingId}
              vehicle={vehicle.data}
              onSaved={() => onBack()}
              onCancel={onBack}
            />
          </TabsContent>
          <TabsContent value="rules" className="pt-5">
            <VehicleRulesTab landingId={landingId} vehicle={vehicle.data} />
          </TabsContent>
        </Tabs>
      ) : vehicle.isError ? (
        <Card>
          <ErrorState
            title={isNotFound(vehicle.error) ? t("form.notFound") : t("tab.loadError")}
            description={isNotFound(vehicle.error) ? t("form.notFoundBody") : t("tab.loadErrorBody")}
            onRetry={isNotFound(vehicle.error) ? undefined : () => void vehicle.refetch()}
            retrying={vehicle.isFetching}
          >
            <Button variant="secondary" onClick={onBack}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t("form.back")}
            </Button>
          </ErrorState>
        </Card>
      ) : (
        <Card>
          <p role="status" className="flex items-center justify-center gap-3 px-6 py-16 text-sm text-gray-600">
            <Spinner className="size-5 text-brand-600" />
            {t("form.loading")}
          </p>
        </Card>
      )}
    </section>
  );
}
