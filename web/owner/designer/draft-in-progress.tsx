import type { Landing } from "@domain/landings";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { ArrowRight, PanelsTopLeft, Plus } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { clearDraftLanding } from "../landings";
import { ADD_VEHICLES_PATH } from "./steps";
import { useServerDrafts } from "./use-server-draft";

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

/**
 * Step 1 with no landing in progress in this browser, while the owner has drafts on the server
 * (started on another device, or before this browser forgot it): the latest is offered above the
 * form, which stays for creating another. Its vehicles step picks up that same draft.
 */
export function ServerDraftNote() {
  const { t } = useTranslation("landings");
  const titleId = useId();
  const server = useServerDrafts(true);
  const [latest, ...others] = server.pending ? [] : server.drafts;
  if (!latest) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="server-draft-note"
      className="mb-6 flex flex-col gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <PanelsTopLeft aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <div className="flex min-w-0 flex-col gap-1 [overflow-wrap:anywhere]">
          <h2 id={titleId} className="font-semibold">
            {t("designer.foundTitle", { name: latest.display_name })}
          </h2>
          <p>
            {t("designer.foundBody")}
            {others.length > 0 && ` ${t("designer.foundOthers", { count: others.length })}`}
          </p>
        </div>
      </div>
      <ButtonLink to={ADD_VEHICLES_PATH} className="shrink-0 self-start max-sm:ml-6.5 sm:self-center">
        {t("designer.resume")}
        <ArrowRight aria-hidden="true" className="size-4" />
      </ButtonLink>
    </section>
  );
}
