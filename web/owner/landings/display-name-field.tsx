import { DISPLAY_NAME_MAX } from "@domain/landings";
import { textLength } from "@domain/text-length";
import { useNarrowText } from "@web/lib/use-media-query";
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
export function DisplayNameField({ label, value, hint, error, placeholder, ...inputProps }: DisplayNameFieldProps) {
  const id = useId();
  // Its example ("Ej.: Autos Año Nuevo SRL") is a line under the field on a screen narrow for its
  // text, as `Field`'s longPlaceholder: at 320 px and 200 % the field cut it (385 px in 220).
  const placeholderLine = useNarrowText() && placeholder ? placeholder : undefined;
  const placeholderId = placeholderLine ? `${id}-placeholder` : undefined;
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
        aria-describedby={[placeholderId, hintId, error ? errorId : undefined, counterId].filter(Boolean).join(" ")}
        placeholder={placeholderLine ? undefined : placeholder}
        {...inputProps}
      />
      {placeholderLine && (
        <p id={placeholderId} className="text-sm text-gray-500">
          {placeholderLine}
        </p>
      )}
      <p id={hintId} className="text-sm text-gray-600">
        {hint}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
