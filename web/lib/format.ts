import { formatDate, formatTime } from "@domain/date-format";
import type { Language } from "@domain/languages";
import { INTL_LOCALES, formatMoney as intlMoney, parseMoney } from "@domain/money";
import { toInstant, toLocal } from "@domain/rental-time";

/**
 * Money, numbers and rates as people read them in the browser, in the owner dashboard and on the
 * public site alike. The public site renders on the server and hydrates in the browser: these are
 * plain functions of their arguments (no clock, no browser locale), so both give the same text.
 * The language -> `Intl` locale table is domain/money.ts's: es-DO and en-US (PRODUCT §8).
 */

/** The `Intl` locale a language is written in: "es-DO" or "en-US". */
export const intlLocale = (language: Language): string => INTL_LOCALES[language];

/** Cents as plain "1250.50": two decimals, no grouping, no sign; one reading only, as the API takes amounts. */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * "US$1,250.00" in Spanish, "$1,250.00" in English (domain/money.ts). A currency code `Intl` does not
 * know is written after a plain amount ("1250.00 XYZ") rather than failing the page.
 */
export function formatMoney(cents: number, currency: string, language: Language): string {
  try {
    return intlMoney(cents, currency, language);
  } catch {
    return `${centsText(cents)} ${currency}`;
  }
}

/**
 * A number format per language, made on first use: building an `Intl.NumberFormat` takes about
 * 30 µs and using one under 1 µs, and a page with a price breakdown formats rates on every render.
 */
function numberFormatPerLanguage(options?: Intl.NumberFormatOptions): (language: Language) => Intl.NumberFormat {
  const made = new Map<Language, Intl.NumberFormat>();
  return (language) => {
    let format = made.get(language);
    if (!format) {
      format = new Intl.NumberFormat(intlLocale(language), options);
      made.set(language, format);
    }
    return format;
  };
}

/** "US$1.2 k" on a chart's axis, where the full amount would crowd it. */
export const formatCompactMoney = (cents: number, currency: string, language: Language) =>
  new Intl.NumberFormat(intlLocale(language), {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(cents / 100);

const amountInputFormat = numberFormatPerLanguage({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A saved amount as it goes back into an input: grouped, two decimals, no sign ("1,250.50"). */
export const amountInputText = (cents: number, language: Language) => amountInputFormat(language).format(cents / 100);

/** An amount a form accepted, as plain "1250.50" for the API (one reading only); anything else as typed. */
export function plainAmount(text: string): string {
  const parsed = parseMoney(text);
  return parsed.ok && text.trim() !== "" ? centsText(parsed.cents) : text.trim();
}

/** The currency's sign alone, for the adornment of a price input ("US$" in Spanish, "$" in English). */
export function currencySymbol(currency: string, language: Language): string {
  try {
    return (
      new Intl.NumberFormat(intlLocale(language), { style: "currency", currency })
        .formatToParts(0)
        .find((part) => part.type === "currency")?.value ?? currency
    );
  } catch {
    return currency;
  }
}

/** "1,250": a count, grouped; the same function the server's messages and documents use. */
export { formatNumber } from "@domain/numbers";

const percentFormat = numberFormatPerLanguage({ style: "percent", maximumFractionDigits: 1 });
/** A share out of 100 as a percentage: "22,6 %" in Spanish, "22.6%" in English (one decimal at most). */
export const formatPercent = (value: number, language: Language) => percentFormat(language).format(value / 100);

const rateFormat = numberFormatPerLanguage({ maximumFractionDigits: 2 });
/** A rate (a tax of 18 or 18.5 percent) as a number, without the sign: "18,5" / "18.5". */
export const formatRate = (rate: number, language: Language) => rateFormat(language).format(rate);

/** A rate with its sign: "18 %" in Spanish, "18%" in English, with decimals only when the rate has them. */
export function formatRateWithSign(rate: number, language: Language): string {
  const number = formatRate(rate, language);
  return language === "es" ? `${number} %` : `${number}%`;
}

/** "05-03-2027 · 10:00 AM" (es) or "Mar 5, 2027 · 10:00 AM" (en). */
export const formatWhen = (date: string, time: string, language: Language) =>
  `${formatDate(date, language)} · ${formatTime(time, language)}`;

/**
 * An instant (ISO) as the landing's wall clock reads it, in the dashboard's date format: a check-out
 * at 05:55 in Santo Domingo reads "30-11-2026 · 5:55 AM" wherever the browser is.
 */
export function formatInstant(iso: string, timeZone: string, language: Language): string {
  const { date, time } = toLocal(new Date(iso), timeZone);
  return formatWhen(date, time, language);
}

/**
 * An instant as a `datetime-local` input shows it, on the landing's wall clock (`2026-11-30T05:55`).
 * The input has no time zone of its own and the browser's may be any other: a counter's return time
 * reads as every other time of the landing does.
 */
export function wallClockInputValue(instant: Date, timeZone: string): string {
  const { date, time } = toLocal(instant, timeZone);
  return `${date}T${time}`;
}

/**
 * The instant a `datetime-local` input's value names on the landing's wall clock, whatever the
 * browser's zone (seconds, which the input shows only when asked to, are dropped); null when it
 * names none ("", a date that does not exist).
 */
export function instantOfWallClockInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return toInstant({ date: match[1], time: match[2] }, timeZone);
}

/** The longest search echoed back in an empty result ("Ninguna landing coincide con «…»"). */
const ECHOED_SEARCH_MAX = 40;

/**
 * What the owner searched for, trimmed and cut to a readable length with "…" (whole characters,
 * never half an emoji): a pasted page of text was echoed whole, several screens tall.
 */
export function echoedSearch(search: string): string {
  const characters = [...search.trim()];
  return characters.length > ECHOED_SEARCH_MAX
    ? `${characters.slice(0, ECHOED_SEARCH_MAX).join("").trimEnd()}…`
    : characters.join("");
}
