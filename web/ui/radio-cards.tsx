import { cn } from "@web/lib/cn";
import { CircleCheck } from "lucide-react";
import { type ComponentProps, forwardRef, useId } from "react";

export type RadioCardOption = { value: string; label: string; hint?: string };

type RadioCardsProps = Omit<ComponentProps<"input">, "type" | "value"> & {
  legend: string;
  options: readonly RadioCardOption[];
  /** The chosen value (watched from the form), to draw the chosen card. */
  value: string | undefined;
  error?: string;
  columns?: 1 | 2;
};

/** A choice among a few options as large radio cards, each with a line saying what it means (register() spreads into it). */
export const RadioCards = forwardRef<HTMLInputElement, RadioCardsProps>(function RadioCards(
  { legend, options, value, error, columns = 2, ...inputProps },
  ref,
) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-gray-800">{legend}</legend>
      <div className={cn("grid gap-3", columns === 2 && "sm:grid-cols-2")}>
        {options.map((option) => {
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                "relative flex min-h-11 cursor-pointer flex-col rounded-lg border bg-white p-3.5 pr-10 transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked ? "border-brand-600 ring-1 ring-brand-600" : "border-gray-300 hover:border-gray-400",
                error && !checked && "border-red-600",
              )}
            >
              {/* Not controlled: react-hook-form checks the radio itself (see LanguageChoice). */}
              <input
                ref={ref}
                type="radio"
                value={option.value}
                className="absolute inset-0 size-full cursor-pointer opacity-0"
                aria-invalid={error ? true : undefined}
                {...inputProps}
              />
              <span className="text-sm font-semibold text-gray-900">{option.label}</span>
              {option.hint && <span className="text-sm text-gray-600">{option.hint}</span>}
              {checked && <CircleCheck aria-hidden="true" className="absolute top-3 right-3 size-5 text-brand-600" />}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
});
