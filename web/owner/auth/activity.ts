import { SESSION_CHECK_INTERVAL_MS } from "@domain/limits";

/**
 * When the owner last touched this tab: a key, a click, a tap, the wheel, text typed or pasted
 * (issue 25.3). It tells the server which calls are the owner at work (they keep the session open)
 * and which the dashboard makes on its own while nobody is there (a poll, a refresh after a live
 * event: those carry the idle header and keep nothing open). Per tab: another tab's work reaches
 * this one as a later end of the stored session.
 */
const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart", "input"] as const;

/** Opening or reloading the page is the owner's doing. */
let lastInputAt = Date.now();
const listeners = new Set<() => void>();

function onInput() {
  lastInputAt = Date.now();
  for (const listener of listeners) listener();
}

/** Starts listening (once, from the dashboard's entry: nothing here runs at import). */
export function trackOwnerActivity() {
  for (const type of INPUTS) window.addEventListener(type, onInput, { capture: true, passive: true });
}

/** Whether the owner did something within the last check interval (60 s). */
export const ownerIsActive = (now = Date.now()) => now - lastInputAt < SESSION_CHECK_INTERVAL_MS;

/** Calls `listener` on every input of the owner; returns the way to stop. */
export function onOwnerActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
