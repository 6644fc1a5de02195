import type { Language } from "./languages";
import { INTL_LOCALES } from "./money";

/** One count format per language, made on first use: building an `Intl.NumberFormat` costs far more than using one. */
const countFormats = new Map<Language, Intl.NumberFormat>();

/**
 * "12,345": a count, grouped, as every screen, message and document writes it (es-DO and en-US
 * both group with commas; PRODUCT §8). The one home of it: the API's messages, the PDFs and the
 * browser's formatting (web/lib/format.ts) all call this.
 */
export function formatNumber(value: number, language: Language): string {
  let format = countFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language]);
    countFormats.set(language, format);
  }
  return format.format(value);
}
