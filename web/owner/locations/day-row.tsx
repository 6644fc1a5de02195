import type { Language } from "@domain/languages";
import { FieldError } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { useTranslation } from "react-i18next";
import { type DayDraft, weekdayName } from "./hours";

type DayRowProps = {
  /** The wire index (0 = Sunday). */
  index: number;
  day: DayDraft;
  language: Language;
  error?: string;
  disabled?: boolean;
  onChange: (day: DayDraft) => void;
};

/**
 * One weekday of a place's hours: a group named by the day ("lunes"), an "Abierto" checkbox and,
 * when open, its opening and closing times (the browser's own time inputs).
 */
export function DayRow({ index, day, language, error, disabled, onChange }: DayRowProps) {
  const { t } = useTranslation("fleet");
  const name = weekdayName(index, language);
  const id = `day-${index}`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    // On a phone the day and its checkbox share a line and the times get the whole width below.
    <fieldset className="grid grid-cols-2 items-center gap-x-2 gap-y-1.5 px-3 py-2.5 sm:grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)_minmax(0,1fr)]">
      <legend className="sr-only">{name}</legend>
      <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-start sm:gap-0">
        <span aria-hidden="true" className="text-sm font-semibold text-gray-900 first-letter:uppercase">
          {name}
        </span>
        <label className="-ml-0.5 flex min-h-11 items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            checked={day.open}
            disabled={disabled}
            onChange={(event) => onChange({ ...day, open: event.target.checked })}
            className="size-4 rounded border-gray-300 accent-brand-600"
            data-testid={`${id}-open`}
          />
          {t("placeHours.open")}
        </label>
      </div>
      {day.open ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-from`} className="text-xs font-medium text-gray-600">
              {t("placeHours.opens")}
            </label>
            <Input
              id={`${id}-from`}
              type="time"
              value={day.from}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(event) => onChange({ ...day, from: event.target.value })}
              className="px-2"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-to`} className="text-xs font-medium text-gray-600">
              {t("placeHours.closes")}
            </label>
            <Input
              id={`${id}-to`}
              type="time"
              value={day.to}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(event) => onChange({ ...day, to: event.target.value })}
              className="px-2"
            />
          </div>
        </>
      ) : (
        <p className="col-span-2 text-sm text-gray-500">{t("placeHours.closedAllDay")}</p>
      )}
      <FieldError id={errorId} message={error} className="col-span-full" />
    </fieldset>
  );
}
