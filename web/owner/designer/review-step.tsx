import { useTranslation } from "react-i18next";
import { ChargesSummary, PreviewScreen } from "../landings";
import { LandingInProgressGate } from "./landing-in-progress-gate";
import { ADD_VEHICLES_PATH, PLACES_PATH } from "./steps";

/** The last step, "Previsualizar": the landing in progress as visitors will see it, what it charges besides, and Publicar. */
export function ReviewStep() {
  const { t } = useTranslation("landings");
  return (
    <LandingInProgressGate backTo={PLACES_PATH} backLabel={t("designer.backToPlaces")}>
      {(landing) => (
        <PreviewScreen
          landing={landing}
          backTo={PLACES_PATH}
          backLabel={t("designer.backToPlaces")}
          vehiclesPath={ADD_VEHICLES_PATH}
          locationsPath={PLACES_PATH}
          titleAs="h2"
          beforePublishing={<ChargesSummary landing={landing} />}
        />
      )}
    </LandingInProgressGate>
  );
}
