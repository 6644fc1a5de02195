import { type MouseEvent, useEffect, useRef } from "react";
import { isRepeatClick } from "../lib/repeat-click";

/**
 * Keeps a dialog from taking the second half of a double click. The first click opens the dialog,
 * or changes what it shows (a status moved, a block gone), and the second lands on whatever is now
 * under the pointer: the new dialog's "Guardar cambios" where "Cambiar" was, or the backdrop where
 * the dialog's button was before it shrank, which closed it.
 *
 * Both rules count the presses (`detail`, the browser's own count of clicks in a row on one spot)
 * and never time them, so a busy machine that answers late changes nothing:
 * - a repeat click inside does nothing until a first press has been made inside: its double click
 *   began outside, on what opened the dialog;
 * - a press on the backdrop closes the dialog only as the first of its clicks. A repeat press there
 *   began elsewhere, or its first press has already closed the dialog;
 * - once a press on the backdrop has closed it, the rest of that double click reaches nothing: it
 *   would land on whatever the dialog covered (another row's delete, a sidebar link, the close
 *   button of the dialog beneath).
 *
 * `content` goes on Radix's `Dialog.Content` and `overlay` on its `Dialog.Overlay`. Radix's own
 * closing on a press outside is turned off: it decides on `pointerdown`, whose `detail` is always 0.
 * `close` is called for a press on the backdrop that closes; it may refuse (while saving, say).
 */
export function useDoubleClickGuard(open: boolean, close: () => void) {
  const pressedInside = useRef(false);
  useEffect(() => {
    if (open) pressedInside.current = false;
  }, [open]);
  return {
    content: {
      onPointerDownOutside: (event: Event) => event.preventDefault(),
      onMouseDownCapture: (event: MouseEvent) => {
        if (event.detail <= 1) pressedInside.current = true;
      },
      onClickCapture: (event: MouseEvent) => {
        if (!isRepeatClick(event.nativeEvent) || pressedInside.current) return;
        event.preventDefault();
        event.stopPropagation();
      },
    },
    overlay: {
      onMouseDown: (event: MouseEvent) => {
        // As Radix did: neither a right click nor a Ctrl+click (macOS's right click) closes it.
        if (event.button !== 0 || event.ctrlKey || event.detail > 1) return;
        swallowRestOfClicks();
        close();
      },
    },
  };
}

const REPEATS = ["mousedown", "mouseup", "click", "dblclick"] as const;
let swallowing = false;

/**
 * Until the next first press, every repeat of the press that closed a dialog (`detail` > 1) is
 * stopped before the page sees it: listeners on the window, in capture, run before React's. A
 * `close` that refuses (while saving) leaves the dialog there to take them, which changes nothing.
 */
function swallowRestOfClicks() {
  if (swallowing) return;
  swallowing = true;
  const swallow = (event: Event) => {
    if ((event as globalThis.MouseEvent).detail > 1) {
      event.preventDefault();
      event.stopImmediatePropagation();
    } else if (event.type === "mousedown") {
      stop();
    }
  };
  const stop = () => {
    swallowing = false;
    for (const type of REPEATS) window.removeEventListener(type, swallow, true);
  };
  for (const type of REPEATS) window.addEventListener(type, swallow, true);
}
