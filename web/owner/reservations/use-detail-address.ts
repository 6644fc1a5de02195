import { OPEN_RESERVATION_PARAM as OPEN_PARAM, type Reservation } from "@domain/reservations";
import { useQueryClient } from "@tanstack/react-query";
import { isNotFound } from "@web/lib/api";
import { notify } from "@web/lib/notify";
import { useAddressParams } from "@web/lib/use-address-params";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { reservationQuery } from "./api";

/** A booking's id as an address writes it (digits only: "1e2" or " 7" name no booking), or null. */
const idOf = (value: string) => {
  const id = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) ? id : null;
};

/**
 * Keeps the open detail in the address, so a reload, a bookmark or a link sent to a colleague opens
 * the same booking (a walk's finding: a reload closed it, and nothing could point at it). The
 * address follows the dialog without history entries of its own (Back closes a dialog, as
 * everywhere in the dashboard); an address that names a booking opens it once it is read, as the
 * page's own (Back then leaves). One that names none this account has (gone, another owner's: the
 * API answers 404 either way; or no id at all) says so and is dropped from the address.
 */
export function useDetailInAddress(
  shownId: number | null,
  open: (reservation: Reservation, options: { fromAddress: boolean }) => void,
) {
  const { t } = useTranslation("reservations");
  const queryClient = useQueryClient();
  const [params, change] = useAddressParams();
  const asked = params.get(OPEN_PARAM);
  const latestOpen = useRef(open);
  latestOpen.current = open;
  const lastShown = useRef<number | null>(null);
  const lastAsked = useRef<string | null>(null);

  // The dialog opened, moved to another booking or closed: the address says so.
  useEffect(() => {
    const before = lastShown.current;
    lastShown.current = shownId;
    if (shownId !== before) change({ [OPEN_PARAM]: shownId === null ? null : String(shownId) }, { replace: true });
  }, [shownId, change]);

  // The address came to name a booking not shown (a link, a reload): read it and open it. Only a
  // change of the address does: a detail just closed is not opened again before the address follows.
  useEffect(() => {
    if (asked === lastAsked.current) return;
    lastAsked.current = asked;
    if (asked === null) return;
    const notFound = () => {
      notify.info(`reservation-address:${asked}`, t("detail.notInAccount"));
      change({ [OPEN_PARAM]: null }, { replace: true });
    };
    const askedId = idOf(asked);
    if (askedId === null) {
      notFound();
      return;
    }
    if (askedId === shownId) return;
    queryClient
      .fetchQuery(reservationQuery(askedId))
      .then((reservation) => {
        if (lastAsked.current === asked) latestOpen.current(reservation, { fromAddress: true });
      })
      .catch((error) => {
        if (isNotFound(error)) notFound();
        else {
          notify.error(`reservation-address:${asked}`, t("detail.openError"));
          change({ [OPEN_PARAM]: null }, { replace: true });
        }
      });
  }, [asked, shownId, queryClient, change, t]);
}
