import type { Language } from "@domain/languages";
import type { PlannerLane } from "@domain/planner";
import { cn } from "@web/lib/cn";
import type { TFunction } from "i18next";
import { AlarmClock, PhoneCall, Zap } from "lucide-react";
import { type Geometry, offsetOf, roomsIn, span } from "./bar-geometry";
import { blockLabel, reservationLabel } from "./bar-label";
import { HATCH, OVERDUE_HATCH, styleOf } from "./bar-style";
import { daysBetween } from "./dates";

export const LANE_HEIGHT = 44;

type LaneProps = Geometry & {
  lane: PlannerLane;
  /** The car this lane is (1 first); null: an overbooked lane, no car. */
  unit: number | null;
  /** Room for a second line of text (the week view's wide days). */
  roomy: boolean;
  t: TFunction<"planner">;
  language: Language;
};

/**
 * One unit's row of bars. Bars are absolutely placed by day, so a month of them costs no layout
 * work; the row's empty space is handled by the group's single click handler.
 *
 * Paint-contained: it clips the bars of bookings that begin after the last day drawn (a month
 * view draws its own month of the 31 days asked), and it gives the row its own origin, so a bar's
 * text rounds to the same pixel in every row (drawn from the grid's origin, half the rows'
 * names sat a pixel higher). Containing the row, not the vehicle's group, keeps the held names
 * out of it: see VehicleGroup.
 */
export function TimelineLane({ lane, unit, roomy, t, language, ...geometry }: LaneProps) {
  // Each block's and bar's days in the window, and the free room around each in its lane.
  const blockDays = lane.blocks.map((block) => ({
    start: daysBetween(geometry.from, block.start_date),
    end: daysBetween(geometry.from, block.end_date) + 1,
  }));
  // Drawn up to when it holds its unit: a car still out past its return, up to the end of today.
  const barDays = lane.reservations.map((bar) => ({
    start: offsetOf(geometry.from, bar.start_local),
    end: offsetOf(geometry.from, bar.held_until_local),
  }));
  const rooms = roomsIn([...blockDays, ...barDays], geometry);
  return (
    <div
      data-planner-lane=""
      data-planner-unit={unit ?? undefined}
      className={cn(
        "relative border-b border-gray-100 contain-paint last:border-b-0",
        lane.overbooked && "bg-red-50/70",
      )}
      style={{ height: LANE_HEIGHT }}
    >
      {lane.blocks.map((block, index) => {
        const days = blockDays[index] ?? { start: 0, end: 0 };
        const box = span(days.start, days.end, geometry, rooms[index]);
        const label = blockLabel(block, t, language);
        return (
          <div
            key={`block-${block.id}`}
            data-planner-block=""
            title={label}
            className={cn(
              "absolute top-1 bottom-1 flex items-center overflow-hidden rounded-md border px-2 text-xs font-medium",
              HATCH,
              box.cutStart && "rounded-l-none border-l-0",
              box.cutEnd && "rounded-r-none border-r-0",
            )}
            style={{ left: box.left + 2, width: box.width - 4 }}
          >
            <span className="sr-only">{label}</span>
            <span aria-hidden="true" className="truncate rounded bg-white/80 px-1">
              {block.reason ?? t("block.short")}
            </span>
          </div>
        );
      })}
      {lane.reservations.map((bar, index) => {
        const days = barDays[index] ?? { start: 0, end: 0 };
        const box = span(days.start, days.end, geometry, rooms[lane.blocks.length + index]);
        const style = styleOf(bar.status);
        const Icon = style.icon;
        const label = reservationLabel(bar, t, language);
        // Where the planned return falls inside the bar (px from its left edge): the overdue stretch starts there.
        const dueAt = Math.max(0, offsetOf(geometry.from, bar.end_local) * geometry.dayWidth - box.left - 2);
        return (
          <button
            key={bar.id}
            type="button"
            data-planner-bar=""
            data-reservation-id={bar.id}
            data-overdue={bar.overdue ? "" : undefined}
            aria-label={label}
            title={label}
            className={cn(
              "absolute top-1 bottom-1 flex min-w-0 items-stretch overflow-hidden rounded-md border text-left text-xs shadow-xs transition-colors focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
              style.bar,
              (lane.overbooked || bar.overdue) && "border-red-400 ring-1 ring-red-300",
              box.cutStart && "rounded-l-none",
              box.cutEnd && "rounded-r-none",
            )}
            style={{ left: box.left + 2, width: box.width - 4 }}
          >
            {bar.overdue && (
              <span
                aria-hidden="true"
                data-planner-overdue=""
                className={cn(
                  "absolute inset-y-0 right-0 border-l-2 border-dashed border-red-600",
                  OVERDUE_HATCH,
                  dueAt === 0 && "border-l-0",
                )}
                style={{ left: dueAt }}
              />
            )}
            {!box.cutStart && <span aria-hidden="true" className={cn("relative w-1 shrink-0", style.accent)} />}
            <span aria-hidden="true" className="relative flex min-w-0 flex-1 flex-col justify-center px-1.5">
              <span className="flex min-w-0 items-center gap-1">
                <Icon className="size-3 shrink-0" />
                <span className={cn("truncate font-semibold", bar.overdue && "rounded-sm bg-white/85 px-0.5")}>
                  {bar.customer}
                </span>
                {bar.source === "manual" && (!roomy || bar.overdue) && (
                  <PhoneCall className="size-3 shrink-0 opacity-70" />
                )}
                {bar.overdue && !roomy && <AlarmClock className="size-3 shrink-0 text-red-700" />}
                {bar.express && !roomy && <Zap className="size-3 shrink-0 text-green-700" />}
              </span>
              {roomy && (
                <span className="flex min-w-0 items-center gap-1 truncate text-[0.6875rem]">
                  {/* Only a car on rent is overdue: the word says both. */}
                  {bar.overdue ? (
                    <span className="flex min-w-0 items-center gap-0.5 rounded-sm bg-red-700 px-1 font-semibold text-white">
                      <AlarmClock className="size-2.5 shrink-0" />
                      <span className="truncate">{t("bar.overdue")}</span>
                    </span>
                  ) : (
                    <span className="truncate opacity-80">{t(`status.${bar.status}`)}</span>
                  )}
                  {bar.express && (
                    <span className="flex min-w-0 items-center gap-0.5 font-semibold text-green-800">
                      <span className="font-normal opacity-80">·</span>
                      <Zap className="size-2.5 shrink-0" />
                      <span className="truncate">{t("bar.express")}</span>
                    </span>
                  )}
                  {bar.source === "manual" && !bar.overdue && (
                    <span className="flex min-w-0 items-center gap-1 opacity-80">
                      <span>·</span>
                      <PhoneCall className="size-2.5 shrink-0" />
                      <span className="truncate">{t("bar.manual")}</span>
                    </span>
                  )}
                </span>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
