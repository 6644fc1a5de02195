import { cn } from "@web/lib/cn";
import { Card } from "@web/ui/card";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** Every figure card has the same height, loaded or not: nothing below jumps when figures arrive. */
export const FIGURE_CARD_HEIGHT = "min-h-40";

/** A figure of the home page: its name says what it counts, as a heading screen readers can jump to. */
export function FigureCard({
  icon: Icon,
  title,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const id = `figure-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Card className={cn("flex min-w-0 flex-col gap-2 p-3.5 sm:p-5", FIGURE_CARD_HEIGHT, className)}>
      <section aria-labelledby={id} className="flex flex-1 flex-col gap-2">
        <h2 id={id} className="flex items-start gap-2 text-sm font-medium text-gray-600">
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

export const FigureValue = ({ children }: { children: ReactNode }) => (
  <p className="text-xl font-semibold tracking-tight break-words text-gray-900 tabular-nums sm:text-2xl" data-figure>
    {children}
  </p>
);

/** What a figure counts, in a sentence under it. */
export const FigureNote = ({ children }: { children: ReactNode }) => (
  <p className="text-xs text-gray-500">{children}</p>
);
