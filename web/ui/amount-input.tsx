import type { Language } from "@domain/languages";
import { parseMoney } from "@domain/money";
import type { ComponentProps, Ref } from "react";
import { amountInputText, currencySymbol } from "../lib/format";
import { AdornedInput } from "./adorned-input";

type AmountInputProps = Omit<ComponentProps<"input">, "value" | "onChange" | "prefix"> & {
  value: string;
  onValueChange: (value: string) => void;
  currency: string;
  language: Language;
  ref?: Ref<HTMLInputElement>;
};

/** An amount typed as text (a fee, a refund); once left, it is shown as it was understood ("1.250,50" -> "1,250.50"). */
export function AmountInput({ value, onValueChange, currency, language, ...props }: AmountInputProps) {
  return (
    <AdornedInput
      {...props}
      prefix={currencySymbol(currency, language)}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        const parsed = parseMoney(event.target.value);
        if (event.target.value.trim() !== "" && parsed.ok) onValueChange(amountInputText(parsed.cents, language));
      }}
    />
  );
}
