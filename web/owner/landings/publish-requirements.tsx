import { ButtonLink } from "@web/ui/button-link";
import { CarFront, Info, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PublishNeed, PublishRefusal } from "./use-publish";

export const LOCATIONS_PATH = "/location-reservaction";

type PublishRequirementsProps = {
  id: string;
  landingId: number;
  /** What the landing's counts say is missing. */
  missing: PublishNeed[];
  /** The server's refusal of the last click, if any (its counts were newer than the screen's). */
  refusal: PublishRefusal | null;
  /** Where this screen adds vehicles (the designer's step or the detail's tab). */
  vehiclesPath: string;
  /** Where it adds places: the designer's step, or Localizaciones with this landing chosen. */
  locationsPath?: string;
};

/**
 * Why Publicar cannot be used yet, said before the click (PRODUCT §3: at least one vehicle and one
 * location), with the way to add each missing thing. After a refusal, the server's own words.
 */
export function PublishRequirements({
  id,
  landingId,
  missing,
  refusal,
  vehiclesPath,
  locationsPath,
}: PublishRequirementsProps) {
  const { t } = useTranslation("landings");
  const needs = refusal ? refusal.needs : missing;
  if (!refusal && missing.length === 0) return null;
  const key = needs.length === 2 ? "both" : (needs[0] ?? "both");
  return (
    <div
      id={id}
      role={refusal ? "alert" : "status"}
      data-testid="publish-requirements"
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:p-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <div className="min-w-0">
          <p className="font-semibold">{refusal ? t("publish.refusedTitle") : t("publish.needsTitle")}</p>
          {refusal ? (
            <ul className="mt-0.5">
              {refusal.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-0.5">{t(`publish.needs.${key}`)}</p>
          )}
        </div>
      </div>
      {needs.length > 0 && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          {needs.includes("vehicles") && (
            <ButtonLink to={vehiclesPath} variant="secondary">
              <CarFront aria-hidden="true" className="size-4" />
              {t("publish.addVehicle")}
            </ButtonLink>
          )}
          {needs.includes("locations") && (
            <ButtonLink to={locationsPath ?? `${LOCATIONS_PATH}?landing=${landingId}`} variant="secondary">
              <MapPin aria-hidden="true" className="size-4" />
              {t("publish.addLocation")}
            </ButtonLink>
          )}
        </div>
      )}
    </div>
  );
}
