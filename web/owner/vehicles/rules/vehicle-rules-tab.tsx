import { DEFAULT_CURRENCY } from "@domain/landings";
import { otherLanguage } from "@domain/translations";
import type { Vehicle } from "@domain/vehicles";
import { useFleetLanding } from "../use-fleet-landing";
import { BlocksPanel } from "./blocks-panel";
import { VehicleRulesForm } from "./vehicle-rules-form";

/**
 * An existing vehicle's "Tarifas y disponibilidad" (issue 10): its seasons, deposit and overrides
 * of the landing's rules in one form, and its blocked periods, each added or deleted on its own.
 */
export function VehicleRulesTab({ landingId, vehicle }: { landingId: number; vehicle: Vehicle }) {
  const landing = useFleetLanding(landingId).data;
  const other = otherLanguage(landing?.default_language ?? "es");
  return (
    <div className="flex flex-col gap-5">
      <VehicleRulesForm
        // Drawn again if the landing, arriving after the form, has English as its own language: the
        // seasons' other names are then the Spanish ones (what is typed meanwhile is in its draft).
        key={`${vehicle.id}-${other}`}
        landingId={landingId}
        vehicle={vehicle}
        currency={landing?.currency ?? DEFAULT_CURRENCY}
        otherLanguage={other}
        landingRules={landing?.rules}
      />
      <BlocksPanel landingId={landingId} vehicle={vehicle} />
    </div>
  );
}
