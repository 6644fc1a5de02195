import { FieldError } from "@web/ui/field";
import type { ReactNode } from "react";

type RowControl = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * One input of a repeated row (a landing's closed dates, a vehicle's seasons): a small label of
 * its own, so a screen reader names each input of each row, and the error under it.
 */
export function RowField({
  id,
  label,
  error,
  aside,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  /** Shown after the label, e.g. a character counter. */
  aside?: ReactNode;
  children: (control: RowControl) => ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-gray-700">
          {label}
        </label>
        {aside}
      </div>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
