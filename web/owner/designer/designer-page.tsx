import { abandonUnsavedChanges } from "@web/lib/use-leave-guard";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { LoadingScreen } from "@web/ui/loading-screen";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { clearDraftLanding, saveDraftLanding, useLandingPageTitle } from "../landings";
import { DesignerStepper } from "./designer-stepper";
import { stepIndexFor } from "./steps";
import { type LandingInProgress, useLandingInProgress } from "./use-landing-in-progress";
import { useServerDrafts } from "./use-server-draft";

/**
 * Which of the steps (`DESIGNER_STEPS`) are done: the landing made, a vehicle, a place; the review
 * is done once published, when the landing is no longer in progress. None without a landing in
 * progress (none started, or it was published, trashed or deleted since).
 */
function stepsDone(progress: LandingInProgress): boolean[] {
  const started = progress.state !== "none" && progress.state !== "gone";
  const landing = progress.state === "ready" ? progress.landing : null;
  return [started, (landing?.vehicles_count ?? 0) > 0, (landing?.locations_count ?? 0) > 0, false];
}

/**
 * /layout-designer: the frame of the four steps (SPEC §2, and the places of issue 25.10). The cancel-process button forgets
 * the landing in progress and anything typed in the open step, and goes back to the list; a
 * landing already created stays a draft there.
 */
export function DesignerPage() {
  const { t } = useTranslation("landings");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [confirming, setConfirming] = useState(false);
  const progress = useLandingInProgress();
  // Named only once the server confirmed it still exists: never a trashed landing.
  const draftName = progress.state === "ready" ? progress.landing.display_name : null;
  useLandingPageTitle(draftName ?? undefined, "titles.designer");
  const current = stepIndexFor(pathname);
  const resuming = useResumeFromServer(pathname, current > 0 && progress.state === "none");

  // The owner already confirmed leaving: the leave guard must not ask again, and the wizard's
  // unsaved text (its draft) goes with the process.
  const cancel = () => {
    abandonUnsavedChanges();
    clearDraftLanding();
    setConfirming(false);
    navigate("/landings");
  };

  return (
    <>
      <header className="mb-6 flex flex-col gap-4 lg:mb-8">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold cramped:text-lg tracking-tight text-gray-900 sm:text-[1.75rem]">
            {t("designer.title")}
          </h1>
          <p className="mt-1.5 max-w-2xl text-sm leading-6 text-gray-600 sm:text-base">
            {draftName ? t("designer.descriptionDraft", { name: draftName }) : t("designer.description")}
          </p>
        </div>
        {/* Cancel sits beside the steps, not beside the title: a phone's toasts show over the page's first lines.
            With large text it goes under them rather than past the screen's edge (a walk's finding). */}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <DesignerStepper current={current} reachable={draftName !== null} done={stepsDone(progress)} />
          <Button variant="secondary" onClick={() => setConfirming(true)} className="shrink-0 max-sm:px-3">
            <X aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">{t("designer.cancel")}</span>
          </Button>
        </div>
      </header>
      {/* The later steps read the pointer when they open: they wait until it is found (or known to be none). */}
      {resuming ? <LoadingScreen label={t("detail.loading")} /> : <Outlet />}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("designer.cancelTitle")}
        description={draftName ? t("designer.cancelBodyDraft", { name: draftName }) : t("designer.cancelBody")}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("designer.keepGoing")}
            </Button>
            <Button variant="danger" onClick={cancel}>
              {t("designer.cancelConfirm")}
            </Button>
          </>
        }
      />
    </>
  );
}

/**
 * A later step opened with no landing in progress in this browser (a new device, a cleared
 * browser): the owner's most recently changed draft is the one they were creating, so it is
 * picked up again; only with no draft at all do the steps say that none was started (SPEC §2's
 * countdown). Decided when the step is opened, not later: a landing published or trashed from
 * that step ends the flow rather than jumping to another draft. True while asking the server.
 */
function useResumeFromServer(pathname: string, noneOnLaterStep: boolean): boolean {
  const [opened, setOpened] = useState({ pathname, lookup: noneOnLaterStep });
  if (opened.pathname !== pathname) setOpened({ pathname, lookup: noneOnLaterStep });
  const lookup = opened.pathname === pathname ? opened.lookup : noneOnLaterStep;
  const server = useServerDrafts(lookup);
  const found = server.pending ? undefined : (server.drafts[0] ?? null);
  useEffect(() => {
    if (!lookup || found === undefined) return;
    if (found) saveDraftLanding({ id: found.id, name: found.name });
    setOpened((current) => ({ ...current, lookup: false }));
  }, [lookup, found]);
  return lookup;
}
