import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { LOGOUT_DELAY_MS } from "../../../domain/limits";
import { delay } from "../../lib/delay";
import { notify } from "../../lib/notify";
import { clearDrafts } from "../../lib/use-form-draft";
import { abandonUnsavedChanges, hasUnsavedChanges, SKIP_LEAVE_GUARD } from "../../lib/use-leave-guard";
import { logout } from "../auth/api";
import { LOGIN_PATH } from "../auth/guards";
import { forgetReturnPath } from "../auth/return-path";
import { clearSession } from "../auth/session-store";
import { clearDraftLanding } from "../designer/draft-landing";

/**
 * Signing out shows the "Saliendo..." overlay for one second (SPEC §2) while the server ends the
 * session. The local session is cleared whatever the server answers: the owner asked to leave.
 * With a form's changes unsaved, the owner is asked first (`confirmingLeave`).
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
    await Promise.all([delay(LOGOUT_DELAY_MS), logout().catch(() => undefined)]);
    clearSession();
    // The next person to sign in on this browser must not inherit a landing half-built by this
    // one, the text of their unsaved forms, or the page they were on.
    clearDraftLanding();
    abandonUnsavedChanges();
    clearDrafts();
    forgetReturnPath();
    queryClient.clear();
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
