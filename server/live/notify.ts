import type { Database } from "../db/database";
import { type Notification, notify } from "../db/prepared";

/** The PostgreSQL channel every instance listens on for changes an open dashboard should see. */
export const LIVE_CHANNEL = "nelly_live";

/** Something an owner's open dashboards should hear about at once. */
export type LiveEvent = {
  /** A booking made, or one its customer cancelled from their email's link. */
  type: "reservation.created" | "reservation.cancelled";
  ownerId: number;
  landingId: number;
  reservationId: number;
  reference: string;
  source: "public" | "manual";
  /** The customer's first name, for the toast ("Nueva reserva de Ana"). */
  customerName: string;
};

/**
 * Announces an event with NOTIFY inside the caller's transaction: PostgreSQL (and PGlite) deliver
 * it to every listening instance only when that transaction commits, so a dashboard never hears of
 * a reservation that was rolled back, and every instance hears of one that was written.
 */
export async function notifyLive(tx: Database, event: LiveEvent): Promise<void> {
  await notify(tx, liveNotification(event));
}

/** The NOTIFY that announces `event`, for a statement that sends it with its own (`insertRows`). */
export function liveNotification(event: LiveEvent): Notification {
  return { channel: LIVE_CHANNEL, payload: JSON.stringify(event) };
}
