import { type MouseEvent, useEffect, useRef } from "react";
import { isRepeatClick } from "../lib/repeat-click";

/** A press outside within this long of one inside (or of opening) is the same double click's second. */
const DOUBLE_CLICK_MS = 500;

/**
 * Keeps a dialog from taking the second half of a double click. The first click opens the dialog,
 * or changes what it shows (a status moved, a block gone), and the second lands on whatever is now
 * under the pointer: the new dialog's "Guardar cambios" where "Cambiar" was, or the backdrop where
 * the dialog's button was before it shrank, which closed it.
 * - A repeat click (`detail > 1`) inside does nothing until a first press has been made inside: its
 *   double click began outside, on what opened the dialog. Counted by the presses, not by time, so a
 *   busy machine answering late changes nothing.
 * - A press outside within 500 ms of one inside (or of opening) does not close it.
 * The props go on Radix's `Dialog.Content`.
 */
export function useDoubleClickGuard(open: boolean) {
  const lastPress = useRef(0);
  const pressedInside = useRef(false);
  useEffect(() => {
    if (!open) return;
    lastPress.current = performance.now();
    pressedInside.current = false;
  }, [open]);
  return {
    onPointerDownCapture: () => {
      lastPress.current = performance.now();
    },
    onMouseDownCapture: (event: MouseEvent) => {
      // `detail` counts the presses of one double click: 1 starts one here.
      if (event.detail <= 1) pressedInside.current = true;
    },
    onClickCapture: (event: MouseEvent) => {
      if (!isRepeatClick(event.nativeEvent) || pressedInside.current) return;
      event.preventDefault();
      event.stopPropagation();
    },
    /** For `onPointerDownOutside`: true when the press was held back as a double click's second. */
    holdPressOutside: (event: Event) => {
      if (performance.now() - lastPress.current >= DOUBLE_CLICK_MS) return false;
      event.preventDefault();
      return true;
    },
  };
}
