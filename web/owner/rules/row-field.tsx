import { FieldError, useLongPlaceholder } from "@web/ui/field";
import type { ReactNode } from "react";

type RowControl = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  placeholder?: string;
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
  longPlaceholder,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  /** Shown after the label, e.g. a character counter. */
  aside?: ReactNode;
  /**
   * An example too long for the field on a screen narrow for its text (as `Field`'s): the
   * control's placeholder, or a line under it there ("Por ejemplo, Navidad" showed "Por ejemp").
   */
  longPlaceholder?: string;
  children: (control: RowControl) => ReactNode;
}) {
  const placeholder = useLongPlaceholder(id, longPlaceholder);
  const describedBy = [placeholder.lineId, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {/* A counter beside the label goes under it where there is no room beside ("0 / 1,500"). */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <label htmlFor={id} className="text-xs font-medium text-gray-700">
          {label}
        </label>
        {aside}
      </div>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        ...placeholder.controlProps,
      })}
      {placeholder.line}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
