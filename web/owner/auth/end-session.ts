import i18n from "../../i18n/setup";
import { notify } from "../../lib/notify";
import { queryClient } from "../../lib/query-client";
import { LOGIN_PATH } from "./guards";
import { rememberReturnPath } from "./return-path";
import { clearSession, getSession } from "./session-store";

/**
 * Ends the session on this side after the server stopped honouring it (401) or it expired:
 * forget the owner and their cached data, say why, and go to the login page (SPEC §4). The page
 * they were on is remembered for the next sign-in, and the drafts of their unsaved forms stay in
 * this tab (web/lib/use-form-draft.ts), so signing in again brings both back.
 */
export function endExpiredSession(navigate: (path: string) => void) {
  const session = getSession();
  if (session) rememberReturnPath(`${window.location.pathname}${window.location.search}`, session.userId);
  clearSession();
  queryClient.clear();
  if (session) notify.info("session-ended", i18n.t("auth.sessionEnded"));
  navigate(LOGIN_PATH);
}
