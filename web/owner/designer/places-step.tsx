import type { Landing } from "@domain/landings";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LandingLocations, locationsQuery } from "../locations";
import { LandingInProgressGate } from "./landing-in-progress-gate";
import { ADD_VEHICLES_PATH, REVIEW_PATH } from "./steps";

function PlacesOfLanding({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const navigate = useNavigate();
  const locations = useQuery(locationsQuery(landing.id));
  const count = locations.data?.length ?? 0;
  return (
    <section aria-labelledby="designer-places-title" className="flex flex-col gap-5">
      <div>
        <h2 id="designer-places-title" className="text-xl font-semibold tracking-tight text-gray-900">
          {t("designer.placesTitle")}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t("designer.placesBody", { name: landing.display_name })}</p>
      </div>
      <LandingLocations landing={landing} />
      <div className="flex flex-col-reverse gap-3 border-t border-gray-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <ButtonLink to={ADD_VEHICLES_PATH} variant="secondary">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("designer.backToVehicles")}
        </ButtonLink>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
          <p id="designer-places-hint" className="text-sm text-gray-600" aria-live="polite">
            {count > 0 ? t("designer.placesReady", { count }) : t("designer.placesNeeded")}
          </p>
          <Button
            onClick={() => void navigate(REVIEW_PATH)}
            disabled={count === 0}
            aria-describedby="designer-places-hint"
            className="sm:min-w-36"
          >
            {t("designer.continue")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
    </section>
  );
}

/**
 * The designer's third step, "Lugares" (issue 25.10): where customers pick up and return the
 * vehicles, added without leaving the designer, so that the last step can publish.
 */
export function PlacesStep() {
  const { t } = useTranslation("landings");
  return (
    <LandingInProgressGate backTo={ADD_VEHICLES_PATH} backLabel={t("designer.backToVehicles")}>
      {(landing) => <PlacesOfLanding landing={landing} />}
    </LandingInProgressGate>
  );
}
