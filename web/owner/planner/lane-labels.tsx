import type { PlannerVehicle } from "@domain/planner";
import { cn } from "@web/lib/cn";
import type { TFunction } from "i18next";
import { TriangleAlert } from "lucide-react";
import { LANE_HEIGHT } from "./timeline-lane";

/**
 * The name of each of a vehicle's lanes, beside the vehicle: the car's plate or name when the
 * owner gave one (issue 25.22), else its number; a warning sign for an overbooked lane. The
 * column is wider only for vehicles whose cars have names.
 */
export function LaneLabels({ vehicle, t }: { vehicle: PlannerVehicle; t: TFunction<"planner"> }) {
  const named = vehicle.lanes.some((lane) => lane.label !== null);
  return (
    <ul
      aria-label={t("grid.lanes", { name: vehicle.name })}
      className={cn("shrink-0 border-l border-gray-100", named ? "w-20" : "w-8")}
    >
      {vehicle.lanes.map((lane, index) => {
        const number = t("grid.unit", { number: index + 1 });
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a lane is its position: unit 1, unit 2, ...
            key={index}
            className={cn(
              "flex items-center",
              lane.overbooked
                ? "justify-center bg-red-50 text-red-700"
                : "text-xs font-medium text-gray-600 tabular-nums",
              !lane.overbooked && (named ? "justify-start px-2" : "justify-center"),
            )}
            style={{ height: LANE_HEIGHT }}
            title={lane.overbooked ? t("grid.overbooked") : lane.label ? `${lane.label} · ${number}` : number}
            data-testid="planner-lane-label"
          >
            {lane.overbooked ? (
              <>
                <TriangleAlert aria-hidden="true" className="size-3.5" />
                <span className="sr-only">{t("grid.overbooked")}</span>
              </>
            ) : lane.label ? (
              <span className="truncate">
                {lane.label}
                <span className="sr-only"> · {number}</span>
              </span>
            ) : (
              <>
                <span aria-hidden="true">{index + 1}</span>
                <span className="sr-only">{number}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
