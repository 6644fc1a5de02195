import { cn } from "../lib/cn";

/** The number next to a list's title ("Vehículos 3"); the label says what is counted to a screen reader. */
export function CountBadge({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-gray-100 px-2 text-xs font-semibold text-gray-700 tabular-nums ring-1 ring-gray-200 ring-inset",
        className,
      )}
    >
      <span aria-hidden="true" data-testid="list-count">
        {count}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
