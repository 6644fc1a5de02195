import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/**
 * A screen narrow for its text (web/lib/narrow-text.css's `cramped`): under 20rem, a 320 px phone
 * with its text at 200 %. For what CSS cannot change there, a field's placeholder.
 */
export function useNarrowText(): boolean {
  return useMediaQuery("(width < 20rem)");
}
