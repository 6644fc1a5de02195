import type { Language } from "./languages";

/**
 * The `Intl` locale each language writes money, numbers and dates in (PRODUCT §8): Dominican
 * Spanish and US English. The one table of them: the browser's formatting (web/lib/format.ts) reads it too.
 */
export const INTL_LOCALES: Record<Language, string> = { es: "es-DO", en: "en-US" };

/**
 * One formatter per language and currency: building an `Intl.NumberFormat` costs far more than
 * using one. Each keeps the amounts it wrote lately: a list writes the same totals for every
 * period of the same length, and `format` was a twentieth of its render (issue 29).
 */
const formatters = new Map<string, { format: Intl.NumberFormat; written: Map<number, string> }>();
/** Amounts kept per formatter; all are forgotten at once beyond it. */
const WRITTEN_KEPT = 4096;

/** "US$1,250.00" in Spanish, "$1,250.00" in English: `Intl`, grouping included. */
export function formatMoney(cents: number, currency: string, language: Language): string {
  const key = `${language} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = {
      format: new Intl.NumberFormat(INTL_LOCALES[language], { style: "currency", currency }),
      written: new Map(),
    };
    formatters.set(key, formatter);
  }
  let text = formatter.written.get(cents);
  if (text === undefined) {
    text = formatter.format.format(cents / 100);
    if (formatter.written.size >= WRITTEN_KEPT) formatter.written.clear();
    formatter.written.set(cents, text);
  }
  return text;
}

/**
 * `tooLarge`: an amount, but of more digits than any price (a fingertip held on a key);
 * `subCent`: an amount with digits past the cents ("0.125"), which no price has.
 */
export type ParsedMoney =
  | { ok: true; cents: number }
  | { ok: false; reason: "invalid" | "ambiguous" | "tooLarge" | "subCent" };

const invalid: ParsedMoney = { ok: false, reason: "invalid" };
/** A currency sign or code people type before or after an amount: "US$", "RD$", "$", "USD", "€". */
const CURRENCY_PREFIX = /^(?:[a-z]{1,3}\$|[a-z]{3}|[$€£¥])\s*/i;
const CURRENCY_SUFFIX = /\s*(?:[a-z]{3}|[$€£¥])$/i;
/** Spaces used as thousands separators: plain, no-break and narrow no-break. */
const SPACE_GROUPS = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d*)?$/;
const MAX_INTEGER_DIGITS = 12;

/** Digits before and after the decimal mark (either may be empty, not both: parseMoney checks) -> cents. */
function toCents(integer: string, decimals: string): ParsedMoney {
  if (integer.length > MAX_INTEGER_DIGITS) return { ok: false, reason: "tooLarge" };
  // Sub-cent digits are only accepted when they are zeros ("12.500"), so nothing is rounded away.
  if (/[1-9]/.test(decimals.slice(2))) return { ok: false, reason: "subCent" };
  const cents = `${decimals}00`.slice(0, 2);
  return { ok: true, cents: Number(integer) * 100 + Number(cents) };
}

/** Whether `text` is digit groups of three joined by `separator`, the first of one to three digits. */
const isGrouped = (text: string, separator: string) => new RegExp(`^\\d{1,3}(?:\\${separator}\\d{3})+$`).test(text);

/**
 * An amount as people type it, in either convention: "45", "45,50", "1,250.50", "1.250,50",
 * "US$ 45", "1 250,50". A single separator followed by exactly three digits ("1,250", "1.250") is
 * read one way in the Dominican Republic and the other in Spain, so it is refused as ambiguous
 * rather than guessed. Negative amounts are invalid.
 */
export function parseMoney(input: string | number): ParsedMoney {
  if (typeof input === "number") {
    return Number.isFinite(input) && input >= 0 ? { ok: true, cents: Math.round(input * 100) } : invalid;
  }
  let text = input.trim().replace(CURRENCY_PREFIX, "").replace(CURRENCY_SUFFIX, "");
  if (SPACE_GROUPS.test(text)) text = text.replace(/[ \u00a0\u202f]/g, "");
  // From here on: only digits and marks, at least one digit.
  if (!/^[\d.,]*\d[\d.,]*$/.test(text)) return invalid;

  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  if (lastDot === -1 && lastComma === -1) return toCents(text, "");

  if (lastDot !== -1 && lastComma !== -1) {
    // Both marks: the last one is the decimal mark, the other groups thousands.
    const decimalAt = Math.max(lastDot, lastComma);
    const group = decimalAt === lastDot ? "," : ".";
    const integer = text.slice(0, decimalAt);
    const decimals = text.slice(decimalAt + 1);
    if (!isGrouped(integer, group) || decimals === "") return invalid;
    return toCents(integer.replaceAll(group, ""), decimals);
  }

  const mark = lastDot !== -1 ? "." : ",";
  const pieces = text.split(mark);
  if (pieces.length > 2) {
    // "1,250,000" or "1.250.000": the mark can only be grouping thousands.
    return isGrouped(text, mark) ? toCents(pieces.join(""), "") : invalid;
  }
  // One mark: digits on each side of it, none after it ("45,") is not an amount.
  const [integer = "", decimals = ""] = pieces;
  if (decimals === "") return invalid;
  const couldBeThousands = decimals.length === 3 && /^[1-9]\d{0,2}$/.test(integer);
  if (couldBeThousands) return { ok: false, reason: "ambiguous" };
  return toCents(integer, decimals);
}
