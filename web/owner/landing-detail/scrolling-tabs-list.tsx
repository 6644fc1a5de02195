import { cn } from "@web/lib/cn";
import { TabsList } from "@web/ui/tabs";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A tab row that may be wider than a phone: where tabs are cut off, the edge fades with an arrow,
 * so the owner sees there is more (the SEO tab) and swipes to it; the selected tab is scrolled into view.
 */
export function ScrollingTabsList({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const update = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    update();
    list.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => {
      list.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const list = ref.current;
    // Radix names each tab "…-trigger-{value}".
    const active = list?.querySelector<HTMLElement>(`[role="tab"][id$="-trigger-${value}"]`);
    if (!list || !active) return;
    const start = active.offsetLeft - list.offsetLeft;
    const end = start + active.offsetWidth;
    // Only sideways: the page itself does not move.
    if (start < list.scrollLeft) list.scrollLeft = Math.max(0, start - 24);
    else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth + 24;
  }, [value]);

  const edge = "pointer-events-none absolute top-0 bottom-px flex w-14 items-center text-gray-500";
  return (
    <div className="relative">
      <TabsList ref={ref} aria-label={label}>
        {children}
      </TabsList>
      {more.before && (
        <span
          aria-hidden="true"
          className={cn(edge, "-left-4 justify-start bg-gradient-to-r from-gray-50 from-40% pl-1 sm:left-0")}
        >
          <ChevronLeft className="size-4" />
        </span>
      )}
      {more.after && (
        <span
          aria-hidden="true"
          data-testid="tabs-more"
          className={cn(edge, "-right-4 justify-end bg-gradient-to-l from-gray-50 from-40% pr-1 sm:right-0")}
        >
          <ChevronRight className="size-4" />
        </span>
      )}
    </div>
  );
}
