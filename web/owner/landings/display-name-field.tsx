import { DISPLAY_NAME_MAX } from "@domain/landings";
import { textLength } from "@domain/text-length";
import { CharCounter } from "@web/ui/char-counter";
import { FieldError } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { type ComponentProps, useId } from "react";

type DisplayNameFieldProps = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  value: string;
  hint: string;
  error?: string;
};

/** The business name exactly as the owner types it (accents, capitals, "&"), with its 60-character counter. */
export function DisplayNameField({ label, value, hint, error, ...inputProps }: DisplayNameFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        <CharCounter id={counterId} count={textLength(value.trim())} max={DISPLAY_NAME_MAX} />
      </div>
      <Input
        id={id}
        value={value}
        autoComplete="organization"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined, counterId].filter(Boolean).join(" ")}
        {...inputProps}
      />
      <p id={hintId} className="text-sm text-gray-600">
        {hint}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
