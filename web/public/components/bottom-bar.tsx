import { type ReactNode, useEffect, useRef } from "react";

/**
 * On a phone the running total and the next step stay in a bar at the bottom (DESIGN.md). Wider
 * screens show the same in the page's summary card, so the bar is hidden there.
 */
export function BottomBar({ amount, note, children }: { amount: string; note: string; children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  // Its height, for the page's scroll-padding (styles.css): with large text the bar is a third of a
  // phone's screen, more than the padding set for it without a script. Taller than three tenths of
  // the screen (text at 200 % on a 320 px phone, or on any phone on its side), it would hide too much
  // of what is read: it then waits at the content's end instead (`data-bottom-bar-in-flow`).
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const measure = () => {
      root.style.setProperty("--bottom-bar", `${element.offsetHeight}px`);
      root.toggleAttribute("data-bottom-bar-in-flow", element.offsetHeight > window.innerHeight * 0.3);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      root.style.removeProperty("--bottom-bar");
      root.removeAttribute("data-bottom-bar-in-flow");
    };
  }, []);
  return (
    <div
      ref={bar}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-gray-200 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
      data-testid="bottom-bar"
      data-bottom-bar
    >
      {/* The total takes what the button leaves; with large text the button goes under it, as wide as the bar. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <p className="min-w-0 flex-[1_1_8rem]">
          <span
            className="block text-lg leading-tight font-bold text-gray-900 tabular-nums"
            data-testid="bottom-bar-total"
          >
            {amount}
          </span>
          {/* Whole, on two lines if need be: cut at 320 px it lost "with taxes". */}
          <span className="block text-xs text-gray-600">{note}</span>
        </p>
        <div className="grid max-w-full shrink-0">{children}</div>
      </div>
    </div>
  );
}
