import { reservationDetailPath } from "@domain/reservations";
import { useQueryClient } from "@tanstack/react-query";
import { notify } from "@web/lib/notify";
import { onSaveInOtherTab } from "@web/lib/other-tabs";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../auth";
import { LANDINGS_KEY } from "../landings";
import { RESERVATIONS_KEY } from "../reservations";

/** What the server sends with `reservation.created` and `reservation.cancelled` (server/live/hub.ts). */
type ReservationEvent = {
  reservationId: number;
  reference: string;
  landingId: number;
  source: "public" | "manual";
  customerName: string;
};

/** Everything a new reservation changes: lists and badge, landing counts, the planner, the figures. */
const AFFECTED_KEYS = [RESERVATIONS_KEY, LANDINGS_KEY, ["planner"], ["insights"]] as const;

function parse(data: string): ReservationEvent | null {
  try {
    const value = JSON.parse(data) as Partial<ReservationEvent>;
    return typeof value.reference === "string" && typeof value.customerName === "string"
      ? (value as ReservationEvent)
      : null;
  } catch {
    return null;
  }
}

/**
 * Hears the owner's new reservations, and those their customers cancel, while the dashboard is
 * open (server-sent events from /api/live): a toast with a way to the booking, and fresh data
 * everywhere it shows; and what is saved in another tab of this browser (`onSaveInOtherTab`), read
 * again at once. The browser reconnects by itself after a network drop; the stream closes on
 * sign-out or when the shell unmounts.
 */
export function useLiveUpdates() {
  const { t } = useTranslation("live");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = useSession()?.userId ?? 0;
  // The handler reads the latest t and navigate without reopening the stream when they change.
  const latest = useRef({ t, navigate });
  latest.current = { t, navigate };

  useEffect(() => {
    if (userId === 0) return;
    const refresh = () => {
      for (const queryKey of AFFECTED_KEYS) void queryClient.invalidateQueries({ queryKey });
    };
    // A booking changed in another tab of this browser: the same as one heard from the server.
    const stopHearingTabs = onSaveInOtherTab(refresh);
    if (typeof EventSource === "undefined") return stopHearingTabs;
    const source = new EventSource("/api/live");
    // Whatever was booked while the stream was down was not heard: reload once it is back.
    let dropped = false;
    source.addEventListener("error", () => {
      dropped = true;
    });
    source.addEventListener("open", () => {
      if (dropped) refresh();
      dropped = false;
    });
    const announce = (event: Event, message: "updates.newReservation" | "updates.cancelledReservation") => {
      const heard = parse((event as MessageEvent<string>).data);
      if (!heard) return;
      refresh();
      // A booking taken in the dashboard already said so there; only the site's bookings are news.
      if (message === "updates.newReservation" && heard.source === "manual") return;
      const { t: translate, navigate: go } = latest.current;
      notify.info(
        `live-reservation:${message}:${heard.reservationId}`,
        translate(message, { name: heard.customerName }),
        {
          // The reference on a line of its own: the narrow toast would break it at its hyphen.
          description: heard.reference,
          // The booking itself, over the list searched for it.
          action: {
            label: translate("updates.view"),
            onClick: () => void go(reservationDetailPath(heard.reservationId, heard.reference)),
          },
        },
      );
    };
    source.addEventListener("reservation.created", (event) => announce(event, "updates.newReservation"));
    source.addEventListener("reservation.cancelled", (event) => announce(event, "updates.cancelledReservation"));
    return () => {
      source.close();
      stopHearingTabs();
    };
  }, [userId, queryClient]);
}
