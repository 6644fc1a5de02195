import { useTranslation } from "react-i18next";
import { currentLanguage } from "../i18n/setup";
import { cn } from "../lib/cn";
import { formatNumber } from "../lib/format";

type CharCounterProps = {
  count: number;
  /** The length search engines show; past it the counter turns amber. */
  hint?: number;
  /** The hard limit; the field refuses to go past it. */
  max: number;
  id?: string;
};

/** "42 / 60": how long a text is against its recommended length (its limit when there is none, or past it). */
export function CharCounter({ count, hint, max, id }: CharCounterProps) {
  const { t } = useTranslation("landings");
  // Past the limit it counts against the limit, as the refusal beside it does (a walk's finding:
  // "5,017 / 60" over "the most is 120").
  const target = hint === undefined || count > max ? max : hint;
  const state = count > max ? "over" : hint !== undefined && count > hint ? "warn" : "ok";
  // Grouped as every other figure of the dashboard: "1,200 / 5,000", never "1200 / 5000".
  const language = currentLanguage();
  const shown = { length: formatNumber(count, language), target: formatNumber(target, language) };
  return (
    <span
      className={cn(
        "text-xs font-medium whitespace-nowrap tabular-nums",
        state === "over" ? "text-red-700" : state === "warn" ? "text-amber-700" : "text-gray-600",
      )}
    >
      <span aria-hidden="true">
        {shown.length} / {shown.target}
      </span>
      {/* The field's description names only the words: the figures too read "0 / 60 0 de 60 caracteres". */}
      <span id={id} className="sr-only">
        {t("ui.charCount", shown)}
      </span>
    </span>
  );
}
