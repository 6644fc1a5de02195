/**
 * An instant (ms since the epoch) as `Date.prototype.toISOString` writes it, "2027-03-05T14:05:00.000Z",
 * at a quarter of its cost: V8's builtin took 1.2 µs a call here, and the planner's month of 700
 * bookings writes six instants per booking (issue 29, docs/performance.md). Years outside
 * 1000-9999, which toISOString writes otherwise, are left to it.
 */
export function isoInstant(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  const days = Math.floor(minutes / DAY_MINUTES);
  const [year, month, day] = civilFromDays(days);
  if (year < 1000 || year > 9999) return new Date(ms).toISOString();
  const inDay = minutes - days * DAY_MINUTES;
  const inMinute = ms - minutes * MINUTE_MS;
  const seconds = Math.floor(inMinute / 1000);
  const millis = inMinute - seconds * 1000;
  return `${year}-${two(month)}-${two(day)}T${two(Math.floor(inDay / 60))}:${two(inDay % 60)}:${two(seconds)}.${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const two = (value: number) => (value < 10 ? `0${value}` : `${value}`);

/**
 * Year, month (1-12) and day of the proleptic Gregorian calendar `days` after 1970-01-01: Howard
 * Hinnant's `civil_from_days` (https://howardhinnant.github.io/date_algorithms.html), counting
 * in 400-year eras of 146,097 days from 0000-03-01 so that February's leap day ends each year.
 */
function civilFromDays(days: number): [number, number, number] {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}
