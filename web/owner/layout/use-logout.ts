import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { LOGOUT_DELAY_MS } from "../../../domain/limits";
import { delay } from "../../lib/delay";
import { logout } from "../auth/api";
import { LOGIN_PATH } from "../auth/guards";
import { clearSession } from "../auth/session-store";
import { clearDraftLanding } from "../designer/draft-landing";

/**
 * Signing out shows the "Saliendo..." overlay for one second (SPEC §2) while the server ends the
 * session. The local session is cleared whatever the server answers: the owner asked to leave.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const started = useRef(false);

  const signOut = useCallback(async () => {
    if (started.current) return;
    started.current = true;
    setLeaving(true);
    // Messages about the session being left behind would float over the overlay.
    toast.dismiss();
    await Promise.all([delay(LOGOUT_DELAY_MS), logout().catch(() => undefined)]);
    clearSession();
    // The next person to sign in on this browser must not inherit a landing half-built by this one.
    clearDraftLanding();
    queryClient.clear();
    navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);

  return { leaving, signOut };
}
