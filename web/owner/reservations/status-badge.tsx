import type { ReservationStatus } from "@domain/reservations";
import { Badge, type BadgeTone } from "@web/ui/badge";
import { useTranslation } from "react-i18next";

const TONES: Record<ReservationStatus, BadgeTone> = {
  awaiting_payment: "brand",
  pending: "amber",
  confirmed: "green",
  on_rent: "brand",
  returned: "green",
  completed: "gray",
  cancelled: "red",
  no_show: "red",
};

/** Pendiente, Confirmada, En alquiler… in the colour of what it asks of the owner, with its name in words. */
export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation("reservations");
  return (
    <Badge tone={TONES[status]} dot>
      {t(`status.${status}`)}
    </Badge>
  );
}
