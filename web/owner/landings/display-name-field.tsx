import { DISPLAY_NAME_MAX } from "@domain/landings";
import { textLength } from "@domain/text-length";
import { CharCounter } from "@web/ui/char-counter";
import { Field } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { type ComponentProps, useId } from "react";

type DisplayNameFieldProps = Omit<ComponentProps<"input">, "id" | "placeholder"> & {
  label: string;
  value: string;
  hint: string;
  error?: string;
  /** Its example ("Ej.: Autos Año Nuevo SRL"): a line under the field where the field would cut it (`Field`). */
  placeholder?: string;
};

/** The business name exactly as the owner types it (accents, capitals, "&"), with its 60-character counter. */
export function DisplayNameField({ label, value, hint, error, placeholder, ...inputProps }: DisplayNameFieldProps) {
  const counterId = `${useId()}-counter`;
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      longPlaceholder={placeholder}
      labelAside={<CharCounter id={counterId} count={textLength(value.trim())} max={DISPLAY_NAME_MAX} />}
    >
      {(control) => (
        <Input
          {...control}
          aria-describedby={[control["aria-describedby"], counterId].filter(Boolean).join(" ")}
          value={value}
          autoComplete="organization"
          {...inputProps}
        />
      )}
    </Field>
  );
}
