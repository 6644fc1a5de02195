import type { ReactNode } from "react";
import { CharCounter } from "./char-counter";
import { TextareaField, type TextareaFieldProps } from "./textarea-field";

type CountedTextareaFieldProps = Omit<TextareaFieldProps, "labelAside" | "maxLength"> & {
  /** The text's length as the server counts it (trimmed). */
  count: number;
  /** The limit the server holds the text to. */
  limit: number;
  /** Shown before the counter, e.g. "opcional". */
  note?: ReactNode;
};

/**
 * A long text an owner often pastes (rental conditions, payment instructions, a caller's comment),
 * with its length against the limit beside its label. It has no maxLength on purpose: the browser
 * would cut a pasted text short without a word; past the limit the counter turns red and saving
 * says why.
 */
export function CountedTextareaField({ count, limit, note, ...props }: CountedTextareaFieldProps) {
  const counter = <CharCounter count={count} max={limit} />;
  return (
    <TextareaField
      {...props}
      labelAside={
        note ? (
          <span className="flex items-baseline gap-2">
            {note}
            {counter}
          </span>
        ) : (
          counter
        )
      }
    />
  );
}
