import type { ComponentProps } from "react";
import { Field } from "./field";
import { Input } from "./input";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  hint?: string;
  error?: string;
};

/** A labelled text input; spread react-hook-form's register() into it. */
export function TextField({ label, hint, error, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  );
}
