import type { Reservation } from "@domain/reservations";
import { currentLanguage } from "@web/i18n/setup";
import { formatWhen } from "@web/lib/format";
import { UnbrokenWhen } from "@web/ui/unbroken-when";
import { Trans, useTranslation } from "react-i18next";
import { customerName } from "./format";

/**
 * The sentence a reservation's dialog opens with, naming what it acts on: reference, customer,
 * vehicle and pickup (`i18nKey` places them, e.g. "cancel.description").
 */
export function ReservationDescription({ reservation, i18nKey }: { reservation: Reservation; i18nKey: string }) {
  const { t } = useTranslation("reservations");
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={{
        reference: reservation.reference,
        customer: customerName(reservation),
        vehicle: reservation.vehicle.name,
        pickup: formatWhen(reservation.date_of_departure, reservation.time_of_departure, currentLanguage()),
      }}
      components={{
        ref: <span className="font-semibold whitespace-nowrap text-gray-900" />,
        date: <UnbrokenWhen />,
      }}
    />
  );
}
