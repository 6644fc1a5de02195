import type { MouseEvent } from "react";

/**
 * Whether a click is the second (or a later) one of a double click: `detail` counts the clicks in
 * a row on one spot, and a key's Enter or Space clicks with 0.
 */
export function isRepeatClick(event: Event): boolean {
  return event.type === "click" && (event as globalThis.MouseEvent).detail > 1;
}

/**
 * For `onClickCapture` on a group of actions that one click replaces (Confirmar gives way to
 * "Registrar entrega"): the double click's second click would land on what took the first one's
 * place and do something nobody asked for. The first click of a double click has already acted.
 */
export function swallowRepeatClick(event: MouseEvent) {
  if (!isRepeatClick(event.nativeEvent)) return;
  event.preventDefault();
  event.stopPropagation();
}
