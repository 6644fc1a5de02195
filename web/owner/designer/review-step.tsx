import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Palette } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isNotFound } from "../../lib/api";
import { ButtonLink } from "../../ui/button-link";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { LoadingScreen } from "../../ui/loading-screen";
import { useSession } from "../auth/session-store";
import { landingQuery } from "../landings/api";
import { LandingLoadError } from "../landings/landing-load-error";
import { PreviewScreen } from "../landings/preview-screen";
import { readDraftLanding } from "./draft-landing";
import { ADD_VEHICLES_PATH, DESIGNER_ROOT } from "./steps";

/** Step 3, "Previsualizar": the landing in progress as visitors will see it, with Publicar. */
export function ReviewStep() {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const draft = readDraftLanding();
  const landing = useQuery({ ...landingQuery(userId, draft?.id ?? 0), enabled: userId > 0 && draft !== null });

  if (!draft) {
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
  if (landing.data) {
    return (
      <PreviewScreen
        landing={landing.data}
        backTo={ADD_VEHICLES_PATH}
        backLabel={t("designer.backToVehicles")}
        titleAs="h2"
      />
    );
  }
  if (landing.isError) {
    const missing = isNotFound(landing.error);
    return (
      <LandingLoadError
        missing={missing}
        missingBody={t("designer.draftGone")}
        onRetry={() => void landing.refetch()}
        retrying={landing.isFetching}
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
