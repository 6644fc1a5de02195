import type { Language } from "@domain/languages";
import { FAQ_ANSWER_MAX, FAQ_MAX, FAQ_QUESTION_MAX } from "@domain/rental-rules";
import { textLength } from "@domain/text-length";
import { displayMessage } from "@web/i18n/messages";
import { RowField, RowsEditor } from "@web/owner/rules";
import { Button } from "@web/ui/button";
import { CharCounter } from "@web/ui/char-counter";
import { Input } from "@web/ui/input";
import { removeRowKeepingFocus } from "@web/ui/row-removal";
import { Textarea } from "@web/ui/textarea";
import { MessageCircleQuestion, Trash2 } from "lucide-react";
import { type UseFormReturn, useFieldArray, useFormState, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { FaqRow, RulesValues } from "./rules-values";

const EMPTY_ROW: FaqRow = { question: "", answer: "", other_question: "", other_answer: "" };

/**
 * The owner's own questions for the FAQ page (issue 24.3): rows of a question and its answer, each
 * also in the landing's other language, added and removed here and saved with the rules. Every
 * input has its own label, so a screen reader names the row ("Pregunta 2: Respuesta").
 */
export function FaqEditor({
  form,
  otherLanguage,
  disabled,
}: {
  form: UseFormReturn<RulesValues>;
  otherLanguage: Language;
  disabled?: boolean;
}) {
  const { t } = useTranslation("landings");
  const { control, register } = form;
  const { errors } = useFormState({ control, name: "faq" });
  const { fields, append, remove } = useFieldArray({ control, name: "faq" });
  const rows = useWatch({ control, name: "faq" });
  const listError = displayMessage(t, errors.faq?.message ?? errors.faq?.root?.message);
  const language = t(`languagesInSentence.${otherLanguage}`);

  const text = (index: number, part: keyof FaqRow, id: string) => {
    const other = part.startsWith("other_");
    const answer = part.endsWith("answer");
    // A question is typed, so the field stops at its limit; an answer is often pasted, so it is
    // never cut short: its counter turns red past the limit and saving says why.
    const control = {
      lang: other ? otherLanguage : undefined,
      maxLength: answer ? undefined : FAQ_QUESTION_MAX,
      disabled,
      ...register(`faq.${index}.${part}`),
    };
    return (
      <RowField
        id={id}
        label={t(`rules.faqEntry.${part}`, { language })}
        error={displayMessage(t, errors.faq?.[index]?.[part]?.message)}
        longPlaceholder={part === "question" ? t("rules.faqEntry.questionPlaceholder") : undefined}
        aside={answer && <CharCounter count={textLength((rows?.[index]?.[part] ?? "").trim())} max={FAQ_ANSWER_MAX} />}
      >
        {(field) => (answer ? <Textarea rows={3} {...field} {...control} /> : <Input {...field} {...control} />)}
      </RowField>
    );
  };

  return (
    <RowsEditor
      count={fields.length}
      empty={t("rules.faqEmpty")}
      emptyIcon={MessageCircleQuestion}
      listLabel={t("rules.termsTitle")}
      listError={listError}
      addLabel={t("rules.faqEntry.add")}
      onAdd={() => append(EMPTY_ROW, { shouldFocus: true })}
      countText={t("rules.faqCount", { count: fields.length, max: FAQ_MAX })}
      full={fields.length >= FAQ_MAX}
      disabled={disabled}
    >
      {fields.map((field, index) => {
        const number = index + 1;
        return (
          <li
            key={field.id}
            aria-label={t("rules.faqEntry.label", { number })}
            className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-gray-50/60 p-3"
            data-testid="faq-row"
          >
            {/* A phone reads a question and its answer, then both in the other language; a
                desktop shows each language in its own column. */}
            <div className="grid gap-3 lg:grid-flow-col lg:grid-cols-2 lg:grid-rows-[auto_auto]">
              {text(index, "question", `faq-${field.id}-question`)}
              {text(index, "answer", `faq-${field.id}-answer`)}
              {text(index, "other_question", `faq-${field.id}-other-question`)}
              {text(index, "other_answer", `faq-${field.id}-other-answer`)}
            </div>
            <div className="flex justify-end">
              <Button
                variant="ghost"
                onClick={(event) => removeRowKeepingFocus(event.currentTarget, () => remove(index))}
                disabled={disabled}
                className="text-gray-600 hover:bg-red-50 hover:text-red-700"
                data-remove-row=""
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t("rules.faqEntry.remove", { number })}
              </Button>
            </div>
          </li>
        );
      })}
    </RowsEditor>
  );
}
