import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export const textareaClasses =
  "block min-h-24 w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 shadow-xs " +
  "placeholder:text-gray-500 transition-colors sm:text-sm " +
  "focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 " +
  "aria-invalid:border-red-600 aria-invalid:focus:ring-red-600 disabled:bg-gray-100 disabled:text-gray-500";

export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(textareaClasses, className)} {...props} />;
}
