import { LANGUAGES } from "@domain/languages";
import { cn } from "@web/lib/cn";
import { CircleCheck } from "lucide-react";
import { type ComponentProps, forwardRef, useId } from "react";
import { useTranslation } from "react-i18next";

type LanguageChoiceProps = Omit<ComponentProps<"input">, "type" | "value"> & {
  legend: string;
  value: string | undefined;
  error?: string;
};

/** The landing's language for visitors as two large radio cards (register() spreads into it). */
export const LanguageChoice = forwardRef<HTMLInputElement, LanguageChoiceProps>(function LanguageChoice(
  { legend, value, error, ...inputProps },
  ref,
) {
  const { t } = useTranslation("landings");
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-gray-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {LANGUAGES.map((language) => {
          const checked = value === language;
          return (
            <label
              key={language}
              className={cn(
                "relative flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border bg-white p-3.5 transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked ? "border-brand-600 ring-1 ring-brand-600" : "border-gray-300 hover:border-gray-400",
                error && !checked && "border-red-600",
              )}
            >
              {/* Not controlled with `checked`: react-hook-form checks the radio itself. React would also
                  set `defaultChecked` from `checked` at mount, and the form would then read the group
                  as unanswered when its values are reset to another language (after a save). */}
              <input
                ref={ref}
                type="radio"
                value={language}
                className="absolute inset-0 size-full cursor-pointer opacity-0"
                aria-invalid={error ? true : undefined}
                {...inputProps}
              />
              <span
                className={cn(
                  "flex h-6 min-w-9 items-center justify-center rounded-md text-xs font-bold uppercase",
                  checked ? "bg-brand-600 text-white" : "bg-gray-100 text-gray-700",
                )}
                aria-hidden="true"
              >
                {language}
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="text-sm font-semibold text-gray-900" lang={language}>
                  {t(`languages.${language}`)}
                </span>
                <span className="text-sm text-gray-600">{t(`languages.${language}Hint`)}</span>
              </span>
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
