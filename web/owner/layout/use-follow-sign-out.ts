import { useQueryClient } from "@tanstack/react-query";
import { notify } from "@web/lib/notify";
import { SKIP_LEAVE_GUARD } from "@web/lib/use-leave-guard";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LOGIN_PATH, onSignedOutElsewhere } from "../auth";
import { forgetSignedOutOwner } from "./forget-owner";

/**
 * Follows a sign-out made in another tab at once (issue 25.9): before, a tab kept showing the
 * reservations' customers until its next check (60 s), and a landing's page said "user or landing
 * id not found". Returns true from the moment it happens: the shell then covers the page at once,
 * so nothing of the owner shows while this tab forgets their data and goes to the sign-in page.
 */
export function useFollowSignOut(): boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [followed, setFollowed] = useState(false);

  useEffect(() => onSignedOutElsewhere(() => setFollowed(true)), []);

  // Once the pages are gone (the shell shows only its cover), their data can go without a page
  // asking for it again.
  useEffect(() => {
    if (!followed) return;
    notify.dismiss();
    forgetSignedOutOwner(queryClient);
    notify.info("signed-out-elsewhere", t("auth.signedOutElsewhere"));
    navigate(LOGIN_PATH, { replace: true, state: { [SKIP_LEAVE_GUARD]: true } });
  }, [followed, queryClient, navigate, t]);

  return followed;
}
