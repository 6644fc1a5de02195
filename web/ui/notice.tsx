import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** Something to know before going on (not an error): amber, read in place, not announced. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div>{children}</div>
    </div>
  );
}
