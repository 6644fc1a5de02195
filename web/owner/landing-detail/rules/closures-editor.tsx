import type { Language } from "@domain/languages";
import { CLOSURES_MAX, RULE_NOTE_MAX } from "@domain/rental-rules";
import { displayMessage } from "@web/i18n/messages";
import { RemoveRowButton, RowField, RowsEditor } from "@web/owner/rules";
import { Input } from "@web/ui/input";
import { CalendarX2 } from "lucide-react";
import { type UseFormReturn, useFieldArray, useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { RulesValues } from "./rules-values";

type Part = "from" | "to" | "note" | "other_note";

/**
 * The landing's closed dates (holidays): rows of from, to and an optional reason, added and
 * removed here and saved with the rules. Each input has its own label, so a screen reader names
 * the row ("Fechas cerradas 2: desde").
 */
export function ClosuresEditor({
  form,
  otherLanguage,
  disabled,
}: {
  form: UseFormReturn<RulesValues>;
  /** The landing's other language: each reason may be written in it too. */
  otherLanguage: Language;
  disabled?: boolean;
}) {
  const { t } = useTranslation("landings");
  const { control, register } = form;
  const { errors } = useFormState({ control, name: "closures" });
  const { fields, append, remove } = useFieldArray({ control, name: "closures" });
  const listError = displayMessage(t, errors.closures?.message ?? errors.closures?.root?.message);

  const input = (index: number, part: Part, id: string) => {
    const text = part === "note" || part === "other_note";
    return (
      <RowField
        id={id}
        label={t(`rules.closure.${part}`, { language: t(`languagesInSentence.${otherLanguage}`) })}
        error={displayMessage(t, errors.closures?.[index]?.[part]?.message)}
        longPlaceholder={part === "note" ? t("rules.closure.notePlaceholder") : undefined}
      >
        {(control) => (
          <Input
            {...control}
            type={text ? "text" : "date"}
            lang={part === "other_note" ? otherLanguage : undefined}
            className={text ? undefined : "px-2"}
            maxLength={text ? RULE_NOTE_MAX : undefined}
            disabled={disabled}
            {...register(`closures.${index}.${part}`)}
          />
        )}
      </RowField>
    );
  };

  return (
    <RowsEditor
      count={fields.length}
      empty={t("rules.closuresEmpty")}
      emptyIcon={CalendarX2}
      listLabel={t("rules.closuresTitle")}
      listError={listError}
      addLabel={t("rules.closure.add")}
      onAdd={() => append({ from: "", to: "", note: "", other_note: "" }, { shouldFocus: true })}
      countText={t("rules.closuresCount", { count: fields.length, max: CLOSURES_MAX })}
      full={fields.length >= CLOSURES_MAX}
      disabled={disabled}
    >
      {fields.map((field, index) => {
        const number = index + 1;
        return (
          <li
            key={field.id}
            aria-label={t("rules.closure.label", { number })}
            // One column on a screen narrow for its text: two dates side by side cut their days.
            className="relative grid grid-cols-2 gap-x-2 gap-y-3 rounded-lg border border-gray-200 bg-gray-50/60 p-3 cramped:grid-cols-1 sm:grid-cols-[9.5rem_9.5rem_minmax(0,1fr)_auto] sm:items-start"
            data-testid="closure-row"
          >
            {input(index, "from", `closure-${field.id}-from`)}
            {input(index, "to", `closure-${field.id}-to`)}
            {/* On a phone the remove button sits beside the reason: the dates get the whole width. */}
            <div className="col-span-2 mr-12 cramped:col-span-1 sm:col-span-1 sm:mr-0">
              {input(index, "note", `closure-${field.id}-note`)}
            </div>
            <div className="col-span-2 mr-12 cramped:col-span-1 sm:col-span-1 sm:col-start-3 sm:mr-0">
              {input(index, "other_note", `closure-${field.id}-other-note`)}
            </div>
            <RemoveRowButton
              label={t("rules.closure.remove", { number })}
              onRemove={() => remove(index)}
              disabled={disabled}
              className="absolute right-2 bottom-3 sm:static sm:mt-6"
            />
          </li>
        );
      })}
    </RowsEditor>
  );
}
