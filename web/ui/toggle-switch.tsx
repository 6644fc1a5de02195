import { useId } from "react";
import { cn } from "../lib/cn";

type ToggleSwitchProps = {
  label: string;
  /** A short line under the label. */
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  className?: string;
};

/**
 * An on/off setting: the whole row is the tap target (at least 44 px), announced as a switch with
 * its label and state. Space and Enter toggle it, like any button.
 */
export function ToggleSwitch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  name,
  className,
}: ToggleSwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <button
      type="button"
      role="switch"
      id={id}
      name={name}
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        "flex min-h-11 w-full items-center justify-between gap-4 rounded-lg border px-3 py-2 text-left transition-colors",
        "disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "border-brand-200 bg-brand-50/60" : "border-gray-200 bg-white hover:bg-gray-50",
        className,
      )}
    >
      <span className="flex min-w-0 flex-col">
        <span id={labelId} className="text-sm font-medium text-gray-900">
          {label}
        </span>
        {description && (
          <span id={descriptionId} className="text-xs text-gray-600">
            {description}
          </span>
        )}
      </span>
      <span
        aria-hidden="true"
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
          checked ? "bg-brand-600" : "bg-gray-300",
        )}
      >
        <span
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform",
            // On the spacing scale, as the track's width is: where that stops growing with the text
            // (styles.css), a rem's worth ran the knob out of its track.
            checked ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </span>
    </button>
  );
}
