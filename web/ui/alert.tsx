import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** A message about a whole form or page, announced when it appears. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
      {/* A long address or code in a message wraps inside the box rather than running out of it. */}
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
