import { DISPLAY_NAME_MAX } from "@domain/landings";
import { textLength } from "@domain/text-length";
import { CharCounter } from "@web/ui/char-counter";
import { Input } from "@web/ui/input";
import { CircleAlert } from "lucide-react";
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
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
