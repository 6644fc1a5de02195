import type { Landing } from "@domain/landings";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ArrowRight, PanelsTopLeft, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { clearDraftLanding } from "../landings";
import { ADD_VEHICLES_PATH } from "./steps";

function StartNewButton() {
  const { t } = useTranslation("landings");
  return (
    // Forgetting the pointer shows the empty form (the landing itself stays a draft in Landings).
    <Button variant="secondary" onClick={clearDraftLanding}>
      <Plus aria-hidden="true" className="size-4" />
      {t("designer.startNew")}
    </Button>
  );
}

/** Back on step 1 with a landing already created (and still there): carry on with it, or start another. */
export function DraftInProgress({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  return (
    <Card>
      <EmptyState
        icon={PanelsTopLeft}
        title={t("designer.inProgressTitle", { name: landing.display_name })}
        description={t("designer.inProgressBody")}
        action={
          <>
            <StartNewButton />
            <ButtonLink to={ADD_VEHICLES_PATH}>
              {t("designer.resume")}
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          </>
        }
      />
    </Card>
  );
}

/** The landing in progress could not be checked (network): try again, or start another. */
export function DraftInProgressError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation("landings");
  return (
    <Card>
      <ErrorState
        title={t("detail.loadError")}
        description={t("errors.tryAgain")}
        onRetry={onRetry}
        retrying={retrying}
      >
        <StartNewButton />
      </ErrorState>
    </Card>
  );
}
