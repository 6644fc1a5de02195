import type { Landing } from "@domain/landings";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { EmptyState } from "@web/ui/empty-state";
import { LoadingScreen } from "@web/ui/loading-screen";
import { ArrowLeft, Palette } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LandingLoadError } from "../landings";
import { DESIGNER_ROOT } from "./steps";
import { useLandingInProgress } from "./use-landing-in-progress";

type GateProps = {
  /** The step before, offered when the landing could not be checked. */
  backTo: string;
  backLabel: string;
  children: (landing: Landing) => ReactNode;
};

/**
 * A designer step after the first: shown for the landing in progress once the server has said it
 * is still there; otherwise why not (none started, gone, finished, or no connection) and the way on.
 */
export function LandingInProgressGate({ backTo, backLabel, children }: GateProps) {
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
  if (progress.state === "ready") return children(progress.landing);
  if (progress.state === "gone" || progress.state === "error") {
    const missing = progress.state === "gone";
    return (
      <LandingLoadError
        missing={missing}
        missingBody={t("designer.draftGone")}
        onRetry={progress.state === "error" ? progress.retry : () => {}}
        retrying={progress.state === "error" && progress.retrying}
      >
        <ButtonLink to={missing ? DESIGNER_ROOT : backTo} variant="ghost">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {missing ? t("designer.startNew") : backLabel}
        </ButtonLink>
      </LandingLoadError>
    );
  }
  return <LoadingScreen label={t("detail.loading")} />;
}
