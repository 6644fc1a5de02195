import { formatDate, formatTime } from "../../../domain/date-format";
import type { Language } from "../../../domain/languages";
import { formatMoney } from "../../../domain/money";

export { formatMoney };

/** "05-03-2027 · 10:00 AM" (es) or "Mar 5, 2027 · 10:00 AM" (en). */
export const formatWhen = (date: string, time: string, language: Language) =>
  `${formatDate(date, language)} · ${formatTime(time, language)}`;

/** A tax rate of 18 or 18.5 percent as people read it in the page's language. */
export const formatRate = (rate: number, language: Language) =>
  new Intl.NumberFormat(language === "es" ? "es-DO" : "en-US", { maximumFractionDigits: 2 }).format(rate);
