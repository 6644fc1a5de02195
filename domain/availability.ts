/**
 * Availability by peak occupancy (PRODUCT §5). A vehicle class with `units` cars is free for a
 * period when, at every instant of it, fewer than `units` active reservations (and blocks) hold a
 * car. Periods are half-open, [start, end): a return at 10:00 frees the car for a 10:00 pickup.
 */

/** A half-open period holding `units` cars (1 when not said: a booking; a block may hold more). */
export type Period = { start: number; end: number; units?: number };

/**
 * The busiest instant within `window`: how many units are held then, and when that first happens
 * (0 units at the window's start when no period touches it).
 */
export function busiestInstant(periods: Period[], window: Period): { units: number; at: number } {
  const events: [at: number, change: number][] = [];
  for (const period of periods) {
    const start = Math.max(period.start, window.start);
    const end = Math.min(period.end, window.end);
    const units = period.units ?? 1;
    if (start < end) events.push([start, units], [end, -units]);
  }
  // At the same instant a return happens before a pickup, which is what half-open periods mean.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = { units: 0, at: window.start };
  for (const [at, change] of events) {
    current += change;
    // Only a higher count moves the peak, so a later instant as busy keeps the first.
    if (current > peak.units) peak = { units: current, at };
  }
  return peak;
}

/** The most units held at the same instant within `window` (0 when no period touches it). */
export const peakOccupancy = (periods: Period[], window: Period): number => busiestInstant(periods, window).units;

/** Whether one more rental fits in `window` beside the `taken` periods of a class of `units` cars. */
export const isAvailable = (units: number, taken: Period[], window: Period) =>
  window.start < window.end && peakOccupancy(taken, window) < units;

/** Whether two half-open periods share an instant. */
export const overlaps = (a: Period, b: Period) => a.start < b.end && b.start < a.end;
