import type { ReactNode } from "react";
import { cn } from "../lib/cn";

export type BadgeTone = "gray" | "green" | "amber" | "brand" | "red";

const tones: Record<BadgeTone, string> = {
  gray: "bg-gray-100 text-gray-700 ring-gray-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  brand: "bg-brand-50 text-brand-700 ring-brand-100",
  red: "bg-red-50 text-red-700 ring-red-200",
};

/** A short status label, e.g. "Publicada"; `dot` adds a coloured dot before it. */
export function Badge({
  tone = "gray",
  dot = false,
  className,
  children,
}: {
  tone?: BadgeTone;
  dot?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        // On one line, unless it is wider than its container ("Estaba publicada" at 200 % text on a phone).
        "inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset cramped:whitespace-normal",
        tones[tone],
        className,
      )}
    >
      {dot && <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {children}
    </span>
  );
}
