import { useEffect, useState } from "react";
import { usePage } from "../context";

/** What a page's own navigation (the search form's) sends when it held itself back offline. */
export const HELD_OFFLINE = "nelly:held-offline";

/**
 * Offline, a link to the next step opened the browser's own error page and left the site (a walk's
 * finding): each step is a page of its own. While the browser says it is offline, a link within the
 * site is held and this notice says why; what was chosen is in the page's address and stays.
 */
export function OfflineNotice() {
  const { t } = usePage();
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const hold = (event: MouseEvent) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== location.origin) return;
      // A jump within the page needs no connection.
      if (link.pathname === location.pathname && link.search === location.search) return;
      event.preventDefault();
      setHeld(true);
    };
    const back = () => setHeld(false);
    const told = () => setHeld(true);
    document.addEventListener("click", hold);
    window.addEventListener("online", back);
    window.addEventListener(HELD_OFFLINE, told);
    return () => {
      document.removeEventListener("click", hold);
      window.removeEventListener("online", back);
      window.removeEventListener(HELD_OFFLINE, told);
    };
  }, []);
  if (!held) return null;
  return (
    <p
      role="alert"
      // Under the header, and never in the way: a press goes through it (the language switch, Back).
      className="pointer-events-none fixed inset-x-4 top-20 z-40 mx-auto max-w-xl rounded-lg bg-gray-900 px-4 py-3 text-center text-sm font-medium text-white shadow-lg"
      data-testid="offline-notice"
    >
      {t.offline}
    </p>
  );
}
