import { useEffect, useRef } from "react";

/**
 * The dialogs open now that the browser's Back closes, oldest first. On a phone, Back (the system's
 * button or the edge swipe) is how people dismiss what covers the screen; without this it left the
 * page behind the dialog, and whatever the dialog held with it. The dashboard's one router blocker
 * (`owner/layout/leave-guard-dialog.tsx`) holds that Back and closes the newest instead.
 */
const closers: { close: () => void }[] = [];

/**
 * While `open`, Back calls `close` instead of leaving the page: the same as the dialog's own close
 * button, so a dialog that refuses to close (saving) or asks first (unsaved changes) does the same.
 */
export function useClosesOnBack(open: boolean, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const entry = { close: () => latest.current() };
    closers.push(entry);
    return () => {
      closers.splice(closers.indexOf(entry), 1);
    };
  }, [open]);
}

/** Whether a dialog that Back closes is open. */
export function aDialogClosesOnBack(): boolean {
  return closers.length > 0;
}

/** Closes the dialog opened last (one in front of another: the front one). */
export function closeNewestDialog(): void {
  closers.at(-1)?.close();
}
