import { cn } from "@web/lib/cn";
import { CircleCheck } from "lucide-react";
import { type ComponentProps, forwardRef, useId } from "react";
import { FieldError } from "./field";

export type RadioCardOption = {
  value: string;
  label: string;
  hint?: string;
  /** A short tag before the label ("es"), filled when the card is chosen. */
  badge?: string;
  /** The label's own language, when it is not the page's (a language's name in that language). */
  lang?: string;
};

type RadioCardsProps = Omit<ComponentProps<"input">, "type" | "value"> & {
  legend: string;
  options: readonly RadioCardOption[];
  /** The chosen value (watched from the form), to draw the chosen card. */
  value: string | undefined;
  error?: string;
  columns?: 1 | 2;
  /** Held in the page's own state (not a form library's): each radio is then checked by `value`. */
  onValueChange?: (value: string) => void;
};

/**
 * A choice among a few options as large radio cards, each with a line saying what it means
 * (register() spreads into it, or the page holds the value: `onValueChange`): the landing's
 * language, how bookings are paid, how a deposit was received.
 */
export const RadioCards = forwardRef<HTMLInputElement, RadioCardsProps>(function RadioCards(
  { legend, options, value, error, columns = 2, onValueChange, ...inputProps },
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
                "relative flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border bg-white p-3.5 transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked ? "border-brand-600 ring-1 ring-brand-600" : "border-gray-300 hover:border-gray-400",
                error && !checked && "border-red-600",
              )}
            >
              {/* Not controlled with `checked`: react-hook-form checks the radio itself. React would also
                  set `defaultChecked` from `checked` at mount, and the form would then read the group
                  as unanswered when its values are reset (after a save). */}
              <input
                ref={ref}
                type="radio"
                value={option.value}
                className="absolute inset-0 size-full cursor-pointer opacity-0"
                aria-invalid={error ? true : undefined}
                {...inputProps}
                {...(onValueChange && { checked, onChange: () => onValueChange(option.value) })}
              />
              {option.badge && (
                <span
                  className={cn(
                    // min-h, not h: at 200 % text on a 320 px phone the spacing stays 4 px while the letters double.
                    "flex min-h-6 min-w-9 shrink-0 items-center justify-center rounded-md px-1.5 text-xs font-bold uppercase",
                    checked ? "bg-brand-600 text-white" : "bg-gray-100 text-gray-700",
                  )}
                  aria-hidden="true"
                >
                  {option.badge}
                </span>
              )}
              <span className="flex min-w-0 flex-col">
                <span className="pr-7 text-sm font-semibold text-gray-900" lang={option.lang}>
                  {option.label}
                </span>
                {option.hint && <span className="text-sm text-gray-600">{option.hint}</span>}
              </span>
              {checked && <CircleCheck aria-hidden="true" className="absolute top-3 right-3 size-5 text-brand-600" />}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
});
