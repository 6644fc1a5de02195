import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { SESSION_CHECK_INTERVAL_MS } from "../../../domain/limits";
import { currentSessionQuery } from "./api";
import { endExpiredSession } from "./end-session";
import { getSession, hasLiveSession, updateStoredExpiry, updateStoredUser } from "./session-store";

/**
 * Keeps the stored session honest while the dashboard is open: asks the server every 60 s
 * (a 401 signs out through the API client) and checks the stored expiry on the same beat (SPEC §4).
 * The warning a few minutes before the end is SessionExpiryDialog's.
 */
export function useSessionWatch() {
  const navigate = useNavigate();
  const { data } = useQuery({
    ...currentSessionQuery(),
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });

  // The server's answer wins: a profile or password change made in another tab shows up here.
  // An expiry only ever moves later: an answer to a check sent just before signing in again
  // describes the old session and must not bring its end back.
  useEffect(() => {
    const stored = getSession();
    if (!data || !stored || stored.userId !== data.user_id) return;
    if (JSON.stringify(stored.user) !== JSON.stringify(data.user)) updateStoredUser(data.user);
    if (Date.parse(data.expires_at) > Date.parse(stored.expiresAt)) updateStoredExpiry(data.expires_at);
  }, [data]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (!hasLiveSession()) endExpiredSession(navigate);
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [navigate]);
}
