import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ManualBookingDialog } from "../desk";
import { type LandingInfo, reservationQuery, useReservationDialogs } from "../reservations";

type Booking = { open: boolean; vehicleId?: number; date?: string; unit?: number };

/**
 * What the planner opens: a bar's reservation in the reservations' own detail dialog (with its
 * confirm, complete, cancel and delete), and the manual booking dialog for a vehicle and day, on
 * the car of the lane clicked.
 * Both refresh the planner afterwards: its query lives under ["reservations"], which they renew.
 */
export function usePlannerDialogs(landingId: number, landing: LandingInfo | undefined) {
  const { t } = useTranslation("planner");
  const queryClient = useQueryClient();
  const [shownId, setShownId] = useState<number | null>(null);
  const [booking, setBooking] = useState<Booking>({ open: false });
  const opening = useRef<number | null>(null);
  // The open reservation, kept fresh: a status change renews it and the dialog follows.
  const shown = useQuery({ ...reservationQuery(shownId ?? 0), enabled: shownId !== null });
  const details = useReservationDialogs(shown.data ? [shown.data] : [], () => landing);
  // The latest `open`, read when a bar is clicked: the callback itself stays the same, so the grid
  // (memoised on it) does not redraw whenever a dialog opens or closes.
  const openDetail = useRef(details.open);
  openDetail.current = details.open;

  const openBar = useCallback(
    async (id: number) => {
      if (opening.current === id) return;
      opening.current = id;
      try {
        const reservation = await queryClient.fetchQuery(reservationQuery(id));
        setShownId(id);
        openDetail.current(reservation);
      } catch (error) {
        if (isNotFound(error)) {
          notify.info(`planner-open:${id}`, t("bar.gone"));
          void queryClient.invalidateQueries({ queryKey: ["reservations", "planner"] });
        } else notify.error(`planner-open:${id}`, t("bar.openError"));
      } finally {
        opening.current = null;
      }
    },
    [queryClient, t],
  );

  const newBooking = useCallback(
    (vehicleId?: number, date?: string, unit?: number) => setBooking({ open: true, vehicleId, date, unit }),
    [],
  );

  const dialogs = (
    <>
      {details.dialogs}
      <ManualBookingDialog
        open={booking.open}
        onOpenChange={(open) => setBooking((current) => ({ ...current, open }))}
        landingId={landingId}
        vehicleId={booking.vehicleId}
        pickupDate={booking.date}
        unit={booking.unit}
      />
    </>
  );
  return { openBar, newBooking, dialogs };
}
