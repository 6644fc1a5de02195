import type { Landing } from "@domain/landings";
import { cn } from "@web/lib/cn";
import { Button } from "@web/ui/button";
import { NativeSelect } from "@web/ui/native-select";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PlannerView } from "./use-planner-params";

type ToolbarProps = {
  landings: Landing[];
  landingId: number;
  view: PlannerView;
  title: string;
  /** A new window is on its way: the title says so to screen readers by changing. */
  busy: boolean;
  onLanding: (id: number) => void;
  onView: (view: PlannerView) => void;
  onStep: (direction: 1 | -1) => void;
  onToday: () => void;
};

/** Which landing, week or month, and the way back and forth through time, with the range shown. */
export function PlannerToolbar(props: ToolbarProps) {
  const { landings, landingId, view, title, busy, onLanding, onView, onStep, onToday } = props;
  const { t } = useTranslation("planner");
  const landingField = useId();
  const views: PlannerView[] = ["week", "month"];
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-col gap-1.5 sm:w-64">
          <label htmlFor={landingField} className="text-sm font-medium text-gray-800">
            {t("toolbar.landing")}
          </label>
          <NativeSelect
            id={landingField}
            value={String(landingId)}
            onChange={(event) => onLanding(Number(event.target.value))}
            options={landings.map((landing) => ({ value: String(landing.id), label: landing.display_name }))}
          />
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-gray-800">{t("toolbar.view")}</legend>
          <div className="inline-flex h-11 rounded-lg border border-gray-300 bg-gray-50 p-1">
            {views.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => onView(option)}
                className={cn(
                  "flex-1 rounded-md px-4 text-sm font-semibold transition-colors sm:flex-none",
                  view === option
                    ? "bg-white text-gray-900 shadow-sm ring-1 ring-gray-200"
                    : "text-gray-600 hover:text-gray-900",
                )}
              >
                {t(`toolbar.${option}`)}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex items-center gap-2">
        <h2
          aria-live="polite"
          aria-busy={busy}
          data-testid="planner-range"
          className="mr-auto min-w-0 truncate text-base font-semibold text-gray-900 first-letter:uppercase lg:mr-3"
        >
          {title}
        </h2>
        <Button variant="secondary" size="icon" aria-label={t(`toolbar.previous.${view}`)} onClick={() => onStep(-1)}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </Button>
        <Button variant="secondary" onClick={onToday}>
          {t("toolbar.today")}
        </Button>
        <Button variant="secondary" size="icon" aria-label={t(`toolbar.next.${view}`)} onClick={() => onStep(1)}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </div>
  );
}
