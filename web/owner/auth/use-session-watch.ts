import { SESSION_CHECK_INTERVAL_MS, SESSION_EXTEND_STEP_MS } from "@domain/limits";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { onOwnerActivity } from "./activity";
import { currentSessionQuery, msSinceWorkingCheck } from "./api";
import { getSession, idleWarningIsUp, sessionHasEnded, updateStoredUser } from "./session-store";

/**
 * Keeps the stored session honest while the dashboard is open (SPEC §4): asks the server every
 * 60 s (a 401 ends the session through the API client), and, as soon as the owner does something
 * (typing in a form sends nothing to the server), tells the server they are at work, at most once
 * a minute, which keeps the session open (issue 25.3), until the idle warning is up. The warnings
 * and the sign-in dialog are SessionExpiryDialog's.
 */
export function useSessionWatch() {
  const { data, refetch } = useQuery({
    ...currentSessionQuery(),
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });

  useEffect(
    () =>
      onOwnerActivity(() => {
        // Typing a password into the sign-in dialog of an ended session is not work to report. Once
        // the idle warning is up, its buttons decide: a press on "Seguir conectado" reported here
        // closed the warning under the pointer before its click landed, and its "Listo" with it.
        const session = getSession();
        const report = session && !sessionHasEnded(session) && !idleWarningIsUp(session);
        if (report && msSinceWorkingCheck() >= SESSION_EXTEND_STEP_MS) void refetch();
      }),
    [refetch],
  );

  // The server's answer wins: a profile change made in another tab shows up here.
  useEffect(() => {
    const stored = getSession();
    if (!data || !stored || stored.userId !== data.user_id) return;
    if (JSON.stringify(stored.user) !== JSON.stringify(data.user)) updateStoredUser(data.user);
  }, [data]);
}
