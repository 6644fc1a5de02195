import { cn } from "../lib/cn";

/**
 * Nelly's mark and wordmark; the same mark is the favicon. `wordmarkClassName` lets a crowded bar
 * hide the word where it would push its neighbours off the screen (large text on a narrow phone).
 */
export function BrandLogo({
  className,
  wordmarkClassName,
  inverted = false,
}: {
  className?: string;
  wordmarkClassName?: string;
  inverted?: boolean;
}) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill={inverted ? "#ffffff" : "#4f46e5"} />
        <path d="M9.5 23V9h2.9l7.3 9.3V9h2.8v14h-2.9l-7.3-9.3V23z" fill={inverted ? "#4f46e5" : "#ffffff"} />
      </svg>
      <span
        className={cn("text-lg font-bold tracking-tight", inverted ? "text-white" : "text-gray-900", wordmarkClassName)}
      >
        Nelly
      </span>
    </span>
  );
}
