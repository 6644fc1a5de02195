import type { ComponentProps } from "react";
import { Field } from "./field";
import { PasswordInput } from "./password-input";

type PasswordFieldProps = Omit<ComponentProps<"input">, "id" | "type"> & {
  label: string;
  hint?: string;
  error?: string;
};

export function PasswordField({ label, hint, error, ...inputProps }: PasswordFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <PasswordInput {...inputProps} {...control} fieldName={label} />}
    </Field>
  );
}
