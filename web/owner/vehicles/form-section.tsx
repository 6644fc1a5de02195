import { Card } from "@web/ui/card";
import type { ReactNode } from "react";

/** One titled group of the vehicle form, laid out like the settings sections. */
export function FormSection({
  title,
  titleId,
  description,
  children,
}: {
  title: string;
  titleId?: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="grid gap-5 xl:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] xl:gap-10">
        <div>
          <h3 id={titleId} className="text-base font-semibold text-gray-900">
            {title}
          </h3>
          <p className="mt-1 text-sm leading-6 text-gray-600">{description}</p>
        </div>
        <div className="min-w-0">{children}</div>
      </div>
    </Card>
  );
}
