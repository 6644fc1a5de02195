import type { Language } from "@domain/languages";
import { intlLocale } from "@web/lib/format";

/** A calendar date or month read as UTC, so no browser zone moves it a day. */
const utc = (date: string) => new Date(`${date.length === 7 ? `${date}-01` : date}T00:00:00Z`);

/** "15 mar" / "Mar 15". */
export const shortDay = (date: string, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), { day: "numeric", month: "short", timeZone: "UTC" }).format(utc(date));

/** "domingo, 15 de marzo de 2026" / "Sunday, March 15, 2026": tooltips and tables. */
export const longDay = (date: string, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "full", timeZone: "UTC" }).format(utc(date));

/** "mar 2026" / "Mar 2026" on an axis: "Mar 26" read as the 26th of March. */
export const shortMonth = (month: string, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), { month: "short", year: "numeric", timeZone: "UTC" }).format(
    utc(month),
  );

/** "marzo de 2026" / "March 2026". */
export const longMonth = (month: string, language: Language) =>
  new Intl.DateTimeFormat(intlLocale(language), { month: "long", year: "numeric", timeZone: "UTC" }).format(utc(month));

export type Change = { direction: "up" | "down" | "same" | "new" | "none"; percent: number };

/**
 * This month against last: up or down by how much (in %), the same, "new" when last month had
 * nothing to compare with, or "none" when both are zero.
 */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return { direction: current === 0 ? "none" : "new", percent: 0 };
  const change = Math.round(((current - previous) * 1000) / previous) / 10;
  if (change === 0) return { direction: "same", percent: 0 };
  return { direction: change > 0 ? "up" : "down", percent: Math.abs(change) };
}
