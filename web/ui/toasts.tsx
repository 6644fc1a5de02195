import { lazy, Suspense, useSyncExternalStore } from "react";
import { isToasterWanted, subscribeToToaster } from "../lib/notify";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/**
 * Where the dashboard's toasts show: the toaster (and sonner, its library) is fetched when the first
 * toast is raised or the shell asks for it (web/lib/notify.ts), so the sign-in screen carries none.
 * Stays mounted across every route, so a toast raised just before a navigation shows after it.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
