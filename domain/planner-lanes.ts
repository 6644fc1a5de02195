/**
 * The planner's rows (issue 11): which unit of a vehicle each booking and block is drawn on.
 * A vehicle class has `units` identical cars. A booking the owner put on a unit (issue 25.22) is
 * drawn on that unit's lane; the planner deals the others out itself: greedy interval
 * partitioning, earliest start first, each item on the lowest-numbered unit free for its whole
 * period. A block holding N units takes N rows. What does not fit (more overlapping than units,
 * e.g. after the owner lowered the units, or around bookings pinned to their cars) goes to extra
 * rows flagged as overbooked, so the owner sees the conflict instead of losing a booking.
 *
 * A car out with its customer (on rent, issue 28) holds its unit until it is checked in, whatever
 * its planned return (`plannerHold`), and is a fixed point like a block: it is dealt with the
 * pinned bookings, in time order, so a booking put on a unit that starts while the car is still
 * out is the one shown as the conflict, never the car that is out.
 */

/** A booking on rent that is not back by its planned return: still out, overdue. */
export const isOverdue = (booking: { status: string; end: number }, now: number) =>
  booking.status === "on_rent" && booking.end <= now;

/**
 * Until when the planner holds a booking's unit (ms): its planned return, or, on rent past it
 * (`isOverdue`), the end of today's column (`endOfToday`, the next midnight on the landing's
 * clock), and never before `now`. Availability (server/reservations/availability.ts,
 * `onRentUntil`) refuses the unit for 24 hours from now for the same reason; the planner, drawn by
 * days, shows the car out up to now and through the rest of today. A car checked in early (`back`,
 * the counter's return, before its planned one) held its unit until then: its unit is free again
 * (availability lets it be booked), so the planner must not draw a conflict there. Back late, it
 * is drawn to its planned return, as the booking after it is.
 */
export function plannerHold(
  booking: { status: string; end: number; back?: number | null },
  now: number,
  endOfToday: number,
) {
  if (booking.back != null && (booking.status === "returned" || booking.status === "completed")) {
    return { overdue: false, end: Math.min(booking.end, booking.back) };
  }
  const overdue = isOverdue(booking, now);
  return { overdue, end: overdue ? Math.max(booking.end, now, endOfToday) : booking.end };
}

/**
 * Something that holds cars for [start, end): times in ms (a booking on rent: to `plannerHold`'s
 * end), `units` cars (1 for a booking), the unit (1 first) the owner put it on, if any, and
 * whether it is a car out with its customer (`out`: on rent).
 */
export type LaneItem = { id: number; start: number; end: number; units: number; unit?: number | null; out?: boolean };

export type Lane<T> = { overbooked: boolean; items: T[] };

/** Earliest start first; at the same start blocks before bookings, then by id, so the result never wobbles. */
function byStart<T extends LaneItem>(order: (item: T) => number) {
  return (a: T, b: T) => a.start - b.start || order(a) - order(b) || a.id - b.id;
}

/** Whether two items share an instant (periods are half-open). */
const clash = (a: LaneItem, b: LaneItem) => a.start < b.end && b.start < a.end;

/** Whether the lane is free for the item's whole period. */
const fits = <T extends LaneItem>(lane: Lane<T>, item: T) => lane.items.every((other) => !clash(other, item));

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

  const fixed = (item: T) => pinned(item) || item.out === true;

  // The owner's choices and the cars out first, in time order: a booking put on a unit is drawn
  // there, or shown as a conflict; a car out takes the lowest unit no booking is put on for its
  // period (else the lowest free one, and what was put there later is the conflict).
  for (const item of sorted.filter(fixed)) {
    if (pinned(item)) {
      const lane = lanes[(item.unit ?? 1) - 1];
      if (lane && fits(lane, item)) lane.items.push(item);
      else overflow(item, 1);
      continue;
    }
    const claimed = (index: number) =>
      sorted.some((other) => other !== item && pinned(other) && other.unit === index + 1 && clash(other, item));
    const lane =
      lanes.find((candidate, index) => fits(candidate, item) && !claimed(index)) ??
      lanes.find((candidate) => fits(candidate, item));
    if (lane) lane.items.push(item);
    else overflow(item, 1);
  }
  for (const item of sorted.filter((candidate) => !fixed(candidate))) {
    overflow(item, place(lanes, item, Math.max(1, item.units)));
  }
  const all = [...lanes, ...extra];
  for (const lane of all) lane.items.sort(byStart(order));
  return all;
}
