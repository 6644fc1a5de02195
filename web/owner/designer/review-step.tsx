import { ArrowLeft, Palette } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../ui/button-link";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { LoadingScreen } from "../../ui/loading-screen";
import { LandingLoadError } from "../landings/landing-load-error";
import { PreviewScreen } from "../landings/preview-screen";
import { ADD_VEHICLES_PATH, DESIGNER_ROOT } from "./steps";
import { useLandingInProgress } from "./use-landing-in-progress";

/** Step 3, "Previsualizar": the landing in progress as visitors will see it, with Publicar. */
export function ReviewStep() {
  const { t } = useTranslation("landings");
  const progress = useLandingInProgress();

  if (progress.state === "none") {
    return (
      <Card>
        <EmptyState
          icon={Palette}
          title={t("designer.noDraftTitle")}
          description={t("designer.noDraftBody")}
          action={<ButtonLink to={DESIGNER_ROOT}>{t("designer.startNew")}</ButtonLink>}
        />
      </Card>
    );
  }
  if (progress.state === "ready") {
    return (
      <PreviewScreen
        landing={progress.landing}
        backTo={ADD_VEHICLES_PATH}
        backLabel={t("designer.backToVehicles")}
        vehiclesPath={ADD_VEHICLES_PATH}
        titleAs="h2"
      />
    );
  }
  if (progress.state === "gone" || progress.state === "error") {
    const missing = progress.state === "gone";
    return (
      <LandingLoadError
        missing={missing}
        missingBody={t("designer.draftGone")}
        onRetry={progress.state === "error" ? progress.retry : () => {}}
        retrying={progress.state === "error" && progress.retrying}
      >
        <ButtonLink to={missing ? DESIGNER_ROOT : ADD_VEHICLES_PATH} variant="ghost">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {missing ? t("designer.startNew") : t("designer.backToVehicles")}
        </ButtonLink>
      </LandingLoadError>
    );
  }
  return <LoadingScreen label={t("detail.loading")} />;
}
