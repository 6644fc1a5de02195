import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { DESIGNER_STEPS } from "./steps";

/** Where the owner is in the designer; steps already reachable are links. */
export function DesignerStepper({ current, reachable }: { current: number; reachable: boolean }) {
  const { t } = useTranslation("landings");
  return (
    <nav aria-label={t("designer.stepsLabel")}>
      <ol className="flex items-center gap-2 sm:gap-3">
        {DESIGNER_STEPS.map((step, index) => {
          const done = index < current;
          const active = index === current;
          const label = t(`designer.steps.${step.key}`);
          const marker = (
            <>
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                  done && "bg-brand-600 text-white",
                  active && "bg-brand-600 text-white ring-4 ring-brand-100",
                  !done && !active && "bg-white text-gray-600 ring-1 ring-gray-300",
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn(
                  "text-sm font-semibold",
                  active ? "text-gray-900" : "text-gray-600",
                  !active && "max-sm:sr-only",
                )}
              >
                {label}
              </span>
              {done && <span className="sr-only">{t("designer.stepDone")}</span>}
            </>
          );
          const linkable = !active && (index === 0 || reachable);
          return (
            <li
              key={step.key}
              className="flex min-w-0 items-center gap-2 sm:gap-3"
              aria-current={active ? "step" : undefined}
            >
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={cn("h-px w-5 sm:w-10", done || active ? "bg-brand-600" : "bg-gray-300")}
                />
              )}
              {linkable ? (
                <Link to={step.path} className="flex min-h-11 items-center gap-2 rounded-lg pr-2 hover:bg-gray-100">
                  {marker}
                </Link>
              ) : (
                <span className="flex min-h-11 items-center gap-2 pr-2">{marker}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
