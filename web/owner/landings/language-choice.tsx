import { LANGUAGES } from "@domain/languages";
import { RadioCards } from "@web/ui/radio-cards";
import { type ComponentProps, forwardRef } from "react";
import { useTranslation } from "react-i18next";

type LanguageChoiceProps = Omit<ComponentProps<"input">, "type" | "value"> & {
  legend: string;
  value: string | undefined;
  error?: string;
};

/** The landing's language for visitors as two large radio cards (register() spreads into it). */
export const LanguageChoice = forwardRef<HTMLInputElement, LanguageChoiceProps>(function LanguageChoice(props, ref) {
  const { t } = useTranslation("landings");
  const options = LANGUAGES.map((language) => ({
    value: language,
    badge: language,
    label: t(`languages.${language}`),
    lang: language,
    hint: t(`languages.${language}Hint`),
  }));
  return <RadioCards ref={ref} options={options} {...props} />;
});
