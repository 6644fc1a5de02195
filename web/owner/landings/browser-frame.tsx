import { cn } from "@web/lib/cn";
import { Lock } from "lucide-react";
import type { ReactNode } from "react";

/** A window around a preview with the address it will live at, so it reads as "your site". */
export function BrowserFrame({
  address,
  children,
  className,
}: {
  address: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg", className)}>
      <div className="flex items-center gap-3 border-b border-gray-200 bg-gray-100 px-3 py-2">
        <span aria-hidden="true" className="flex gap-1.5">
          <span className="size-2.5 rounded-full bg-gray-300" />
          <span className="size-2.5 rounded-full bg-gray-300" />
          <span className="size-2.5 rounded-full bg-gray-300" />
        </span>
        <span className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md bg-white px-2.5 py-1 text-xs text-gray-700 ring-1 ring-gray-200">
          <Lock aria-hidden="true" className="size-3 shrink-0 text-gray-500" />
          <span className="truncate" data-testid="preview-address">
            {address}
          </span>
        </span>
      </div>
      {children}
    </div>
  );
}
