import type { landings, reservations } from "../db/schema";
import type { LiveEvent } from "../live";

/** The live notice of a booking made (or paid, issue 27) or cancelled, for its owner's open dashboards. */
export const liveEventOf = (
  type: LiveEvent["type"],
  landing: Pick<typeof landings.$inferSelect, "id" | "ownerId">,
  reservation: Pick<typeof reservations.$inferSelect, "id" | "reference" | "source" | "name">,
): LiveEvent => ({
  type,
  ownerId: landing.ownerId,
  landingId: landing.id,
  reservationId: reservation.id,
  reference: reservation.reference,
  source: reservation.source === "manual" ? "manual" : "public",
  customerName: reservation.name,
});
