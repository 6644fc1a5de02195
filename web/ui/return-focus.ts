import { useLayoutEffect, useRef } from "react";

/**
 * Where the focus goes when a dialog opened from state closes: back to what had it when the dialog
 * opened (the row's button, the action that asked), if it is still on the page. Radix puts it back
 * on its own Trigger only, and these dialogs have none, so keyboard users were left at the top of
 * the page. Returns the dialog content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's own effects move the focus into the dialog.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    // A tab not chosen would be chosen by its focus (Radix's tabs follow the focus): the dialog
    // may have been the question whether to leave for it, answered "stay".
    if (!target?.isConnected || (target.getAttribute("role") === "tab" && target.ariaSelected !== "true")) return;
    event.preventDefault();
    target.focus();
  };
}
