import { FUEL_EIGHTHS } from "@domain/return-charges";
import { cn } from "@web/lib/cn";
import { FieldError } from "@web/ui/field";
import { useId } from "react";
import { useTranslation } from "react-i18next";

type FuelFieldProps = {
  value: number | null;
  onChange: (eighths: number) => void;
  error?: string;
  disabled?: boolean;
};

const LEVELS = Array.from({ length: FUEL_EIGHTHS + 1 }, (_, eighths) => eighths);

/**
 * The fuel gauge in eighths, as nine choices from empty to full (a row, or two on a phone): one tap,
 * and arrow keys between them (a radio group).
 */
export function FuelField({ value, onChange, error, disabled }: FuelFieldProps) {
  const { t } = useTranslation("reservations");
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-gray-800">{t("counter.fuel")}</legend>
      {/* Nine in a row from a small tablet up; on a phone two rows (empty to half, then to full), so
          each choice stays a 44 px target with its word inside it; three to a row where the text is
          large for the screen, where a fifth of it was narrower than "Vacío". */}
      <div className="mt-1.5 grid grid-cols-5 gap-1.5 cramped:grid-cols-3 sm:grid-cols-9 sm:gap-1">
        {LEVELS.map((eighths) => {
          const shown =
            eighths === 0 ? t("counter.empty") : eighths === FUEL_EIGHTHS ? t("counter.full") : `${eighths}/8`;
          return (
            <label
              key={eighths}
              className={cn(
                "relative flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-end rounded-md border px-1 pb-1 text-xs font-medium",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                value === eighths
                  ? "border-brand-600 bg-brand-50 text-brand-900"
                  : "border-gray-300 bg-white text-gray-700",
                disabled && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                type="radio"
                name={id}
                // Over the whole choice, transparent: the tap lands on the radio itself.
                className="absolute inset-0 size-full cursor-pointer opacity-0"
                checked={value === eighths}
                onChange={() => onChange(eighths)}
                disabled={disabled}
                // Starts with the word on the choice, so "6/8" or "Lleno" said aloud finds it (WCAG 2.5.3).
                aria-label={t("counter.fuelLevel", { shown, eighths })}
                // Marked, so a refusal's focus finds the gauge (the form focuses its first marked field).
                aria-invalid={error ? true : undefined}
              />
              <span
                aria-hidden="true"
                className={cn(
                  "mb-1 w-3 rounded-sm",
                  value !== null && eighths <= value ? "bg-brand-500" : "bg-gray-200",
                )}
                style={{ height: `${4 + eighths * 3}px` }}
              />
              <span aria-hidden="true">{shown}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
