import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { ButtonLink } from "../../ui/button-link";
import { Card } from "../../ui/card";
import { ErrorState } from "../../ui/error-state";
import { LoadingScreen } from "../../ui/loading-screen";
import { useSession } from "../auth/session-store";
import { landingByNameQuery } from "./api";
import { PreviewScreen } from "./preview-screen";

/** /review-component/:name: the landing by name, drafts included, with its Publicar button. */
export function PreviewPage() {
  const { t } = useTranslation("landings");
  const { name = "" } = useParams();
  const userId = useSession()?.userId ?? 0;
  const landing = useQuery({ ...landingByNameQuery(userId, name), enabled: userId > 0 && name !== "" });

  if (landing.data) {
    return (
      <PreviewScreen
        landing={landing.data}
        backTo={`/view-landing/${landing.data.id}`}
        backLabel={t("preview.backToDetail")}
      />
    );
  }
  if (landing.isError) {
    const missing = landing.error instanceof ApiError && landing.error.status === 404;
    return (
      <Card>
        <ErrorState
          title={missing ? t("detail.notFound") : t("detail.loadError")}
          description={missing ? t("detail.notFoundBody") : t("errors.tryAgain")}
          onRetry={missing ? undefined : () => void landing.refetch()}
          retrying={landing.isFetching}
        >
          <ButtonLink to="/landings" variant={missing ? "primary" : "ghost"}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t("detail.backToList")}
          </ButtonLink>
        </ErrorState>
      </Card>
    );
  }
  return <LoadingScreen label={t("detail.loading")} />;
}
