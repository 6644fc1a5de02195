import { notify } from "@web/lib/notify";
import { Copy } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "./button";
import type { ButtonVariant } from "./button-styles";
import { Input } from "./input";

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission the selected text can still be copied the old way.
    if (!input) return false;
    input.select();
    return document.execCommand("copy");
  }
}

type CopyFieldProps = {
  id: string;
  value: string;
  /** Ids of the texts that describe the field (its hint). */
  describedBy?: string;
  copyLabel: string;
  copied: string;
  copyFailed: string;
  /** The toast's key: a second copy replaces the first toast. */
  toast: string;
  /** Secondary where another button is the box's main action. */
  variant?: ButtonVariant;
};

/** A read-only address with a button that copies it (the calendar feed, a webhook address). */
export function CopyField({
  id,
  value,
  describedBy,
  copyLabel,
  copied,
  copyFailed,
  toast,
  variant = "primary",
}: CopyFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const copy = async () => {
    if (await copyText(value, inputRef.current)) notify.success(toast, copied);
    else notify.error(toast, copyFailed);
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Input
        ref={inputRef}
        id={id}
        readOnly
        value={value}
        aria-describedby={describedBy}
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono sm:text-sm"
      />
      <Button variant={variant} onClick={() => void copy()} className="shrink-0 sm:w-32">
        <Copy aria-hidden="true" className="size-4" />
        {copyLabel}
      </Button>
    </div>
  );
}

type LabelledCopyFieldProps = Omit<CopyFieldProps, "id" | "describedBy"> & {
  label: string;
  /** Said under the field, and read with it. */
  hint?: string;
};

/** A `CopyField` under its label, with an optional hint below it. */
export function LabelledCopyField({ label, hint, ...field }: LabelledCopyFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <CopyField id={id} describedBy={hint ? `${id}-hint` : undefined} {...field} />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}
