import { useQuery } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { ButtonLink } from "@web/ui/button-link";
import { LoadingScreen } from "@web/ui/loading-screen";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useSession } from "../auth";
import { landingByNameQuery } from "./api";
import { useLandingPageTitle } from "./format";
import { LandingLoadError } from "./landing-load-error";
import { PreviewScreen } from "./preview-screen";

/** /review-component/:name: the landing by name, drafts included, with its Publicar button. */
export function PreviewPage() {
  const { t } = useTranslation("landings");
  const { name = "" } = useParams();
  const userId = useSession()?.userId ?? 0;
  // Always read again on arrival: the vehicle and location counts decide whether Publicar can be used.
  const landing = useQuery({
    ...landingByNameQuery(userId, name),
    enabled: userId > 0 && name !== "",
    refetchOnMount: "always",
  });
  useLandingPageTitle(landing.data?.display_name, "titles.preview");

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
    const missing = isNotFound(landing.error);
    return (
      <LandingLoadError
        missing={missing}
        missingBody={t("detail.notFoundBody")}
        onRetry={() => void landing.refetch()}
        retrying={landing.isFetching}
      >
        <ButtonLink to="/landings" variant={missing ? "primary" : "ghost"}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("detail.backToList")}
        </ButtonLink>
      </LandingLoadError>
    );
  }
  return <LoadingScreen label={t("detail.loading")} />;
}
