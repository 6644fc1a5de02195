import type { Language } from "./languages";
import { isBirthDate, isIsoDate, isTime } from "./rental-time";

/**
 * Dates and times as people read them (PRODUCT §5): dd-mm-yyyy and 12-hour AM/PM in Spanish,
 * the English locale's format in English. ISO `yyyy-mm-dd` and 24-hour `HH:mm` on the wire.
 */

const UNAVAILABLE: Record<Language, string> = { es: "Fecha no disponible", en: "Date not available" };
const ENGLISH_DATE = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * "2027-03-05" -> "05-03-2027" (es) or "Mar 5, 2027" (en); a bad value -> "Fecha no disponible".
 * Any real date from 1900 on: a driver's date of birth is shown too, not only rental dates.
 */
export function formatDate(isoDate: string, language: Language): string {
  if (!isBirthDate(isoDate)) return UNAVAILABLE[language];
  const [year, month, day] = isoDate.split("-");
  if (language === "es") return `${day}-${month}-${year}`;
  return ENGLISH_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * "14:05" -> "2:05 PM"; "00:00" -> "12:00 AM". A no-break space before AM/PM: a line never ends
 * on "10:00" with "AM" under it (a phone at 200 % text did, in the booking's step strip).
 */
export function formatTime(time: string, language: Language): string {
  if (!isTime(time)) return UNAVAILABLE[language];
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")}\u00a0${suffix}`;
}

export const formatDateTime = (date: string, time: string, language: Language) =>
  `${formatDate(date, language)} ${formatTime(time, language)}`;

/** "05-03-2027" (the Spanish display) -> "2027-03-05"; null when it is not a real date. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  const iso = match ? `${match[3]}-${match[2]}-${match[1]}` : text.trim();
  return isIsoDate(iso) ? iso : null;
}

/** "2:05 PM" or "14:05" -> "14:05"; null when it is not a time. */
export function parseDisplayTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?\s*[Mm]\.?$/.exec(text.trim());
  if (!match) return isTime(text.trim()) ? text.trim() : null;
  const hour12 = Number(match[1]);
  if (hour12 < 1 || hour12 > 12) return null;
  const pm = match[3]?.toLowerCase() === "p";
  const hours = (hour12 % 12) + (pm ? 12 : 0);
  const time = `${String(hours).padStart(2, "0")}:${match[2]}`;
  return isTime(time) ? time : null;
}
