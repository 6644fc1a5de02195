import { cn } from "@web/lib/cn";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DESIGNER_STEPS } from "./steps";

/**
 * Where the owner is in the designer; steps already reachable are links (44 px targets on a phone
 * too). A step is ticked when what it makes exists (`done`, one per step), not because a later
 * step's address is open: a walk's finding ticked "Lugares" on a landing without a place, under
 * the notice that it cannot be published without one.
 */
export function DesignerStepper({
  current,
  reachable,
  done: doneSteps,
}: {
  current: number;
  reachable: boolean;
  done: readonly boolean[];
}) {
  const { t } = useTranslation("landings");
  const currentStep = DESIGNER_STEPS[current];
  return (
    <nav aria-label={t("designer.stepsLabel")} className="flex flex-col gap-0.5">
      <ol className="flex flex-wrap items-center gap-1 sm:gap-3">
        {DESIGNER_STEPS.map((step, index) => {
          const done = index !== current && doneSteps[index] === true;
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
                  // Four names fit beside each other on a wide screen; elsewhere only the current one.
                  active ? "text-gray-900 max-sm:sr-only" : "text-gray-600 max-xl:sr-only",
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
                  className={cn("h-px w-3 max-sm:hidden sm:w-10", done || active ? "bg-brand-600" : "bg-gray-300")}
                />
              )}
              {linkable ? (
                <Link
                  to={step.path}
                  className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg hover:bg-gray-100 sm:pr-2"
                >
                  {marker}
                </Link>
              ) : (
                <span className="flex min-h-11 min-w-11 items-center justify-center gap-2 sm:pr-2">{marker}</span>
              )}
            </li>
          );
        })}
      </ol>
      {/* A phone has room for the numbers only: the step's name is written under them. */}
      {currentStep && (
        <p aria-hidden="true" className="text-sm font-semibold text-gray-900 sm:hidden">
          {t("designer.stepOf", {
            number: current + 1,
            total: DESIGNER_STEPS.length,
            name: t(`designer.steps.${currentStep.key}`),
          })}
        </p>
      )}
    </nav>
  );
}
