import { MutationCache, onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { tellOtherTabs } from "./other-tabs";

/**
 * Retrying only helps with the network or the server; a 4xx answer will not change. A request
 * that could not reach the server while the browser says it has no connection tells the query
 * library so: it hears of a connection lost only from the browser's "offline" event, which never
 * comes to a dashboard opened without one. The lists then wait for the connection under the
 * "Sin conexión" banner (`layout/offline-banner.tsx`), and load once the "online" event comes.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 0 && !navigator.onLine) onlineManager.setOnline(false);
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  // Every save is told to the dashboard's other tabs, which read their bookings again (`useLiveUpdates`).
  mutationCache: new MutationCache({ onSuccess: tellOtherTabs }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    // A save made offline fails at once and its form says so, what was typed kept: paused until the
    // connection returned (TanStack's default), it spun "Guardando…" with no word, then went
    // through later on its own, when the owner may have given up on it.
    mutations: { retry: false, networkMode: "always" },
  },
});
