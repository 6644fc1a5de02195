import type { Language } from "@domain/languages";
import { parseMoney } from "@domain/money";
import { displayMessage } from "@web/i18n/messages";
import { amountInputText, currencySymbol } from "@web/lib/format";
import { AdornedInput } from "@web/ui/adorned-input";
import { Field } from "@web/ui/field";
import type { FocusEvent } from "react";
import type { FieldPath, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";

type Kind = "whole" | "money" | "percent" | "phone";
type Unit = "days" | "hours" | "months" | "years" | "minutes" | "km";

type RuleInputProps<T extends Record<string, unknown>> = {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  label: string;
  hint: string;
  kind: Kind;
  /** What a whole number counts, written after it inside the input ("días"). */
  unit?: Unit;
  /** An amount's currency, whose sign goes before it inside the input. */
  currency?: string;
  language: Language;
  disabled?: boolean;
};

const INPUT_MODES: Record<Kind, "numeric" | "decimal" | "tel"> = {
  whole: "numeric",
  money: "decimal",
  percent: "decimal",
  phone: "tel",
};

/** What an empty input shows: a zero amount or rate. */
const PLACEHOLDERS: Partial<Record<Kind, string>> = { money: "0.00", percent: "0" };
/** How a phone number is written: wider than a narrow screen's field, so a line under it there (Field). */
const PHONE_EXAMPLE = "+1 809 555 0101";

/**
 * One rule, of a landing or a vehicle's override of it: its label, the input with its unit inside
 * (the currency's sign, "días", "%"), a sentence that explains it, and the error under it. Amounts
 * are shown as they were understood once typed ("1.250,50" -> "1,250.50").
 */
export function RuleInput<T extends Record<string, unknown>>({
  form,
  name,
  label,
  hint,
  kind,
  unit,
  currency,
  language,
  disabled,
}: RuleInputProps<T>) {
  const { t } = useTranslation("landings");
  const { register, setValue, getFieldState, formState } = form;
  const error = displayMessage(t, getFieldState(name, formState).error?.message);
  const registration = register(name, {
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (kind !== "money") return;
      const text = event.target.value;
      const parsed = parseMoney(text);
      if (text.trim() !== "" && parsed.ok) {
        setValue(name, amountInputText(parsed.cents, language) as never, { shouldDirty: true });
      }
    },
  });
  return (
    <Field label={label} hint={hint} error={error} longPlaceholder={kind === "phone" ? PHONE_EXAMPLE : undefined}>
      {(control) => (
        <AdornedInput
          placeholder={PLACEHOLDERS[kind]}
          {...control}
          {...registration}
          prefix={kind === "money" && currency ? currencySymbol(currency, language) : undefined}
          suffix={kind === "percent" ? "%" : unit && t(`rules.units.${unit}`)}
          inputMode={INPUT_MODES[kind]}
          type={kind === "phone" ? "tel" : "text"}
          autoComplete={kind === "phone" ? "tel" : "off"}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
