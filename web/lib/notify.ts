import type { ExternalToast, toast as sonnerToast } from "sonner";

type Toast = typeof sonnerToast;
type Kind = "success" | "error" | "info";

/**
 * Sonner's `toast`, once the toaster (web/ui/toaster.tsx, which brings sonner) is on screen and
 * listening. Until then what is raised waits here, and the toaster is asked for (web/ui/toasts.tsx):
 * a screen that raises none, such as the sign-in, downloads none of it.
 */
let toast: Toast | undefined;
let waiting: { action: string; raise: (ready: Toast) => void }[] = [];
let toasterWanted = false;
const listeners = new Set<() => void>();

/** Fetches the toaster now (the shell does, so its first toast waits for nothing). */
export function prepareToasts() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toaster has been asked for, and its changes: what web/ui/toasts.tsx renders by. */
export const isToasterWanted = () => toasterWanted;
export function subscribeToToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toaster is listening: the toasts raised before it show now. */
export function toasterReady(ready: Toast) {
  toast = ready;
  const raised = waiting;
  waiting = [];
  for (const { raise } of raised) raise(ready);
}

function whenReady(action: string, raise: (ready: Toast) => void) {
  if (toast) return raise(toast);
  waiting.push({ action, raise });
  prepareToasts();
}

/** The toast each action has on screen (or fading out): its sonner id, new for every toast shown. */
const shownBy = new Map<string, string>();
/** When each toast on screen was raised, by its id. */
const raisedAt = new Map<string, number>();
let count = 0;
/** When the person last pressed or clicked anything: a dialog opens from such a press. */
let lastInputAt = 0;
if (typeof document !== "undefined") {
  const mark = () => {
    lastInputAt = Date.now();
  };
  document.addEventListener("pointerdown", mark, { capture: true, passive: true });
  document.addEventListener("keydown", mark, { capture: true, passive: true });
}

/**
 * Shows a new toast for `action`, replacing the one it already has. Sonner drops a toast created
 * under the id of one that is fading out (it merges the new message into the leaving toast, which
 * is then removed ~200 ms later), so every toast gets an id of its own and the previous toast of
 * the same action is dismissed instead of reused: a repeated action always shows its new news.
 */
function show(kind: Kind, action: string, message: string, options: ExternalToast): string {
  const previous = shownBy.get(action);
  const id = `${action}#${++count}`;
  shownBy.set(action, id);
  raisedAt.set(id, Date.now());
  const forget = () => {
    raisedAt.delete(id);
    if (shownBy.get(action) === id) shownBy.delete(action);
  };
  // One still waiting for the toaster is simply replaced.
  waiting = waiting.filter((raised) => raised.action !== action);
  whenReady(action, (ready) => {
    if (previous !== undefined) ready.dismiss(previous);
    ready[kind](message, {
      ...options,
      id,
      onDismiss: (shown) => {
        forget();
        options.onDismiss?.(shown);
      },
      onAutoClose: (shown) => {
        forget();
        options.onAutoClose?.(shown);
      },
    });
  });
  return id;
}

/**
 * Toasts keyed by the action they report ("vehicle-save", "feature-delete:12"): a success replaces
 * the same action's earlier error instead of sitting beside it, and a retried failure replaces
 * itself instead of stacking; a repeated action always shows its new toast, even while the last
 * one is leaving. Field errors are shown under their fields, never also as a toast.
 * Every screen raises its toasts through here; web/ui/toaster.tsx places them where they cover no
 * action and keeps each for 3 s.
 */
export const notify = {
  success: (action: string, message: string, options: ExternalToast = {}) => show("success", action, message, options),
  error: (action: string, message: string, options: ExternalToast = {}) => show("error", action, message, options),
  /** News that is neither a success nor a failure ("your session has ended"). */
  info: (action: string, message: string, options: ExternalToast = {}) => show("info", action, message, options),
  /**
   * Removes the toasts raised before the press that opened a dialog: they told of what came
   * before, and toasts sit above dialogs, where on a phone one covered the new dialog's title. One
   * raised by that press (with the dialog, or by its answer) stays.
   */
  dismissBeforeDialog: () => {
    for (const [action, id] of shownBy) {
      if ((raisedAt.get(id) ?? 0) >= lastInputAt) continue;
      shownBy.delete(action);
      raisedAt.delete(id);
      toast?.dismiss(id);
    }
  },
  /** Removes one action's toast, or every toast (e.g. before the sign-out screen covers the page). */
  dismiss: (action?: string) => {
    if (action === undefined) {
      shownBy.clear();
      raisedAt.clear();
      waiting = [];
      toast?.dismiss();
      return;
    }
    const id = shownBy.get(action);
    shownBy.delete(action);
    if (id !== undefined) raisedAt.delete(id);
    waiting = waiting.filter((raised) => raised.action !== action);
    if (id !== undefined) toast?.dismiss(id);
  },
};
