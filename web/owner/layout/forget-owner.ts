import type { QueryClient } from "@tanstack/react-query";
import { clearDrafts } from "@web/lib/use-form-draft";
import { abandonUnsavedChanges } from "@web/lib/use-leave-guard";
import { forgetReturnPath } from "../auth";
import { clearDraftLanding } from "../landings";

/**
 * Forgets, in this tab, everything the owner who signed out leaves behind: the next person to
 * sign in on this browser must not inherit their data, a landing half-built, the text of their
 * unsaved forms, or the page they were on. Used when signing out here and when following a
 * sign-out made in another tab (issue 25.9).
 */
export function forgetSignedOutOwner(queryClient: QueryClient) {
  clearDraftLanding();
  abandonUnsavedChanges();
  clearDrafts();
  forgetReturnPath();
  queryClient.clear();
}
