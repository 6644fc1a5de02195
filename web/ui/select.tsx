import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";
import { inputClasses } from "./input";

/**
 * A native select dressed like the text inputs: the phone's own picker, full keyboard support. On a
 * screen narrow for its text (cramped) its chevron moves 4 px nearer the edge and keeps only a 4 px
 * gap before the choice, so a short choice shows whole: at 320 px and 200 % text "Silla infantil"
 * showed "Silla infanti", the counter's "Elige un país" lost its "s".
 */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select className={cn(inputClasses, "cursor-pointer appearance-none pr-10 cramped:pr-7", className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500 cramped:right-2"
      />
    </div>
  );
}
