import type { Landing } from "@domain/landings";
import { LandingReservations } from "../reservations";
import { CalendarFeedCard } from "./calendar-feed-card";

/** The Reservas tab (SPEC §2): the landing's reservations, with the same tools as /reservation. */
export function ReservationsTab({ landing }: { landing: Landing }) {
  return (
    <>
      <LandingReservations landing={landing} />
      <CalendarFeedCard landingId={landing.id} />
    </>
  );
}
