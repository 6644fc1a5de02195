import { LANGUAGES, type Language } from "@domain/languages";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage } from "../i18n/setup";
import { cn } from "../lib/cn";
import { notify } from "../lib/notify";

/**
 * Two-button switch between Spanish and English; the choice is remembered (PRODUCT §8).
 * `onChoose` hears of a switch made (not of one overtaken by a later press, nor of one whose strings
 * could not arrive: the owner is told so, and the dashboard stays in its language).
 */
export function LanguageSwitch({
  className,
  onChoose,
}: {
  className?: string;
  onChoose?: (language: Language) => void;
}) {
  // useTranslation re-renders this switch whenever the language changes.
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <fieldset className={cn("inline-flex min-w-0 items-center gap-1", className)}>
      <legend className="sr-only">{t("language.label")}</legend>
      <Languages aria-hidden="true" className="mr-1 size-4 text-gray-500" />
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          onClick={async () => {
            const result = await changeLanguage(language);
            if (result === "switched") onChoose?.(language);
            if (result === "unreachable") notify.error("language-switch", t("errors.unreachable"));
            else notify.dismiss("language-switch");
          }}
          aria-pressed={active === language}
          title={t(`language.${language}`)}
          className={cn(
            "h-11 min-w-11 rounded-lg px-2 text-sm font-semibold uppercase transition-colors",
            active === language ? "bg-brand-50 text-brand-700" : "text-gray-600 hover:bg-gray-100 hover:text-gray-900",
          )}
        >
          <span aria-hidden="true">{language}</span>
          <span className="sr-only">{t(`language.${language}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
