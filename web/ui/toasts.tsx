import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { isToasterWanted, subscribeToToaster } from "../lib/notify";
import { ChunkBoundary } from "./chunk-boundary";

const loadToaster = () => import("./toaster").then((module) => ({ default: module.Toaster }));

/** How long after a failed load of the toaster it is asked for again, unless the connection returns first. */
const RETRY_MS = 10_000;

/**
 * Where the dashboard's toasts show: the toaster (and sonner, its library) is fetched when the first
 * toast is raised or the shell asks for it (web/lib/notify.ts), so the sign-in screen carries none.
 * Stays mounted across every route, so a toast raised just before a navigation shows after it.
 * When its code cannot arrive (the connection dropped), the page stays as it is, the toasts raised
 * meanwhile wait (notify.ts), and it is fetched again once the browser is back online.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks for the code again.
  const Toaster = useMemo(() => lazy(loadToaster), [attempt]);
  if (!wanted) return null;
  return (
    <ChunkBoundary key={attempt} fallback={<RetryLater onRetry={() => setAttempt((count) => count + 1)} />}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ChunkBoundary>
  );
}

function RetryLater({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onRetry, RETRY_MS);
    window.addEventListener("online", onRetry);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", onRetry);
    };
  }, [onRetry]);
  return null;
}
