import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/** Retrying only helps with the network or the server; a 4xx answer will not change. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    // A save made offline fails at once and its form says so, what was typed kept: paused until the
    // connection returned (TanStack's default), it spun "Guardando…" with no word, then went
    // through later on its own, when the owner may have given up on it.
    mutations: { retry: false, networkMode: "always" },
  },
});
