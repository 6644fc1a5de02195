import { cn } from "@web/lib/cn";
import { CircleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useHeldWhilePressed } from "../lib/use-held-while-pressed";
import { useNarrowText } from "../lib/use-media-query";

/** What a field hands to its control so label, hint and error are announced with it. */
export type ControlProps = {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
  placeholder?: string;
};

type FieldProps = {
  label: string;
  hint?: string;
  error?: string;
  /** Shown after the label, e.g. "(optional)". */
  labelAside?: ReactNode;
  /**
   * A placeholder of several words ("Cliente, referencia o vehículo", "+1 809 555 0101"): the
   * control's, except on a screen narrow for its text (a 320 px phone at 200 %), where a field cut
   * it short: there it is a line under the field, where its words wrap.
   */
  longPlaceholder?: string;
  children: (control: ControlProps) => ReactNode;
};

/**
 * Label above, control, hint below it, error in red below that (DESIGN.md). An error that comes
 * or goes while a pointer is pressed waits for its release (use-held-while-pressed.ts).
 */
export function Field({ label, hint, error: current, labelAside, longPlaceholder, children }: FieldProps) {
  const error = useHeldWhilePressed(current);
  const id = useId();
  const placeholder = useLongPlaceholder(id, longPlaceholder);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [placeholder.lineId, hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      {/* What goes beside the label (a count) goes under it where there is no room beside. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {labelAside}
      </div>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        ...placeholder.controlProps,
      })}
      {placeholder.line}
      {hint && (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A long placeholder (`Field`'s `longPlaceholder`, a row's in `RowField`): the control's own, except
 * on a screen narrow for its text, where it is a line under the control (`line`, named by `lineId`
 * for the control's aria-describedby).
 */
export function useLongPlaceholder(id: string, longPlaceholder: string | undefined) {
  const narrow = useNarrowText();
  const shownUnder = narrow ? longPlaceholder : undefined;
  const lineId = shownUnder ? `${id}-placeholder` : undefined;
  return {
    lineId,
    // Only when given: a control's own placeholder, spread before these, stays.
    controlProps: longPlaceholder && !narrow ? { placeholder: longPlaceholder } : {},
    line: shownUnder && (
      <p id={lineId} className="text-sm text-gray-500">
        {shownUnder}
      </p>
    ),
  };
}

/**
 * A field's refusal as every form shows it, in red with its icon: the control names it with
 * `aria-describedby={id}`. Also under controls `Field` does not frame (a row's compact inputs,
 * named by their aria-label) and for a list's own refusal (too many rows). Nothing without a message.
 */
export function FieldError({ id, message, className }: { id?: string; message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={cn("flex items-start gap-1.5 text-sm font-medium text-red-700", className)}>
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
