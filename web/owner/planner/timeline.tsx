import type { Language } from "@domain/languages";
import type { Planner } from "@domain/planner";
import { cn } from "@web/lib/cn";
import { Plus } from "lucide-react";
import { memo, useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { addDays, daysBetween, isWeekend, narrowWeekday, shortWeekday } from "./dates";
import { NAME_WIDTH, VehicleGroup } from "./vehicle-group";

/**
 * The narrowest day a month may have before the grid scrolls sideways instead: narrow enough that
 * a whole month fits beside the vehicles at 1440 px (issue 25.19); a bar too short for its name
 * still says it on hover and to a screen reader.
 */
const MONTH_MIN_DAY = 24;
/** Below this a day's heading shows the weekday's initial and a smaller date. */
const NARROW_DAY = 36;
const WEEK_MIN_DAY = 96;

type TimelineProps = {
  planner: Planner;
  /** The days drawn from `planner.from` (a month view draws its own month, not all 31). */
  days: number;
  language: Language;
  onOpenBar: (id: number) => void;
  onNewBooking: (vehicleId: number, date: string, unit?: number) => void;
};

/** The width the grid has: days share it, but never get narrower than a readable minimum. */
function useDayWidth(days: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const minimum = days > 7 ? MONTH_MIN_DAY : WEEK_MIN_DAY;
  return [ref, Math.max(minimum, Math.floor((width - NAME_WIDTH) / days))] as const;
}

/**
 * The desktop planner: vehicles down the side (held at the left), days across the top (held at
 * the top), one lane per unit. Weekends, today and the pointer's cell are drawn as a handful of
 * overlays rather than per-cell elements, so a month of fifty vehicles stays light.
 */
export const Timeline = memo(function Timeline({ planner, days, language, onOpenBar, onNewBooking }: TimelineProps) {
  const { t } = useTranslation("planner");
  const [scroller, dayWidth] = useDayWidth(days);
  const body = useRef<HTMLDivElement>(null);
  const hover = useRef<HTMLDivElement>(null);
  const dates = Array.from({ length: days }, (_, index) => addDays(planner.from, index));
  const todayIndex = daysBetween(planner.from, planner.today);
  const focusDay = todayIndex >= 0 && todayIndex < days ? todayIndex : 0;

  // A window opens with today in sight, a day before it at the left edge; only when the window
  // changes, so a refresh (a live update) never moves what the owner scrolled to.
  const scrolledFor = useRef("");
  useLayoutEffect(() => {
    const element = scroller.current;
    const shown = `${planner.from}/${days}`;
    if (!element || scrolledFor.current === shown) return;
    scrolledFor.current = shown;
    element.scrollLeft = todayIndex > 0 && todayIndex < days ? (todayIndex - 1) * dayWidth : 0;
  }, [planner.from, days, dayWidth, todayIndex, scroller]);

  // The pointer's empty cell is outlined by moving one element, without a React render per move.
  const onHoverCell = useCallback(
    (track: HTMLElement | null, day: number) => {
      const cell = hover.current;
      const origin = body.current?.getBoundingClientRect();
      if (!cell || !origin) return;
      if (!track || day < 0 || day >= days) {
        cell.style.display = "none";
        return;
      }
      const box = track.getBoundingClientRect();
      cell.style.display = "flex";
      cell.style.transform = `translate(${box.left - origin.left + day * dayWidth}px, ${box.top - origin.top}px)`;
      cell.style.width = `${dayWidth}px`;
      cell.style.height = `${box.height}px`;
    },
    [days, dayWidth],
  );

  return (
    <section
      ref={scroller}
      data-planner-scroller=""
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll by keyboard.
      tabIndex={0}
      aria-label={t("grid.label")}
      className="relative max-h-[calc(100dvh-17rem)] min-h-96 overflow-auto overscroll-contain rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <div className="relative" style={{ width: NAME_WIDTH + days * dayWidth }}>
        <div className="sticky top-0 z-30 flex border-b border-gray-200 bg-white shadow-[0_1px_0_var(--color-gray-200)]">
          <div
            className="sticky left-0 z-10 flex shrink-0 items-end border-r border-gray-200 bg-white px-3 pb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase"
            style={{ width: NAME_WIDTH }}
          >
            {t("grid.vehicle")}
          </div>
          {dates.map((date, index) => {
            const today = index === todayIndex;
            return (
              <div
                key={date}
                className={cn(
                  "flex shrink-0 flex-col items-center justify-center gap-0.5 border-r border-gray-100 py-1.5 text-center",
                  isWeekend(date) && "bg-gray-50",
                )}
                style={{ width: dayWidth }}
              >
                <span className="text-[0.6875rem] font-medium text-gray-500 uppercase">
                  {dayWidth < NARROW_DAY ? narrowWeekday(date, language) : shortWeekday(date, language)}
                </span>
                <span
                  className={cn(
                    "flex items-center justify-center rounded-full font-semibold tabular-nums",
                    dayWidth < NARROW_DAY ? "size-6 text-xs" : "size-7 text-sm",
                    today ? "bg-brand-600 text-white" : "text-gray-900",
                  )}
                >
                  {Number(date.slice(8))}
                </span>
                {today && <span className="sr-only">{t("grid.today")}</span>}
              </div>
            );
          })}
        </div>
        <div ref={body} className="relative">
          {dates.map((date, index) =>
            isWeekend(date) || index === todayIndex ? (
              <div
                key={date}
                aria-hidden="true"
                className={cn(
                  "pointer-events-none absolute top-0 bottom-0",
                  index === todayIndex ? "border-x-2 border-brand-300 bg-brand-50/60" : "bg-gray-50",
                )}
                style={{ left: NAME_WIDTH + index * dayWidth, width: dayWidth }}
              />
            ) : null,
          )}
          {/* Above the groups' day buttons (z-10) and held names (z-20), below the days' heading. */}
          <div
            ref={hover}
            aria-hidden="true"
            className="pointer-events-none absolute top-0 left-0 z-[21] hidden items-center justify-center rounded-md bg-brand-500/10 ring-1 ring-brand-300 ring-inset"
          >
            <Plus className="size-4 text-brand-600" />
          </div>
          {planner.vehicles.map((vehicle) => (
            <VehicleGroup
              key={vehicle.id}
              vehicle={vehicle}
              from={planner.from}
              days={days}
              dayWidth={dayWidth}
              focusDay={focusDay}
              t={t}
              language={language}
              onOpenBar={onOpenBar}
              onNewBooking={onNewBooking}
              onHoverCell={onHoverCell}
            />
          ))}
        </div>
      </div>
    </section>
  );
});
