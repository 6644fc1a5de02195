/**
 * The planner's rows (issue 11): which unit of a vehicle each booking and block is drawn on.
 * A vehicle class has `units` identical cars. A booking the owner put on a unit (issue 25.22) is
 * drawn on that unit's lane; the planner deals the others out itself: greedy interval
 * partitioning, earliest start first, each item on the lowest-numbered unit free for its whole
 * period. A block holding N units takes N rows. What does not fit (more overlapping than units,
 * e.g. after the owner lowered the units, or around bookings pinned to their cars) goes to extra
 * rows flagged as overbooked, so the owner sees the conflict instead of losing a booking.
 */

/**
 * Something that holds cars for [start, end): times in ms, `units` cars (1 for a booking), and
 * the unit (1 first) the owner put it on, if any.
 */
export type LaneItem = { id: number; start: number; end: number; units: number; unit?: number | null };

export type Lane<T> = { overbooked: boolean; items: T[] };

/** Earliest start first; at the same start blocks before bookings, then by id, so the result never wobbles. */
function byStart<T extends LaneItem>(order: (item: T) => number) {
  return (a: T, b: T) => a.start - b.start || order(a) - order(b) || a.id - b.id;
}

/** Whether the lane is free for the item's whole period (periods are half-open). */
const fits = <T extends LaneItem>(lane: Lane<T>, item: T) =>
  lane.items.every((other) => other.end <= item.start || other.start >= item.end);

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
  const sorted = [...items].sort(byStart(order));
  const pinned = (item: T) => item.unit != null && item.unit >= 1 && item.unit <= lanes.length;

  /** Puts `count` cars of the item on the first lanes of `pool` free for it; answers how many are left. */
  const place = (pool: Lane<T>[], item: T, count: number) => {
    let needed = count;
    for (const lane of pool) {
      if (needed === 0) break;
      if (fits(lane, item)) {
        lane.items.push(item);
        needed--;
      }
    }
    return needed;
  };
  const overflow = (item: T, count: number) => {
    let needed = place(extra, item, count);
    for (; needed > 0; needed--) extra.push({ overbooked: true, items: [item] });
  };

  // The owner's choices first: a booking put on a unit is drawn there, or shown as a conflict.
  for (const item of sorted.filter(pinned)) {
    const lane = lanes[(item.unit ?? 1) - 1];
    if (lane && fits(lane, item)) lane.items.push(item);
    else overflow(item, 1);
  }
  for (const item of sorted.filter((candidate) => !pinned(candidate))) {
    overflow(item, place(lanes, item, Math.max(1, item.units)));
  }
  const all = [...lanes, ...extra];
  for (const lane of all) lane.items.sort(byStart(order));
  return all;
}
