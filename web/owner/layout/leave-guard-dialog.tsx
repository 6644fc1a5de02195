import { abandonUnsavedChanges, navigationLosesChanges } from "@web/lib/use-leave-guard";
import { aDialogClosesOnBack, closeNewestDialog } from "@web/ui/back-closes";
import { Button } from "@web/ui/button";
import { Dialog } from "@web/ui/dialog";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { getSession } from "../auth";

type LeaveConfirmDialogProps = {
  open: boolean;
  /** Stay on the page with the changes. */
  onStay: () => void;
  /** Leave, losing the changes. */
  onLeave: () => void;
};

/** "Leave without saving?", in the dashboard's language; staying is the safe, default answer. */
export function LeaveConfirmDialog({ open, onStay, onLeave }: LeaveConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
      title={t("leaveGuard.title")}
      description={t("leaveGuard.body")}
      footer={
        <>
          <Button variant="secondary" onClick={onStay}>
            {t("leaveGuard.stay")}
          </Button>
          <Button variant="danger" onClick={onLeave}>
            {t("leaveGuard.leave")}
          </Button>
        </>
      }
    />
  );
}

/**
 * The one router blocker of the dashboard (React Router allows one). It holds two navigations:
 * - the browser's Back while a dialog is open, which closes the dialog instead (`ui/back-closes.ts`);
 * - one that would drop a form's unsaved changes (forms declare them with useLeaveGuard,
 *   web/lib/use-leave-guard.ts), and asks first. Once the session has ended nothing is held: the
 *   owner must sign in again, and the drafts keep what they typed.
 */
export function LeaveGuardDialog() {
  // Why the navigation held now was held: set as the router asks, read once it has held it.
  const closesDialog = useRef(false);
  const heldOn = useRef("");
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    closesDialog.current = historyAction === "POP" && aDialogClosesOnBack();
    heldOn.current = currentLocation.pathname + currentLocation.search;
    return closesDialog.current || (getSession() !== null && navigationLosesChanges(currentLocation, nextLocation));
  });
  const heldForDialog = blocker.state === "blocked" && closesDialog.current;
  useEffect(() => {
    if (!heldForDialog) return;
    blocker.reset?.();
    // The router undoes the Back (history.go), which lands a moment later; the dialog closes once
    // the address is this page's again, so what its closing writes there (a booking's detail leaves
    // /reservation?open=42) is written on this page's entry, not on the one Back was leaving for.
    if (window.location.pathname + window.location.search === heldOn.current) {
      closeNewestDialog();
      return;
    }
    const close = () => {
      window.removeEventListener("popstate", close);
      clearTimeout(late);
      closeNewestDialog();
    };
    window.addEventListener("popstate", close);
    const late = setTimeout(close, 1_000);
  }, [heldForDialog, blocker]);
  return (
    <LeaveConfirmDialog
      open={blocker.state === "blocked" && !heldForDialog}
      onStay={() => blocker.reset?.()}
      onLeave={() => {
        abandonUnsavedChanges();
        blocker.proceed?.();
      }}
    />
  );
}
