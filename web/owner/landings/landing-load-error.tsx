import { Card } from "@web/ui/card";
import { ErrorState } from "@web/ui/error-state";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type LandingLoadErrorProps = {
  /** The landing is gone (404) or the address names none: say so and offer no retry. */
  missing: boolean;
  /** What the owner can do now that the landing is gone. */
  missingBody: string;
  /** Replaces the heading, for an address that names no landing at all. */
  title?: string;
  onRetry: () => void;
  retrying: boolean;
  /** The way out, under the message. */
  children: ReactNode;
};

/** What a landing's page shows when the landing could not be loaded: gone, or a failure to retry. */
export function LandingLoadError({ missing, missingBody, title, onRetry, retrying, children }: LandingLoadErrorProps) {
  const { t } = useTranslation("landings");
  return (
    <Card>
      <ErrorState
        title={title ?? (missing ? t("detail.notFound") : t("detail.loadError"))}
        description={missing ? missingBody : t("errors.tryAgain")}
        onRetry={missing ? undefined : onRetry}
        retrying={retrying}
      >
        {children}
      </ErrorState>
    </Card>
  );
}
