import { type MouseEvent, useEffect, useRef } from "react";
import { isRepeatClick } from "../lib/repeat-click";

/** A second press within this long of the first is the same double click (the usual system setting). */
const DOUBLE_CLICK_MS = 500;

/**
 * Keeps a dialog from taking the second half of a double click. The first click opens the dialog,
 * or changes what it shows (a status moved, a block gone), and the second lands on whatever is now
 * under the pointer: the new dialog's "Guardar cambios" where "Cambiar" was, or the backdrop where
 * the dialog's button was before it shrank, which closed it. A click that is a double click's
 * second, just after the dialog opened, does nothing; a press outside just after one inside (or
 * just after opening) does not close the dialog. The props go on Radix's `Dialog.Content`.
 */
export function useDoubleClickGuard(open: boolean) {
  const lastPress = useRef(0);
  const openedAt = useRef(0);
  useEffect(() => {
    if (!open) return;
    openedAt.current = performance.now();
    lastPress.current = openedAt.current;
  }, [open]);
  const recent = (at: number) => performance.now() - at < DOUBLE_CLICK_MS;
  return {
    onPointerDownCapture: () => {
      lastPress.current = performance.now();
    },
    onClickCapture: (event: MouseEvent) => {
      if (!isRepeatClick(event.nativeEvent) || !recent(openedAt.current)) return;
      event.preventDefault();
      event.stopPropagation();
    },
    /** For `onPointerDownOutside`: true when the press was held back as a double click's second. */
    holdPressOutside: (event: Event) => {
      if (!recent(lastPress.current)) return false;
      event.preventDefault();
      return true;
    },
  };
}
