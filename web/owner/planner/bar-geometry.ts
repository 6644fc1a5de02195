import { daysBetween, minutesOf } from "./dates";

export type Geometry = { from: string; days: number; dayWidth: number };

/** The narrowest a bar is drawn: a rental of a few hours (one returned early) still shows. */
const MIN_WIDTH = 8;
/** Where the lane is free around it, a short bar is drawn this wide, to be seen and clicked. */
const READABLE_WIDTH = 28;

/** Free px in a lane before a thing's left edge (back to what ends before it) and after it (to the next start). */
export type Room = { before: number; after: number };

/**
 * Left edge and width in px of [start, end) days from the window's start, cut to the window. A
 * short one is drawn at least 8 px, and up to 28 px into the free `room` around it: first after
 * it, then before it. Drawn over its neighbours, a rental of a few hours covered the start of the
 * unit's next booking, its name and status; at 8 px (4 between its margins) one returned minutes
 * after it left was a sliver nobody could click.
 */
export function span(
  start: number,
  end: number,
  { days, dayWidth }: Geometry,
  room: Room = { before: 0, after: Number.POSITIVE_INFINITY },
) {
  const left = Math.max(0, start);
  const right = Math.min(days, end);
  const own = (right - left) * dayWidth;
  const widened = Math.max(own, Math.min(READABLE_WIDTH, room.after));
  const shift = Math.max(0, Math.min(READABLE_WIDTH - widened, room.before));
  return {
    left: left * dayWidth - shift,
    width: Math.max(widened + shift, MIN_WIDTH),
    cutStart: start < 0,
    cutEnd: end > days,
  };
}

/**
 * The free room around each of a lane's things ([start, end) in days from the window's start), in
 * the same order: after it, to the next later start or the window's end; before it, back to the
 * latest end of what starts earlier, or the window's start. Things starting together overlap anyway.
 */
export function roomsIn(things: { start: number; end: number }[], { days, dayWidth }: Geometry): Room[] {
  return things.map((thing, index) => {
    const from = Math.max(0, thing.start);
    let next = days;
    let previous = 0;
    things.forEach((other, otherIndex) => {
      if (otherIndex === index) return;
      if (Math.max(0, other.start) > from) next = Math.min(next, Math.max(0, other.start));
      else if (other.start < thing.start) previous = Math.max(previous, other.end);
    });
    return { before: Math.max(0, (from - previous) * dayWidth), after: Math.max(0, (next - from) * dayWidth) };
  });
}

/** Days (with the fraction of the day) from the window's first midnight to a wall-clock reading. */
export const offsetOf = (from: string, local: string) =>
  daysBetween(from, local.slice(0, 10)) + minutesOf(local) / 1440;
