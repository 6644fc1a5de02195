import { type ExternalToast, toast } from "sonner";

type Show = (message: string, options: ExternalToast) => string | number;

/** The toast each action has on screen (or fading out): its sonner id, new for every toast shown. */
const shownBy = new Map<string, string>();
let count = 0;

/**
 * Shows a new toast for `action`, replacing the one it already has. Sonner drops a toast created
 * under the id of one that is fading out (it merges the new message into the leaving toast, which
 * is then removed ~200 ms later), so every toast gets an id of its own and the previous toast of
 * the same action is dismissed instead of reused: a repeated action always shows its new news.
 */
function show(kind: Show, action: string, message: string, options: ExternalToast) {
  const previous = shownBy.get(action);
  if (previous !== undefined) toast.dismiss(previous);
  const id = `${action}#${++count}`;
  shownBy.set(action, id);
  const forget = () => {
    if (shownBy.get(action) === id) shownBy.delete(action);
  };
  return kind(message, {
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
  success: (action: string, message: string, options: ExternalToast = {}) =>
    show(toast.success, action, message, options),
  error: (action: string, message: string, options: ExternalToast = {}) => show(toast.error, action, message, options),
  /** News that is neither a success nor a failure ("your session has ended"). */
  info: (action: string, message: string, options: ExternalToast = {}) => show(toast.info, action, message, options),
  /** Removes one action's toast, or every toast (e.g. before the sign-out screen covers the page). */
  dismiss: (action?: string) => {
    if (action === undefined) {
      shownBy.clear();
      toast.dismiss();
      return;
    }
    const id = shownBy.get(action);
    shownBy.delete(action);
    if (id !== undefined) toast.dismiss(id);
  },
};
