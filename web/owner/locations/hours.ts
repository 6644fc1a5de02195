import { formatTime } from "@domain/date-format";
import type { Language } from "@domain/languages";
import type { ApiMessageKey } from "@domain/messages";
import type { WeekHours } from "@domain/rental-rules";
import { isTime } from "@domain/rental-time";
import { intlLocale } from "@web/lib/format";

/**
 * Opening hours as the owner edits them. On the wire a week is Sunday first (index = the date's
 * getUTCDay()); on screen it starts on Monday, as calendars do in the Dominican Republic.
 */
export const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** One day in the editor: open or closed, and its times as typed (kept when the day is closed). */
export type DayDraft = { open: boolean; from: string; to: string };

/** "lunes" / "Monday" (long) or "lun" / "Mon" (short) for a wire index (0 = Sunday). */
export function weekdayName(index: number, language: Language, style: "long" | "short" = "long"): string {
  // 1 January 2023 was a Sunday.
  const date = new Date(Date.UTC(2023, 0, 1 + index));
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: style, timeZone: "UTC" }).format(date);
}

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The editor's days (wire order) for a place's hours; a place without hours starts at 08:00-18:00 every day. */
export function draftDays(hours: WeekHours | null): DayDraft[] {
  return Array.from({ length: 7 }, (_, index) => {
    const day = hours ? hours[index] : { open: "08:00", close: "18:00" };
    return day ? { open: true, from: day.open, to: day.close } : { open: false, from: "08:00", to: "18:00" };
  });
}

/** The week as the API takes it, Sunday first. */
export const weekHours = (days: DayDraft[]): WeekHours =>
  days.map((day) => (day.open ? { open: day.from, close: day.to } : null));

/** What is wrong with a day, as a message key, or null. */
export function dayProblem(day: DayDraft): ApiMessageKey | null {
  if (!day.open) return null;
  if (!isTime(day.from) || !isTime(day.to)) return "timeInvalid";
  return day.from < day.to ? null : "hoursReversed";
}

type Words = { closed: string; range: (from: string, to: string) => string; always: string };

/**
 * A week in a line, Monday first, equal neighbours grouped: "Lun–Vie 8:00 AM–6:00 PM · Sáb
 * 9:00 AM–1:00 PM · Dom cerrado". Null hours: the words for "always open".
 */
export function weekSummary(hours: WeekHours | null, language: Language, words: Words): string {
  return weekSummaryParts(hours, language, words).join(" · ");
}

/** The groups of `weekSummary`, one per run of equal days, to be kept whole on screen. */
export function weekSummaryParts(hours: WeekHours | null, language: Language, words: Words): string[] {
  if (!hours) return [words.always];
  const text = (index: number) => {
    const day = hours[index];
    return day ? words.range(formatTime(day.open, language), formatTime(day.close, language)) : words.closed;
  };
  const groups: { first: number; last: number; text: string }[] = [];
  for (const index of DISPLAY_ORDER) {
    const current = text(index);
    const previous = groups[groups.length - 1];
    if (previous && previous.text === current) previous.last = index;
    else groups.push({ first: index, last: index, text: current });
  }
  return groups.map((group) => {
    const first = capitalize(weekdayName(group.first, language, "short").replace(".", ""));
    const last = capitalize(weekdayName(group.last, language, "short").replace(".", ""));
    return `${group.first === group.last ? first : `${first}–${last}`} ${group.text}`;
  });
}
