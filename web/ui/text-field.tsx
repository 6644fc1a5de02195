import type { ComponentProps, ReactNode } from "react";
import { Field } from "./field";
import { Input } from "./input";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  hint?: string;
  error?: string;
  /** Beside the label, at its end: a character counter, say. */
  labelAside?: ReactNode;
};

/** A labelled text input; spread react-hook-form's register() into it. */
export function TextField({ label, hint, error, labelAside, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  );
}
