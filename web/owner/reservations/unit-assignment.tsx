import { type Reservation, UNITLESS_STATUSES } from "@domain/reservations";
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UnitField, vehiclesQuery } from "../vehicles";
import { useAssignUnit } from "./api";

/**
 * Which car of its vehicle a reservation is on (issue 25.22): the owner picks one, or leaves it
 * to the planner. Shown for a vehicle of more than one unit while the booking holds one (not
 * cancelled, not a no-show); a unit that another booking holds then is refused with the server's words.
 */
export function UnitAssignment({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation("planner");
  const vehicles = useQuery({ ...vehiclesQuery(reservation.id_landing), enabled: reservation.id_vehicle !== null });
  const vehicle = vehicles.data?.find((candidate) => candidate.id === reservation.id_vehicle);
  const assign = useAssignUnit();
  const [choice, setChoice] = useState(reservation.unit === null ? "" : String(reservation.unit));
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!vehicle || vehicle.units < 2 || UNITLESS_STATUSES.includes(reservation.status)) return null;
  const saved = reservation.unit === null ? "" : String(reservation.unit);

  const save = () => {
    setRefusal(null);
    assign.mutate(
      { id: reservation.id, unit: choice === "" ? null : Number(choice) },
      {
        onSuccess: (answer) => notify.success(`reservation-unit:${reservation.id}`, answer.message),
        onError: (error) =>
          setRefusal(
            error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t("unit.error"),
          ),
      },
    );
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3" data-testid="unit-assignment">
      <div className="min-w-0 flex-1">
        <UnitField
          vehicle={vehicle}
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
          error={refusal ?? undefined}
          disabled={assign.isPending}
        />
      </div>
      <Button
        variant="secondary"
        className="sm:mt-7"
        onClick={save}
        loading={assign.isPending}
        disabled={assign.isPending || choice === saved}
      >
        {assign.isPending ? t("unit.saving") : t("unit.assign")}
      </Button>
    </div>
  );
}
