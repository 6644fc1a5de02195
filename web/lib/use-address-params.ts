import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/** Address parameters to set (a non-empty string) or remove (empty, null or undefined). */
export type AddressChanges = Record<string, string | null | undefined>;

/**
 * The address's query parameters, and a setter that changes some and keeps the rest.
 *
 * The setter starts from the address bar, not from React Router's functional update: that one
 * hands over the parameters of the last render, so a second change made before the first has been
 * drawn (a status, then a date, on a busy phone) would silently drop the first. The router writes
 * the address as soon as a navigation completes, ahead of React's render; changes made in the same
 * moment, before it has, build on the last one sent.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const sent = useRef<{ from: string; next: URLSearchParams } | null>(null);
  // Once drawn, the address is the truth again (also after the back button returns to the same one).
  useEffect(() => {
    if (sent.current?.next.toString() === params.toString()) sent.current = null;
  }, [params]);
  const change = useCallback(
    (changes: AddressChanges, { replace = false, state }: { replace?: boolean; state?: unknown } = {}) => {
      const from = window.location.search;
      const next = new URLSearchParams(sent.current?.from === from ? sent.current.next : from);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      sent.current = { from, next };
      setParams(next, { replace, state });
    },
    [setParams],
  );
  return [params, change] as const;
}
