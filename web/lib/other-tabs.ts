/**
 * A save in one of the dashboard's tabs, told to its other tabs in this browser, so that a booking
 * confirmed in one is not shown "Pendiente" in another until its data is 30 s old (the query
 * cache's `staleTime`). One channel object per tab: a BroadcastChannel never hears its own
 * messages, so a tab is not told of its own saves.
 */
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("nelly:saved");

export function tellOtherTabs(): void {
  channel?.postMessage("saved");
}

/** Calls `listener` on every save made in another tab; returns how to stop. */
export function onSaveInOtherTab(listener: () => void): () => void {
  channel?.addEventListener("message", listener);
  return () => channel?.removeEventListener("message", listener);
}
