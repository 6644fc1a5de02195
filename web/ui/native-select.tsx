import type { ComponentProps } from "react";
import { Field } from "./field";
import { Select } from "./select";

export type SelectOption = { value: string; label: string };

type NativeSelectProps = Omit<ComponentProps<"select">, "children"> & {
  options: readonly SelectOption[];
  /** A first, empty choice such as "Choose…"; it cannot be picked again once a value is chosen. */
  placeholder?: string;
};

/** The shared Select, filled from a list of options (the browser's own picker on a phone). */
export function NativeSelect({ options, placeholder, ...props }: NativeSelectProps) {
  return (
    <Select {...props}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

type SelectFieldProps = Omit<NativeSelectProps, "id"> & { label: string; hint?: string; error?: string };

/** A labelled select; spread react-hook-form's register() into it. */
export function SelectField({ label, hint, error, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <NativeSelect {...selectProps} {...control} />}
    </Field>
  );
}
