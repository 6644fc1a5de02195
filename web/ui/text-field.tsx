import type { ComponentProps, ReactNode } from "react";
import { Field } from "./field";
import { Input } from "./input";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  hint?: string;
  error?: string;
  /** Beside the label, at its end: a character counter, say. */
  labelAside?: ReactNode;
  /** A placeholder of several words, a line under the field on a narrow screen (Field). */
  longPlaceholder?: string;
};

/** A labelled text input; spread react-hook-form's register() into it. */
export function TextField({ label, hint, error, labelAside, longPlaceholder, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside} longPlaceholder={longPlaceholder}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  );
}
