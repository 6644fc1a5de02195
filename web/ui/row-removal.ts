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
  const row = button.closest("li, [data-row]");
  const list = row?.parentElement;
  const place = row && list ? [...list.children].indexOf(row) : -1;
  const frame = button.closest("[data-rows]");
  remove();
  requestAnimationFrame(() => {
    const rows = list?.isConnected ? [...list.children] : [];
    const removeButton = (item: Element | undefined) => item?.querySelector<HTMLElement>("[data-remove-row]") ?? null;
    const target =
      removeButton(rows[place]) ??
      removeButton(rows[place - 1]) ??
      frame?.querySelector<HTMLElement>(addedFrom) ??
      null;
    target?.focus();
  });
}
