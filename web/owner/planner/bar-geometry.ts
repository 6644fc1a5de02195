import { daysBetween, minutesOf } from "./dates";

export type Geometry = { from: string; days: number; dayWidth: number };

/**
 * Left edge and width in px of [start, end) days from the window's start, cut to the window; at
 * least 8 px. Drawn wider, a rental of a few hours (one returned early) covered the start of the
 * unit's next booking, its name and status.
 */
export function span(start: number, end: number, { days, dayWidth }: Geometry) {
  const left = Math.max(0, start);
  const right = Math.min(days, end);
  return {
    left: left * dayWidth,
    width: Math.max((right - left) * dayWidth, 8),
    cutStart: start < 0,
    cutEnd: end > days,
  };
}

/** Days (with the fraction of the day) from the window's first midnight to a wall-clock reading. */
export const offsetOf = (from: string, local: string) =>
  daysBetween(from, local.slice(0, 10)) + minutesOf(local) / 1440;
