import { ButtonLink } from "@web/ui/button-link";
import { Card } from "@web/ui/card";
import { EmptyState } from "@web/ui/empty-state";
import { ErrorState } from "@web/ui/error-state";
import { Skeleton } from "@web/ui/skeleton";
import { Spinner } from "@web/ui/spinner";
import { CalendarRange, Car, LayoutTemplate } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The grid's outline while the fleet loads, with what is loading in words. */
export function PlannerLoading() {
  const { t } = useTranslation("planner");
  return (
    <Card className="overflow-hidden">
      <div role="status">
        <p className="flex items-center gap-2.5 border-b border-gray-100 px-5 py-3 text-sm font-medium text-gray-600">
          <Spinner className="text-brand-600" />
          {t("states.loading")}
        </p>
        <div aria-hidden="true" className="flex flex-col divide-y divide-gray-100">
          {[0.55, 0.35, 0.7, 0.45].map((width, row) => (
            <div key={width} className="flex items-center gap-4 px-4 py-3">
              <Skeleton className="h-8 w-11 shrink-0" />
              <Skeleton className="h-3.5 w-32 shrink-0" />
              <div className="flex-1">
                <Skeleton className="h-7 bg-gray-100" style={{ width: `${width * 100}%`, marginLeft: `${row * 8}%` }} />
              </div>
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}

export function PlannerError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation("planner");
  return (
    <Card>
      <ErrorState title={t("states.error")} description={t("states.errorBody")} onRetry={onRetry} retrying={retrying} />
    </Card>
  );
}

/** No landing yet: the planner has nothing to plan, so point at the designer. */
export function NoLandings() {
  const { t } = useTranslation("planner");
  return (
    <Card>
      <EmptyState
        icon={CalendarRange}
        title={t("states.noLandings")}
        description={t("states.noLandingsBody")}
        action={
          <ButtonLink to="/layout-designer">
            <LayoutTemplate aria-hidden="true" className="size-4" />
            {t("states.createLanding")}
          </ButtonLink>
        }
      />
    </Card>
  );
}

/** A landing without vehicles: rows come from the fleet, so add one first. */
export function NoVehicles({ landingId }: { landingId: number }) {
  const { t } = useTranslation("planner");
  return (
    <Card>
      <EmptyState
        icon={Car}
        title={t("states.noVehicles")}
        description={t("states.noVehiclesBody")}
        action={
          <ButtonLink to={`/view-landing/${landingId}`}>
            <Car aria-hidden="true" className="size-4" />
            {t("states.addVehicles")}
          </ButtonLink>
        }
      />
    </Card>
  );
}
