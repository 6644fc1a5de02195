import { ArrowRight, PanelsTopLeft, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { ButtonLink } from "../../ui/button-link";
import { Card } from "../../ui/card";
import { EmptyState } from "../../ui/empty-state";
import { landingTitle } from "../landings/format";
import { clearDraftLanding, type DraftLanding } from "./draft-landing";
import { ADD_VEHICLES_PATH } from "./steps";

/** Back on step 1 with a landing already created: carry on with it, or start another. */
export function DraftInProgress({ draft, onStartNew }: { draft: DraftLanding; onStartNew: () => void }) {
  const { t } = useTranslation("landings");
  return (
    <Card>
      <EmptyState
        icon={PanelsTopLeft}
        title={t("designer.inProgressTitle", { name: landingTitle(draft.name) })}
        description={t("designer.inProgressBody")}
        action={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                clearDraftLanding();
                onStartNew();
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("designer.startNew")}
            </Button>
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
