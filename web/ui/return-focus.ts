import { useLayoutEffect, useRef } from "react";

/** What had the focus when a dialog opened, and what around it could stand in for it once gone. */
type Opener = {
  element: HTMLElement;
  /** Its tag and accessible name: the same action drawn anew (an empty state's button, then the list's). */
  tag: string;
  name: string;
  /** The row (list item or table row) it sat in, and where in that row it was. */
  row: Element | null;
  column: number;
  next: Element | null;
  previous: Element | null;
};

const FOCUSABLE = "a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";
const ROW = "li, tr, [role=row], [role=listitem]";

/** On the page, shown (not display:none, e.g. the table that only wide screens show) and not disabled. */
export function canTakeFocus(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(":disabled") &&
    element.getClientRects().length > 0
  );
}

const accessibleName = (element: HTMLElement) =>
  (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();

function remember(element: HTMLElement): Opener {
  const row = element.closest(ROW);
  return {
    element,
    tag: element.tagName,
    name: accessibleName(element),
    row,
    column: row ? [...row.querySelectorAll(FOCUSABLE)].filter(canTakeFocus).indexOf(element) : -1,
    next: row?.nextElementSibling ?? null,
    previous: row?.previousElementSibling ?? null,
  };
}

/**
 * Where the focus goes when the opener is gone (WAI-ARIA's dialog pattern: "a logical place in the
 * workflow"), in order:
 * - in its row (list item or table row), the action now in its place; the row deleted, the next
 *   row's (the previous one's for the last) at the same place: deleting goes on from where it was,
 *   as in a mail list;
 * - the same action drawn anew: after the first feature or place is created, the empty state's
 *   button has given way to the list's button of the same name;
 * - the page's heading, when the list it changed is gone too (its last row deleted).
 */
function standIn(opener: Opener): HTMLElement | null {
  for (const row of [opener.row, opener.next, opener.previous]) {
    if (!row?.isConnected) continue;
    const focusable = [...row.querySelectorAll(FOCUSABLE)].filter(canTakeFocus);
    const target = focusable[opener.column] ?? focusable.at(-1);
    if (target) return target;
  }
  if (opener.name) {
    const same = [...document.querySelectorAll(opener.tag)].find(
      (element): element is HTMLElement =>
        canTakeFocus(element) &&
        accessibleName(element) === opener.name &&
        !element.closest("[role=dialog], [role=alertdialog]"),
    );
    if (same) return same;
  }
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return null;
  // Headings take no focus of their own: focusable from a script only, never with Tab, and with no
  // ring, like the dashboard's other headings the focus is sent to.
  if (!heading.hasAttribute("tabindex")) {
    heading.tabIndex = -1;
    heading.classList.add("outline-none");
  }
  return heading;
}

/** The opener of a dialog closing in this very commit, for a dialog opened from it (`useReturnFocus`). */
let closedJustNow: Opener | null = null;

/** Whether nothing has the focus (it fell to <body>, as when what had it was removed). */
export const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * The success that closed a dialog often redraws the page a moment after the dialog is gone (the
 * list's query answers its observers later than the dialog's own state): the opener the focus went
 * back to may vanish then, dropping the focus on <body>. Until the focus moves on (or for five
 * seconds), its removal sends the focus to the stand-in.
 */
function watchRemoval(opener: Opener) {
  const stop = () => {
    observer.disconnect();
    document.removeEventListener("focusin", stop);
    clearTimeout(timer);
  };
  // The redraw comes within a moment; a page left alone is not watched for good.
  const timer = setTimeout(stop, 5_000);
  const observer = new MutationObserver(() => {
    if (opener.element.isConnected) return;
    stop();
    if (focusLost()) standIn(opener)?.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener("focusin", stop);
}

/**
 * Where the focus goes when a dialog opened from state closes: back to what had it when the dialog
 * opened (the row's button, the action that asked), if it is still on the page, or else to what
 * stands in for it (`standIn`). Radix puts it back on its own Trigger only, and these dialogs have
 * none, so keyboard users were left at the top of the page. Returns the dialog content's
 * `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<Opener | null>(null);
  // A layout effect runs before Radix's own effects move the focus into the dialog.
  useLayoutEffect(() => {
    if (!open) {
      if (opener.current) closedJustNow = opener.current;
      // Only for a dialog opening in this same moment (their layout effects run together).
      queueMicrotask(() => {
        closedJustNow = null;
      });
      return;
    }
    // Opened from a dialog that closes as this one opens (Cambiar in a booking's detail, or the
    // detail again once the change is saved): its button is gone already (the focus on <body>) or
    // going, and this one returns where that one was opened from (the booking's row).
    const active = document.activeElement;
    const lost = !(active instanceof HTMLElement) || active === document.body;
    if (lost || active.closest("[role=dialog][data-state=closed], [role=alertdialog][data-state=closed]")) {
      if (closedJustNow) opener.current = closedJustNow;
      // The closing one drawn after this one (a change's sheet, then the booking's detail again):
      // its effect runs next, in this same commit, and its opener is read once it has.
      else
        queueMicrotask(() => {
          opener.current ??= closedJustNow;
        });
      return;
    }
    opener.current = remember(active);
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    // A tab not chosen would be chosen by its focus (Radix's tabs follow the focus): the dialog
    // may have been the question whether to leave for it, answered "stay".
    if (target.element.getAttribute("role") === "tab" && target.element.ariaSelected !== "true") return;
    event.preventDefault();
    if (canTakeFocus(target.element)) {
      target.element.focus();
      watchRemoval(target);
    } else if (focusLost()) {
      // Only where the focus is lost: a dialog closing with the one it was opened from (a
      // question asked from a detail dialog) leaves the focus to that one's own return.
      standIn(target)?.focus();
    }
  };
}
