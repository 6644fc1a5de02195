import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";
import { Field } from "./field";
import { inputClasses } from "./input";

export type SelectOption = { value: string; label: string };

type NativeSelectProps = Omit<ComponentProps<"select">, "children"> & {
  options: readonly SelectOption[];
  /** A first, empty choice such as "Choose…"; it cannot be picked again once a value is chosen. */
  placeholder?: string;
};

/**
 * The browser's own select, styled like the inputs: on a phone it opens the system picker, and it
 * works with every screen reader and keyboard without extra code.
 */
export function NativeSelect({ options, placeholder, className, ...props }: NativeSelectProps) {
  return (
    <div className="relative">
      <select className={cn(inputClasses, "appearance-none pr-10", className)} {...props}>
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
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500"
      />
    </div>
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
