import { formatTime } from "@domain/date-format";
import type { Language } from "@domain/languages";
import { addDays, isIsoDate } from "@domain/rental-time";
import { intlLocale } from "@web/lib/format";

export { addDays, isIsoDate };

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Whole calendar days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: string, b: string) => Math.round((utc(b) - utc(a)) / DAY_MS);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string) => new Date(utc(date)).getUTCDay();

export const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

export const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

/** `date` moved by whole months, its day kept when the month has it (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** The browser's own date, yyyy-mm-dd: the first guess until the landing's zone says otherwise. */
export function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Minutes since midnight of a `yyyy-mm-ddTHH:mm` wall-clock reading. */
export const minutesOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

const format = (date: string, language: Language, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(intlLocale(language), { timeZone: "UTC", ...options }).format(utc(date));

/** "lun", "Mon". */
export const shortWeekday = (date: string, language: Language) =>
  format(date, language, { weekday: "short" }).replace(".", "");

/** "L", "M", "X" ("M", "T", "W"): a weekday where there is room for a letter. */
export const narrowWeekday = (date: string, language: Language) => format(date, language, { weekday: "narrow" });

/** "12 nov", "Nov 12". */
export const dayMonth = (date: string, language: Language) =>
  format(date, language, { day: "numeric", month: "short" }).replace(".", "");

/** "jueves, 12 de noviembre", "Thursday, November 12". */
export const longDay = (date: string, language: Language) =>
  format(date, language, { weekday: "long", day: "numeric", month: "long" });

/** "9:30 AM" (a wall-clock yyyy-mm-ddTHH:mm), as the rest of the dashboard writes a time (it was "9:30 a. m." here). */
export const clock = (local: string, language: Language) => formatTime(local.slice(11, 16), language);

/** "9–15 nov 2026", "Nov 9 – 15, 2026": the visible range, last day inclusive. */
export const rangeTitle = (first: string, last: string, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" })
    .formatRange(utc(first), utc(last))
    .replaceAll(".", "");
