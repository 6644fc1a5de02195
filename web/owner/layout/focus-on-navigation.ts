import { focusLost } from "@web/ui/return-focus";
import { type RefObject, useEffect, useRef } from "react";

/** Long enough for a page to draw what it loads; a page left alone is not watched for good. */
const WATCH_MS = 3_000;

/**
 * A page opened from something that went with the page it left (a link in a dialog, a row's
 * button), or whose first drawing gave way to its loaded content, would leave the focus on <body>,
 * where the keyboard and a screen reader start again from the top of the document. For a moment
 * after each navigation, a focus lost that way goes to the page's main region. A page that focuses
 * something of its own (a form's first field) keeps it, and the first page of a visit is left alone.
 */
export function useFocusKeptOnNavigation(pathname: string, mainRef: RefObject<HTMLElement | null>) {
  const firstPage = useRef<string | null>(pathname);
  useEffect(() => {
    if (pathname === firstPage.current) return;
    firstPage.current = null;
    const main = mainRef.current;
    if (!main) return;
    const regain = () => {
      if (focusLost()) main.focus({ preventScroll: true });
    };
    // After the closing dialog has handed its focus back (Radix does so in a timeout), and on
    // every change of the page's content until the watch ends.
    const now = setTimeout(regain, 0);
    const observer = new MutationObserver(regain);
    observer.observe(main, { childList: true, subtree: true });
    const end = setTimeout(() => observer.disconnect(), WATCH_MS);
    return () => {
      clearTimeout(now);
      clearTimeout(end);
      observer.disconnect();
    };
  }, [pathname, mainRef]);
}
