import type { Language } from "@domain/languages";
import type { PlannerVehicle } from "@domain/planner";
import type { TFunction } from "i18next";
import { Car, Plus } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, memo, useRef } from "react";
import { addDays, dayMonth } from "./dates";
import { LaneLabels } from "./lane-labels";
import { LANE_HEIGHT, TimelineLane } from "./timeline-lane";

export const NAME_WIDTH = 256;

/** A press on a lane's track: where, and whether on a booking's bar or a block. */
type Press = { x: number; y: number; onBusy: boolean };
/** How far a press may move and still be a click, in px (a hand's tremor on a trackpad). */
const CLICK_SLOP = 5;

const pressOf = (event: MouseEvent<HTMLElement>): Press => ({
  x: event.clientX,
  y: event.clientY,
  onBusy: (event.target as HTMLElement).closest("[data-planner-bar],[data-planner-block]") !== null,
});

/**
 * Whether a click ends a drag rather than a press: it moved, or it began on a bar or a block and
 * ends off it (the click then reaches the track, the two's common ancestor, as if on a free day).
 */
function wasDrag(press: Press | null, click: MouseEvent<HTMLElement>): boolean {
  if (!press) return false;
  if (Math.hypot(click.clientX - press.x, click.clientY - press.y) > CLICK_SLOP) return true;
  return press.onBusy && !pressOf(click).onBusy;
}

type GroupProps = {
  vehicle: PlannerVehicle;
  from: string;
  days: number;
  dayWidth: number;
  /** The day the keyboard's stop in this row starts on (today when shown). */
  focusDay: number;
  t: TFunction<"planner">;
  language: Language;
  onOpenBar: (id: number) => void;
  /** A free day clicked: on a unit's lane, that unit; on an overbooked lane or by keyboard, any free one. */
  onNewBooking: (vehicleId: number, date: string, unit?: number) => void;
  /** The pointer moved over an empty day of this row (null: it left). */
  onHoverCell: (target: HTMLElement | null, day: number) => void;
};

/** Moves focus along the row's "new booking" days with the arrow keys: one tab stop per vehicle. */
function roveDays(event: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
  const step = keys[event.key];
  const current = event.target as HTMLElement;
  // The attribute is present and empty on a day button: `""` is falsy, so it is tested for presence.
  if (step === undefined || current.dataset.plannerDay === undefined) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("[data-planner-day]")];
  const index = buttons.indexOf(current as HTMLButtonElement);
  const next = Number.isFinite(step) ? index + step : step < 0 ? 0 : buttons.length - 1;
  const target = buttons[Math.max(0, Math.min(buttons.length - 1, next))];
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/**
 * A vehicle: its photo and name held to the left, one lane per unit (and any overbooked ones), a
 * single click handler for the empty days, and for keyboards a row of "new booking" day buttons
 * that take no space until focused.
 *
 * Drawn once and scrolled by the compositor alone (docs/performance.md): no `content-visibility`,
 * whose groups coming into view repainted the grid mid-scroll, and no containment either. A
 * contained group is a stacking context of its own, so its held name (composited while it
 * sticks) was painted between one group's bars and the next, and at every repaint (a group
 * shown, an image loaded, a bar hovered) Chromium tested a month's worth of paint against those
 * names to sort it into layers: 90 ms of its work. Positioned with no z-index, the groups paint
 * in the same order and all the names after all the bars; each lane is contained instead.
 */
export const VehicleGroup = memo(function VehicleGroup(props: GroupProps) {
  const { vehicle, from, days, dayWidth, focusDay, t, language, onOpenBar, onNewBooking, onHoverCell } = props;
  const height = vehicle.lanes.length * LANE_HEIGHT;
  const headingId = `planner-vehicle-${vehicle.id}`;

  // Where the press began: a drag (off a bar onto a free day, along a lane) is no click, and
  // opened a new booking where it was let go (a walk's finding).
  const pressed = useRef<Press | null>(null);
  const dayAt = (event: MouseEvent<HTMLDivElement>) =>
    Math.floor((event.clientX - event.currentTarget.getBoundingClientRect().left) / dayWidth);
  const onTrackClick = (event: MouseEvent<HTMLDivElement>) => {
    const press = pressed.current;
    pressed.current = null;
    // `detail` 0: a click of the keyboard's (Enter on a bar), whatever the mouse pressed before.
    if (event.detail !== 0 && wasDrag(press, event)) return;
    const target = event.target as HTMLElement;
    const bar = target.closest<HTMLElement>("[data-planner-bar]");
    if (bar) {
      onOpenBar(Number(bar.dataset.reservationId));
      return;
    }
    if (target.closest("[data-planner-block]")) return;
    const day = dayAt(event);
    const unit = Number(target.closest<HTMLElement>("[data-planner-lane]")?.dataset.plannerUnit) || undefined;
    if (day >= 0 && day < days) onNewBooking(vehicle.id, addDays(from, day), unit);
  };
  const onTrackMove = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const busy = target.closest("[data-planner-bar],[data-planner-block]");
    onHoverCell(busy ? null : target.closest<HTMLElement>("[data-planner-lane]"), dayAt(event));
  };

  return (
    <section aria-labelledby={headingId} className="relative flex border-b border-gray-200">
      <div
        className="sticky left-0 z-20 flex shrink-0 border-r border-gray-200 bg-white"
        style={{ width: NAME_WIDTH, height }}
      >
        <div className="flex min-w-0 flex-1 items-start gap-2.5 px-3 py-1.5">
          {vehicle.image ? (
            <img
              src={vehicle.image}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-8 w-11 shrink-0 rounded object-cover ring-1 ring-gray-200"
            />
          ) : (
            <span className="flex h-8 w-11 shrink-0 items-center justify-center rounded bg-gray-100 text-gray-400">
              <Car aria-hidden="true" className="size-4" />
            </span>
          )}
          <div className="min-w-0">
            <h3 id={headingId} className="truncate text-sm leading-5 font-semibold text-gray-900" title={vehicle.name}>
              {vehicle.name}
            </h3>
            <p className="truncate text-xs leading-4 text-gray-600">{t("grid.units", { count: vehicle.units })}</p>
          </div>
        </div>
        <LaneLabels vehicle={vehicle} t={t} />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the mouse's shortcut; keyboards use the day buttons below and the bars themselves. */}
      <div
        className="relative cursor-pointer bg-[linear-gradient(to_right,var(--color-gray-100)_1px,transparent_1px)]"
        style={{ width: days * dayWidth, backgroundSize: `${dayWidth}px 100%` }}
        onMouseDown={(event) => {
          pressed.current = pressOf(event);
        }}
        onClick={onTrackClick}
        onMouseMove={onTrackMove}
        onMouseLeave={() => onHoverCell(null, 0)}
        onKeyDown={roveDays}
      >
        {Array.from({ length: days }, (_, day) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a day is its position in the window.
            key={day}
            type="button"
            data-planner-day=""
            tabIndex={day === focusDay ? 0 : -1}
            aria-label={t("grid.newBookingOn", { name: vehicle.name, date: dayMonth(addDays(from, day), language) })}
            // Its mark hidden rather than the button transparent: each transparent button was one more
            // piece of paint for Chromium to sort into layers at every repaint (1,500 in a month).
            className="group/day pointer-events-none absolute top-0 z-10 flex items-start justify-end p-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            style={{ left: day * dayWidth, width: dayWidth, height }}
            onClick={(event) => {
              event.stopPropagation();
              onNewBooking(vehicle.id, addDays(from, day));
            }}
          >
            <span className="hidden size-5 items-center justify-center rounded-full bg-brand-600 text-white shadow group-focus-visible/day:flex">
              <Plus aria-hidden="true" className="size-3.5" />
            </span>
          </button>
        ))}
        {vehicle.lanes.map((lane, index) => (
          <TimelineLane
            // biome-ignore lint/suspicious/noArrayIndexKey: a lane is its position.
            key={index}
            lane={lane}
            unit={lane.overbooked ? null : index + 1}
            from={from}
            days={days}
            dayWidth={dayWidth}
            roomy={dayWidth >= 80}
            t={t}
            language={language}
          />
        ))}
      </div>
    </section>
  );
});
