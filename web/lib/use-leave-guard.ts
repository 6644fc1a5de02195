import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import type { Location } from "react-router";

/**
 * Warns before a form with unsaved changes is left.
 *
 * Use it in any form (wizard, Configuración, SEO, vehicle form...):
 *
 *   const { formState } = form;
 *   const leave = useLeaveGuard(formState.isDirty || photosChanged, { onLeave: draft.clear });
 *   ...after a successful save, before navigating away in the same tick: leave.release();
 *
 * - Closing or reloading the tab asks the browser's own "Leave site?" question (beforeunload).
 * - A navigation inside the dashboard that would unmount the page (another path or query, e.g.
 *   another tab of the landing detail) is held, and the dashboard's shell asks in es/en whether to
 *   leave without saving (web/owner/layout/leave-guard-dialog.tsx renders that one dialog; the
 *   hook itself renders nothing, so any number of forms can use it on one page).
 * - Leaving anyway calls `onLeave` (typically the draft's `clear`, see use-form-draft.ts), so the
 *   abandoned text does not come back next time.
 * - A navigation whose state carries `{ [SKIP_LEAVE_GUARD]: true }` is never held, and neither is
 *   the one that follows the session ending (the shell checks that): the draft keeps the text.
 */
export function useLeaveGuard(dirty: boolean, options: { onLeave?: () => void } = {}): { release: () => void } {
  const id = useRef<symbol>(Symbol("leave-guard"));
  const onLeave = useRef(options.onLeave);
  onLeave.current = options.onLeave;

  // Registered as soon as the change is on screen (before paint), so a click that follows a
  // keystroke at once is already held.
  useLayoutEffect(() => {
    const key = id.current;
    guards.set(key, { dirty, onLeave: () => onLeave.current?.() });
    return () => {
      guards.delete(key);
    };
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!guards.get(id.current)?.dirty) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  /** The changes were saved (or deliberately dropped): let the next navigation through. */
  const release = useCallback(() => {
    const guard = guards.get(id.current);
    if (guard) guard.dirty = false;
  }, []);

  return { release };
}

/** Navigation state that is never held by a leave guard: `navigate(to, { state: { [SKIP_LEAVE_GUARD]: true } })`. */
export const SKIP_LEAVE_GUARD = "skipLeaveGuard";

type Guard = { dirty: boolean; onLeave: () => void };
const guards = new Map<symbol, Guard>();

/** Whether any mounted form has unsaved changes. */
export function hasUnsavedChanges(): boolean {
  for (const guard of guards.values()) if (guard.dirty) return true;
  return false;
}

/** The owner chose to leave without saving: each dirty form forgets its draft and stops guarding. */
export function abandonUnsavedChanges() {
  for (const guard of guards.values()) {
    if (!guard.dirty) continue;
    guard.dirty = false;
    guard.onLeave();
  }
}

/**
 * Whether going from `current` to `next` would lose unsaved changes: another path or query
 * unmounts the page (a hash is only a scroll), and the navigation did not opt out.
 */
export function navigationLosesChanges(current: Location, next: Location): boolean {
  const state = next.state as Record<string, unknown> | null | undefined;
  if (state && typeof state === "object" && state[SKIP_LEAVE_GUARD] === true) return false;
  if (current.pathname === next.pathname && current.search === next.search) return false;
  return hasUnsavedChanges();
}
