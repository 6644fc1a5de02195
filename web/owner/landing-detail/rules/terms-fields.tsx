import type { Language } from "@domain/languages";
import { TERMS_MAX } from "@domain/rental-rules";
import { textLength } from "@domain/text-length";
import { displayMessage } from "@web/i18n/messages";
import { CountedTextareaField } from "@web/ui/counted-textarea-field";
import { type UseFormReturn, useFormState, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { RulesValues } from "./rules-values";

/**
 * The rental conditions a visitor accepts when booking (issue 24.3), in the landing's language and,
 * side by side on a desktop, in its other language.
 */
export function TermsFields({
  form,
  otherLanguage,
  disabled,
}: {
  form: UseFormReturn<RulesValues>;
  otherLanguage: Language;
  disabled?: boolean;
}) {
  const { t } = useTranslation("landings");
  const { register, control } = form;
  const { errors } = useFormState({ control, name: ["terms", "other_terms"] });
  const [terms = "", otherTerms = ""] = useWatch({ control, name: ["terms", "other_terms"] });
  const language = t(`languagesInSentence.${otherLanguage}`);
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <CountedTextareaField
        label={t("rules.terms")}
        hint={t("rules.termsHint")}
        placeholder={t("rules.termsPlaceholder")}
        error={displayMessage(t, errors.terms?.message)}
        rows={6}
        count={textLength(terms.trim())}
        limit={TERMS_MAX}
        disabled={disabled}
        data-testid="rules-terms"
        {...register("terms")}
      />
      <CountedTextareaField
        label={t("rules.otherTerms", { language })}
        hint={t("rules.otherTermsHint", { language })}
        error={displayMessage(t, errors.other_terms?.message)}
        rows={6}
        lang={otherLanguage}
        count={textLength(otherTerms.trim())}
        limit={TERMS_MAX}
        disabled={disabled}
        data-testid="rules-other-terms"
        {...register("other_terms")}
      />
    </div>
  );
}
