import { LOGOUT_DELAY_MS } from "@domain/limits";
import { useQueryClient } from "@tanstack/react-query";
import { delay } from "@web/lib/delay";
import { notify } from "@web/lib/notify";
import { hasUnsavedChanges, SKIP_LEAVE_GUARD } from "@web/lib/use-leave-guard";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { clearSession, LOGIN_PATH, logout } from "../auth";
import { forgetSignedOutOwner } from "./forget-owner";

/**
 * Signing out shows the "Saliendo..." overlay for one second (SPEC §2) while the server ends the
 * session. The local session is cleared first, whatever the server answers: the owner asked to
 * leave, and the other tabs follow at that moment (use-follow-sign-out.ts). With a form's changes
 * unsaved, the owner is asked first (`confirmingLeave`).
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const started = useRef(false);

  const leave = useCallback(async () => {
    if (started.current) return;
    started.current = true;
    setConfirmingLeave(false);
    setLeaving(true);
    // Messages about the session being left behind would float over the overlay.
    notify.dismiss();
    clearSession();
    await Promise.all([delay(LOGOUT_DELAY_MS), logout().catch(() => undefined)]);
    forgetSignedOutOwner(queryClient);
    navigate(LOGIN_PATH, { replace: true, state: { [SKIP_LEAVE_GUARD]: true } });
  }, [navigate, queryClient]);

  const signOut = useCallback(() => {
    if (hasUnsavedChanges()) setConfirmingLeave(true);
    else void leave();
  }, [leave]);

  return {
    leaving,
    signOut,
    confirmingLeave,
    confirmLeave: () => void leave(),
    cancelLeave: () => setConfirmingLeave(false),
  };
}
