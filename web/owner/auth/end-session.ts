import { toast } from "sonner";
import i18n from "../../i18n/setup";
import { queryClient } from "../../lib/query-client";
import { LOGIN_PATH } from "./guards";
import { clearSession, getSession } from "./session-store";

/**
 * Ends the session on this side after the server stopped honouring it (401) or it expired:
 * forget the owner and their cached data, say why, and go to the login page (SPEC §4).
 */
export function endExpiredSession(navigate: (path: string) => void) {
  const hadSession = getSession() !== null;
  clearSession();
  queryClient.clear();
  if (hadSession) toast.info(i18n.t("auth.sessionEnded"), { id: "session-ended" });
  navigate(LOGIN_PATH);
}
