import { cn } from "@web/lib/cn";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One of the wizard's numbered steps, ticked off when complete. */
export function WizardSection({
  number,
  title,
  description,
  complete,
  children,
}: {
  number: number;
  title: string;
  description: string;
  complete: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("landings");
  const headingId = `wizard-step-${number}`;
  return (
    <section
      aria-labelledby={headingId}
      // The step's number above its fields where the text is large for the screen: beside them it
      // left the fields a column that broke "Recommended" mid-word.
      className="flex gap-4 border-b border-gray-100 py-6 first:pt-0 last:border-0 last:pb-0 cramped:flex-col cramped:gap-2"
    >
      <span
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold transition-colors",
          complete ? "bg-green-600 text-white" : "bg-gray-100 text-gray-700",
        )}
      >
        {complete ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : number}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            {title}
            {complete && <span className="sr-only"> ({t("wizard.stepComplete")})</span>}
          </h2>
          <p className="mt-0.5 text-sm text-gray-600">{description}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
