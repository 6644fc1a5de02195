import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Says the new page's title to screen readers when the dashboard moves to another page without a
 * page load (a link, Back): a browser announces a page load by itself, a client-side route change
 * it does not, and the reader was left on a link of a page no longer shown. Not on the first page,
 * which the browser announces; a change of query only (a tab, a filter) is said by its own control.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // Once the new page's title is set (`DocumentTitle`, in the same commit).
    const frame = requestAnimationFrame(() => setMessage(document.title));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <p className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="route-announcer">
      {message}
    </p>
  );
}
