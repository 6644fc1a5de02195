import { textLength } from "@domain/text-length";
import { cn } from "@web/lib/cn";
import { CharCounter } from "@web/ui/char-counter";
import { FieldError } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { Textarea } from "@web/ui/textarea";
import type { ComponentProps } from "react";
import { useId } from "react";

type CountedFieldProps = Omit<ComponentProps<"input"> & ComponentProps<"textarea">, "id" | "value" | "max"> & {
  label: string;
  value: string;
  /** The recommended length (60 for titles, 160 for descriptions); past it the hint warns. */
  hint?: number;
  /** The hard limit from domain/landings.ts: past it the counter turns red and saving says why (text is never cut). */
  limit: number;
  hintText: string;
  overHintText?: string;
  error?: string;
  multiline?: boolean;
  required?: boolean;
  optionalLabel?: string;
};

/**
 * A text field with a live character counter against its recommended length and its limit. Past
 * the recommended length it warns; it never cuts what the owner typed or pasted.
 */
export function CountedField({
  label,
  value,
  hint,
  limit,
  hintText,
  overHintText,
  error,
  multiline = false,
  required = false,
  optionalLabel,
  ...props
}: CountedFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // In characters, as the server's limit counts them: an emoji is one, not two.
  const length = textLength(value);
  const overHint = hint !== undefined && length > hint;
  const control = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-required": required || undefined,
    "aria-describedby": [hintId, error ? errorId : undefined, counterId].filter(Boolean).join(" "),
  };
  return (
    <div className="flex flex-col gap-1.5">
      {/* The count goes under a label it has no room beside (200 % text on a phone). */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          )}
          {/* A space, not a margin alone: the field's name read "Palabras clave(opcional)". */}
          {optionalLabel && <span className="ml-1 font-normal text-gray-600"> ({optionalLabel})</span>}
        </label>
        <CharCounter id={counterId} count={length} hint={hint} max={limit} />
      </div>
      {multiline ? (
        <Textarea {...(props as ComponentProps<"textarea">)} {...control} rows={3} />
      ) : (
        <Input {...(props as ComponentProps<"input">)} {...control} />
      )}
      <p id={hintId} className={cn("text-sm", overHint ? "font-medium text-amber-800" : "text-gray-600")}>
        {overHint && overHintText ? overHintText : hintText}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
