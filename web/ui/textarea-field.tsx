import type { ComponentProps, ReactNode } from "react";
import { cn } from "../lib/cn";
import { Field } from "./field";
import { Textarea } from "./textarea";

export type TextareaFieldProps = Omit<ComponentProps<"textarea">, "id"> & {
  label: string;
  hint?: string;
  error?: string;
  /** Shown after the label, e.g. a character counter. */
  labelAside?: ReactNode;
};

/** A labelled multi-line input; spread react-hook-form's register() into it. */
export function TextareaField({ label, hint, error, labelAside, className, rows = 4, ...props }: TextareaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} labelAside={labelAside}>
      {(control) => <Textarea rows={rows} className={cn("resize-y leading-6", className)} {...props} {...control} />}
    </Field>
  );
}
