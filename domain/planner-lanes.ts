/**
 * The planner's rows (issue 11): which unit of a vehicle each booking and block is drawn on.
 * A vehicle class has `units` identical cars and a booking never names one, so the planner
 * deals them out itself: greedy interval partitioning, earliest start first, each item on the
 * lowest-numbered unit free at its start. A block holding N units takes N rows. What does not
 * fit (more overlapping than units, e.g. after the owner lowered the units) goes to extra rows
 * flagged as overbooked, so the owner sees the conflict instead of losing a booking.
 */

/** Something that holds cars for [start, end): times in ms, `units` cars (1 for a booking). */
export type LaneItem = { id: number; start: number; end: number; units: number };

export type Lane<T> = { overbooked: boolean; items: T[] };

/** Earliest start first; at the same start blocks before bookings, then by id, so the result never wobbles. */
function byStart<T extends LaneItem>(order: (item: T) => number) {
  return (a: T, b: T) => a.start - b.start || order(a) - order(b) || a.id - b.id;
}

/**
 * `units` lanes (one per car), then as many overbooked lanes as the overflow needs. `order` breaks
 * ties between items that start together (lower first).
 */
export function assignLanes<T extends LaneItem>(
  units: number,
  items: readonly T[],
  order: (item: T) => number = () => 0,
) {
  const lanes: Lane<T>[] = Array.from({ length: Math.max(0, units) }, () => ({ overbooked: false, items: [] }));
  const extra: Lane<T>[] = [];
  /** When each lane is free again (ms); parallel to `lanes` and `extra`. */
  const freeAt = lanes.map(() => Number.NEGATIVE_INFINITY);
  const extraFreeAt: number[] = [];

  for (const item of [...items].sort(byStart(order))) {
    let needed = Math.max(1, item.units);
    for (let index = 0; index < lanes.length && needed > 0; index++) {
      if ((freeAt[index] ?? 0) <= item.start) {
        lanes[index]?.items.push(item);
        freeAt[index] = item.end;
        needed--;
      }
    }
    for (let index = 0; needed > 0; index++) {
      if (index === extra.length) {
        extra.push({ overbooked: true, items: [] });
        extraFreeAt.push(Number.NEGATIVE_INFINITY);
      }
      if ((extraFreeAt[index] ?? 0) <= item.start) {
        extra[index]?.items.push(item);
        extraFreeAt[index] = item.end;
        needed--;
      }
    }
  }
  return [...lanes, ...extra];
}
