import { cn } from "@web/lib/cn";
import { CircleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useHeldWhilePressed } from "../lib/use-held-while-pressed";

/** What a field hands to its control so label, hint and error are announced with it. */
export type ControlProps = {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
};

type FieldProps = {
  label: string;
  hint?: string;
  error?: string;
  /** Shown after the label, e.g. "(optional)". */
  labelAside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
};

/**
 * Label above, control, hint below it, error in red below that (DESIGN.md). An error that comes
 * or goes while a pointer is pressed waits for its release (use-held-while-pressed.ts).
 */
export function Field({ label, hint, error: current, labelAside, children }: FieldProps) {
  const error = useHeldWhilePressed(current);
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      {/* What goes beside the label (a count) goes under it where there is no room beside. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
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
