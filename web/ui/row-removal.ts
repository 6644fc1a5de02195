/**
 * Removes the row of `button` with `remove`, then moves the focus where the WAI-ARIA practice for
 * removing an item from a list puts it, rather than letting it fall to `<body>`: the remove button
 * of the row now in the removed one's place, else of the row before it, else the list's add
 * button. Found by place once the row is gone, so it holds for rows keyed by their position too (a
 * counter's drivers), whose elements React keeps and refills. A row is the button's closest `<li>`
 * or `[data-row]`; remove buttons carry `data-remove-row`, the add button `data-add-row`, inside the
 * list's `[data-rows]`. `addedFrom` names another place in that frame to fall back on, where the
 * list's rows are added from when that is not a button of the list's own (a damage mark's zone on
 * the diagram).
 */
export function removeRowKeepingFocus(button: HTMLElement, remove: () => void, addedFrom = "[data-add-row]") {
  const place = placeOf(button);
  const frame = button.closest("[data-rows]");
  remove();
  requestAnimationFrame(() => focusInPlace(place, () => frame?.querySelector<HTMLElement>(addedFrom) ?? null));
}

/**
 * The same for a row that leaves once a request is answered and the list is read again (a landing
 * restored from the Papelera): the focus moves when the row is gone, unless the owner has put it
 * somewhere else meanwhile. `fallback` is asked when no row is left (the list's empty state).
 */
export async function removeRowWhenAnswered(
  button: HTMLElement,
  remove: () => Promise<unknown>,
  fallback: () => HTMLElement | null,
) {
  const place = placeOf(button);
  await remove();
  await gone(place.row);
  const focused = document.activeElement;
  if (focused && focused !== document.body && focused.isConnected) return;
  focusInPlace(place, fallback);
}

type Place = { row: Element | null; list: Element | null; index: number };

function placeOf(button: HTMLElement): Place {
  const row = button.closest("li, [data-row]");
  const list = row?.parentElement ?? null;
  return { row, list, index: row && list ? [...list.children].indexOf(row) : -1 };
}

function focusInPlace({ list, index }: Place, fallback: () => HTMLElement | null) {
  const rows = list?.isConnected ? [...list.children] : [];
  const removeButton = (item: Element | undefined) => item?.querySelector<HTMLElement>("[data-remove-row]") ?? null;
  (removeButton(rows[index]) ?? removeButton(rows[index - 1]) ?? fallback())?.focus();
}

/** Resolves once `row` has left the page (or after 5 s: a list read again that still holds it). */
function gone(row: Element | null): Promise<void> {
  return new Promise((resolve) => {
    if (!row?.isConnected) return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (!row.isConnected) done();
    });
    const timer = setTimeout(done, 5_000);
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
