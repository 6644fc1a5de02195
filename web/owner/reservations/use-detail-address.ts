import { OPEN_RESERVATION_PARAM as OPEN_PARAM, type Reservation } from "@domain/reservations";
import { useQueryClient } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useAddressParams } from "@web/lib/use-address-params";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { reservationQuery } from "./api";

const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Keeps the open detail in the address, so a reload, a bookmark or a link sent to a colleague opens
 * the same booking (a walk's finding: a reload closed it, and nothing could point at it). The
 * address follows the dialog without history entries of its own (Back closes a dialog, as
 * everywhere in the dashboard); an address that names a booking opens it once it is read. One that
 * is gone, or another owner's (the API answers 404 either way), says so and is dropped.
 */
export function useDetailInAddress(shownId: number | null, open: (reservation: Reservation) => void) {
  const { t } = useTranslation("reservations");
  const queryClient = useQueryClient();
  const [params, change] = useAddressParams();
  const askedId = idOf(params.get(OPEN_PARAM));
  const latestOpen = useRef(open);
  latestOpen.current = open;
  const lastShown = useRef<number | null>(null);
  const lastAsked = useRef<number | null>(null);

  // The dialog opened, moved to another booking or closed: the address says so.
  useEffect(() => {
    const before = lastShown.current;
    lastShown.current = shownId;
    if (shownId !== before) change({ [OPEN_PARAM]: shownId === null ? null : String(shownId) }, { replace: true });
  }, [shownId, change]);

  // The address came to name a booking not shown (a link, a reload): read it and open it. Only a
  // change of the address does: a detail just closed is not opened again before the address follows.
  useEffect(() => {
    if (askedId === lastAsked.current) return;
    lastAsked.current = askedId;
    if (askedId === null || askedId === shownId) return;
    queryClient
      .fetchQuery(reservationQuery(askedId))
      .then((reservation) => {
        if (lastAsked.current === askedId) latestOpen.current(reservation);
      })
      .catch((error) => {
        if (isNotFound(error)) notify.info(`reservation:${askedId}`, t("detail.gone"));
        else notify.error(`reservation:${askedId}`, t("detail.openError"));
        change({ [OPEN_PARAM]: null }, { replace: true });
      });
  }, [askedId, shownId, queryClient, change, t]);
}
