import { History } from "lucide-react";
import type { ReactNode } from "react";

/** Said above a form whose unsaved values came back from its draft (web/lib/use-form-draft.ts). */
export function DraftRestoredStatus({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2.5 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-100"
    >
      <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
      {children}
    </p>
  );
}
