import type { ReactNode } from "react";
import { CountBadge } from "./count-badge";

type CountPageHeaderProps = {
  title: string;
  /** Shown next to the title once known; undefined while the list loads. */
  count?: number;
  /** What the number counts, for a screen reader ("3 features"). */
  countLabel?: string;
  description?: string;
  /** The page's primary action, on the right. */
  actions?: ReactNode;
};

/** A list page's header (DESIGN.md): the title with its count, a description and the primary action. */
export function CountPageHeader({ title, count, countLabel, description, actions }: CountPageHeaderProps) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between lg:mb-8">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold cramped:text-lg tracking-tight text-gray-900 sm:text-[1.75rem]">
            {title}
          </h1>
          {count !== undefined && <CountBadge count={count} label={countLabel ?? String(count)} className="mt-1" />}
        </div>
        {description && <p className="mt-1.5 max-w-2xl text-sm leading-6 text-gray-600 sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 gap-3">{actions}</div>}
    </header>
  );
}
