import { useEffect, useReducer, useRef } from "react";

/**
 * A field checked when it loses the focus is checked on the very press that moves the focus
 * elsewhere. Its error, shown at once, pushes down what is under it, and the release then lands
 * beside what was pressed: a switch under the vehicle's units stayed off, and was saved off. So a
 * field's message waits while a pointer button is down, and shows once the press (and the click it
 * makes) is over. A keyboard's Tab is no press: the message shows at once.
 */
let pressed = false;
const onRelease = new Set<() => void>();
let watching = false;

function watchPresses() {
  if (watching) return;
  watching = true;
  window.addEventListener(
    "pointerdown",
    () => {
      pressed = true;
    },
    true,
  );
  const release = () => {
    if (!pressed) return;
    // A timer: the click this release makes is dispatched before it runs.
    setTimeout(() => {
      pressed = false;
      const waiting = [...onRelease];
      onRelease.clear();
      for (const run of waiting) run();
    }, 0);
  };
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  // A press that ends outside the window (or in another application) ends with it.
  window.addEventListener("blur", release);
}

/** `value` as last shown while a pointer is pressed; `value` itself once it is released. */
export function useHeldWhilePressed<T>(value: T): T {
  const shown = useRef(value);
  const [, showNow] = useReducer((renders: number) => renders + 1, 0);
  const held = pressed && !Object.is(value, shown.current);
  useEffect(watchPresses, []);
  useEffect(() => {
    if (!held) return;
    onRelease.add(showNow);
    return () => {
      onRelease.delete(showNow);
    };
  }, [held]);
  if (!held) shown.current = value;
  return shown.current;
}
