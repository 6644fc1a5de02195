import { daysBetween, minutesOf } from "./dates";

export type Geometry = { from: string; days: number; dayWidth: number };

/** The narrowest a bar is drawn: a rental of a few hours (one returned early) still shows. */
const MIN_WIDTH = 8;
/** Where the lane is free after it, a short bar is drawn this wide, to be seen and clicked. */
const READABLE_WIDTH = 28;

/**
 * Left edge and width in px of [start, end) days from the window's start, cut to the window. A
 * short one is drawn at least 8 px, and up to 28 px where `room` (px from its left edge to the
 * next thing in its lane, or to the window's end) allows: drawn wider than its room, a rental of a
 * few hours covered the start of the unit's next booking, its name and status; at 8 px (4 between
 * its margins) one returned minutes after it left was a sliver nobody could click.
 */
export function span(start: number, end: number, { days, dayWidth }: Geometry, room = Number.POSITIVE_INFINITY) {
  const left = Math.max(0, start);
  const right = Math.min(days, end);
  return {
    left: left * dayWidth,
    width: Math.max((right - left) * dayWidth, MIN_WIDTH, Math.min(READABLE_WIDTH, room)),
    cutStart: start < 0,
    cutEnd: end > days,
  };
}

/**
 * The room after each of a lane's starts (in days from the window's start): the distance in px to
 * the next later start, or to the window's end. Things starting together overlap anyway.
 */
export function roomAfter(starts: number[], { days, dayWidth }: Geometry) {
  const sorted = [...new Set(starts.map((start) => Math.max(0, start)))].sort((a, b) => a - b);
  return (start: number) => {
    const from = Math.max(0, start);
    const next = sorted.find((other) => other > from) ?? days;
    return Math.max(0, (next - from) * dayWidth);
  };
}

/** Days (with the fraction of the day) from the window's first midnight to a wall-clock reading. */
export const offsetOf = (from: string, local: string) =>
  daysBetween(from, local.slice(0, 10)) + minutesOf(local) / 1440;
