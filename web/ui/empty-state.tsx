import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** What to do next, e.g. the button that creates the first item. */
  action?: ReactNode;
  /** Heading level that fits the page outline. */
  headingLevel?: "h1" | "h2" | "h3";
  /** A short label above the title, e.g. "Coming soon". */
  badge?: string;
};

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  badge,
  headingLevel: Heading = "h2",
}: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      {badge && (
        <span className="mb-3 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100 ring-inset">
          {badge}
        </span>
      )}
      <Heading className="text-base font-semibold text-gray-900">{title}</Heading>
      <p className="mt-2 max-w-md text-sm leading-6 text-gray-600">{description}</p>
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
