/**
 * Times of a rental. Pickup and return are wall-clock times in the landing's time zone (PRODUCT §3):
 * an ISO date `yyyy-mm-dd` and a 24-hour `HH:mm` on the wire. Rental days are counted on the wall
 * clock, so 10:00 to 10:00 three days later is three days even across a daylight-saving change;
 * overlaps between rentals are decided on real instants.
 */

import { isoInstant } from "./iso-instant";

export type LocalDateTime = { date: string; time: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** The date's parts when it is a real calendar date ("2027-02-30" is not). */
function dateParts(date: string): [number, number, number] | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A day past the month's end (or 00) rolls into another month, as does a month past 12 (or 00).
  const real = new Date(Date.UTC(year, month - 1, day)).getUTCMonth() === month - 1;
  return real && year >= 2000 && year <= 2999 ? [year, month, day] : null;
}

export const isIsoDate = (date: string) => dateParts(date) !== null;

/** A real calendar date from 1900 on, yyyy-mm-dd: a date of birth (rental dates start in 2000). */
export function isBirthDate(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const real = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2999 && real.getUTCMonth() === month - 1 && real.getUTCDate() === day;
}
export const isTime = (time: string) => TIME.test(time);

/** Minutes since 2000-01-01 00:00 on the wall clock, or null for an impossible date or time. */
function wallClockMinutes({ date, time }: LocalDateTime): number | null {
  const parts = dateParts(date);
  const clock = TIME.exec(time);
  if (!parts || !clock) return null;
  const [year, month, day] = parts;
  return Date.UTC(year, month - 1, day, Number(clock[1]), Number(clock[2])) / MINUTE_MS;
}

/**
 * Whole 24-hour periods from pickup to return on the wall clock, rounded up, at least 1
 * (24 h is 1 day, 24 h 1 min is 2). Null when either end is not a real date and time.
 */
export function rentalDays(pickup: LocalDateTime, dropoff: LocalDateTime): number | null {
  return daysBetween(pickup.date, pickup.time, dropoff.date, dropoff.time);
}

/**
 * `fn` remembering its last answer: a list prices one searched period for each of its vehicles,
 * and reading the same dates and times again for each was a tenth of such a page's time (issue 29).
 * For functions of strings and numbers whose answer is a number, a string or null.
 */
export function rememberingLast<A extends readonly (string | number)[], R extends number | string | null>(
  fn: (...args: A) => R,
): (...args: A) => R {
  let last: { args: A; answer: R } | null = null;
  return (...args: A) => {
    if (last?.args.every((arg, index) => arg === args[index])) return last.answer;
    last = { args, answer: fn(...args) };
    return last.answer;
  };
}

const daysBetween = rememberingLast((fromDate: string, fromTime: string, toDate: string, toTime: string) => {
  const from = wallClockMinutes({ date: fromDate, time: fromTime });
  const to = wallClockMinutes({ date: toDate, time: toTime });
  if (from === null || to === null) return null;
  return Math.max(1, Math.ceil((to - from) / DAY_MINUTES));
});

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter reading an instant's year, month, day, hour and minute in `timeZone`. Building one
 * costs far more than using it (a planner month reads hundreds of instants), so each zone's is
 * made once; an unknown zone throws a RangeError here, as before, and is not kept.
 */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** Per zone, by minute since the epoch; at most OFFSETS_KEPT minutes in all. */
const offsets = new Map<string, Map<number, number>>();
let offsetsKept = 0;
const OFFSETS_KEPT = 10_000;

/**
 * Minutes the zone is ahead of UTC at `instant` (negative west of Greenwich). Reading it formats
 * the instant, and a list of 30 vehicles priced for one period reads the same few instants for
 * each card, so answers are remembered per zone and minute (up to 10,000 of them), by the minute's
 * number rather than a key written out as text on every call.
 */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const minute = Math.floor(instant / MINUTE_MS);
  let zone = offsets.get(timeZone);
  let offset = zone?.get(minute);
  if (offset === undefined) {
    if (offsetsKept >= OFFSETS_KEPT) {
      offsets.clear();
      offsetsKept = 0;
      zone = undefined;
    }
    if (!zone) {
      zone = new Map();
      offsets.set(timeZone, zone);
    }
    offset = readZoneOffsetMinutes(instant, timeZone);
    zone.set(minute, offset);
    offsetsKept++;
  }
  return offset;
}

function readZoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((asUtc - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The instant a wall-clock time in `timeZone` names. A time skipped by a spring-forward change
 * (02:30 that never happens) moves forward by the gap; a time repeated by a fall-back change
 * takes its first occurrence.
 */
export function toInstant(local: LocalDateTime, timeZone: string): Date | null {
  const instant = instantOf(local.date, local.time, timeZone);
  return instant === null ? null : new Date(instant);
}

const instantOf = rememberingLast((date: string, time: string, timeZone: string): number | null => {
  const minutes = wallClockMinutes({ date, time });
  if (minutes === null) return null;
  const wall = minutes * MINUTE_MS;
  // The zone's offsets half a day either side cover any change near this time.
  const offsets = [wall - 12 * 60 * MINUTE_MS, wall + 12 * 60 * MINUTE_MS].map((at) => zoneOffsetMinutes(at, timeZone));
  const readings = offsets
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => instant + zoneOffsetMinutes(instant, timeZone) * MINUTE_MS === wall);
  if (readings.length > 0) return Math.min(...readings);
  // In the gap: read the time with the offset in force before the change, which lands after it.
  return wall - (offsets[0] ?? 0) * MINUTE_MS;
});

/** The wall-clock date and time of `instant` in `timeZone`. */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const time = instant.getTime();
  const wall = isoInstant(time + zoneOffsetMinutes(time, timeZone) * MINUTE_MS);
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** The first full or half hour after `time` ("14:07" → "14:30", "14:30" → "15:00"); null past 23:29. */
export function nextHalfHour(time: string): string | null {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const next = (Math.floor((hours * 60 + minutes) / 30) + 1) * 30;
  if (next >= 24 * 60) return null;
  return `${String(Math.floor(next / 60)).padStart(2, "0")}:${String(next % 60).padStart(2, "0")}`;
}

/** `date` moved by whole days on the calendar ("2027-02-28" + 1 = "2027-03-01"). */
export function addDays(date: string, days: number): string {
  const parts = dateParts(date);
  if (!parts) return date;
  const moved = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2] + days));
  return moved.toISOString().slice(0, 10);
}

/**
 * A time zone as people read it, by its city: "Santo Domingo" for "America/Santo_Domingo", "Buenos
 * Aires" for "America/Argentina/Buenos_Aires" ("UTC" stays). For what a customer or an owner reads
 * ("hora de Santo Domingo"), never the database's identifier.
 */
export function timeZoneCity(timeZone: string): string {
  return (timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ");
}
