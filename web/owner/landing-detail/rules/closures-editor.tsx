import { CalendarX2, Plus, Trash2 } from "lucide-react";
import { type UseFormReturn, useFieldArray, useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../domain/languages";
import { CLOSURES_MAX, RULE_NOTE_MAX } from "../../../../domain/rental-rules";
import { displayMessage } from "../../../i18n/messages";
import { Button } from "../../../ui/button";
import { Input } from "../../../ui/input";
import { RowField } from "../../rules/row-field";
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
  const full = fields.length >= CLOSURES_MAX;
  const listError = displayMessage(t, errors.closures?.message ?? errors.closures?.root?.message);

  const input = (index: number, part: Part, id: string) => {
    const text = part === "note" || part === "other_note";
    return (
      <RowField
        id={id}
        label={t(`rules.closure.${part}`, { language: t(`languagesInSentence.${otherLanguage}`) })}
        error={displayMessage(t, errors.closures?.[index]?.[part]?.message)}
      >
        {(control) => (
          <Input
            {...control}
            type={text ? "text" : "date"}
            lang={part === "other_note" ? otherLanguage : undefined}
            className={text ? undefined : "px-2"}
            maxLength={text ? RULE_NOTE_MAX : undefined}
            placeholder={part === "note" ? t("rules.closure.notePlaceholder") : undefined}
            disabled={disabled}
            {...register(`closures.${index}.${part}`)}
          />
        )}
      </RowField>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      {fields.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-600">
          <CalendarX2 aria-hidden="true" className="size-5 text-gray-400" />
          {t("rules.closuresEmpty")}
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t("rules.closuresTitle")}>
          {fields.map((field, index) => {
            const number = index + 1;
            return (
              <li
                key={field.id}
                aria-label={t("rules.closure.label", { number })}
                className="relative grid grid-cols-2 gap-x-2 gap-y-3 rounded-lg border border-gray-200 bg-gray-50/60 p-3 sm:grid-cols-[9.5rem_9.5rem_minmax(0,1fr)_auto] sm:items-start"
                data-testid="closure-row"
              >
                {input(index, "from", `closure-${field.id}-from`)}
                {input(index, "to", `closure-${field.id}-to`)}
                {/* On a phone the remove button sits beside the reason: the dates get the whole width. */}
                <div className="col-span-2 mr-12 sm:col-span-1 sm:mr-0">
                  {input(index, "note", `closure-${field.id}-note`)}
                </div>
                <div className="col-span-2 mr-12 sm:col-span-1 sm:col-start-3 sm:mr-0">
                  {input(index, "other_note", `closure-${field.id}-other-note`)}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={t("rules.closure.remove", { number })}
                  title={t("rules.closure.remove", { number })}
                  className="absolute right-2 bottom-3 text-gray-500 hover:bg-red-50 hover:text-red-700 sm:static sm:mt-6"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      {listError && <p className="text-sm font-medium text-red-700">{listError}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => append({ from: "", to: "", note: "", other_note: "" }, { shouldFocus: true })}
          disabled={full || disabled}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("rules.closure.add")}
        </Button>
        <span className="text-sm text-gray-600">
          {t("rules.closuresCount", { count: fields.length, max: CLOSURES_MAX })}
        </span>
      </div>
    </div>
  );
}
