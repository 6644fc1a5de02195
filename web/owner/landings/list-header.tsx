import type { ReactNode } from "react";

type ListHeaderProps = {
  title: string;
  /** Shown beside the title once the list has loaded. */
  count?: number;
  countLabel?: string;
  description: string;
  actions?: ReactNode;
};

/** A list page's title with its count, what the page is for, and its primary action on the right. */
export function ListHeader({ title, count, countLabel, description, actions }: ListHeaderProps) {
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-[1.75rem]">{title}</h1>
          {count !== undefined && (
            <span className="rounded-full bg-gray-200/70 px-2.5 py-0.5 text-sm font-semibold text-gray-700 tabular-nums">
              <span aria-hidden="true" data-testid="list-count">
                {count}
              </span>
              <span className="sr-only">{countLabel}</span>
            </span>
          )}
        </div>
        <p className="mt-1.5 max-w-2xl text-sm leading-6 text-gray-600 sm:text-base">{description}</p>
      </div>
      {actions && <div className="flex shrink-0 gap-3 [&>*]:max-sm:flex-1">{actions}</div>}
    </header>
  );
}
