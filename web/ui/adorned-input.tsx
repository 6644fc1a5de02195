import type { ComponentProps } from "react";
import { cn } from "../lib/cn";
import { Input } from "./input";

type AdornedInputProps = ComponentProps<"input"> & {
  /** Shown inside the input before the text: a currency sign ("US$"). */
  prefix?: string;
  /** Shown inside the input after the text: a unit ("%", "días"). */
  suffix?: string;
};

/**
 * An input with its unit inside it ("US$ 25.00", "10 %", "3 días"). The unit is decoration only
 * (aria-hidden): the field's label and hint say it in words, so nothing is read twice.
 */
export function AdornedInput({ prefix, suffix, className, style, ...props }: AdornedInputProps) {
  // Room for the unit, roughly by its length: no layout measuring for a couple of characters.
  const padding = {
    ...(prefix ? { paddingLeft: `${0.75 + prefix.length * 0.55 + 0.5}rem` } : {}),
    ...(suffix ? { paddingRight: `${0.75 + suffix.length * 0.5 + 0.5}rem` } : {}),
    ...style,
  };
  return (
    <div className="relative">
      {prefix && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm font-medium text-gray-500"
        >
          {prefix}
        </span>
      )}
      <Input {...props} className={cn("tabular-nums", className)} style={padding} />
      {suffix && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm font-medium text-gray-500"
        >
          {suffix}
        </span>
      )}
    </div>
  );
}
