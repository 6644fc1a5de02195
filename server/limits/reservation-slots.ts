import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { HttpError } from "../http/errors";
import { type Counters, windowStartOf } from "./counters";

const HOUR_MS = 60 * 60 * 1000;

/** A reservation counted against its address's hour, and how to give it back. */
export type ReservationSlot = { release(): Promise<void> };

export type ReservationSlots = {
  /**
   * Counts one reservation for the address as one of the booking's writes (`tx`, its transaction),
   * or refuses with a 429 when its hour is full. `release` gives the count back if the booking does
   * not commit; a count kept in the database needs none, it rolls back with the booking.
   */
  take(address: string, tx: Database): Promise<ReservationSlot>;
};

/**
 * The reservation flood limit (issue 13): at most `perHour` reservations from one address in a
 * clock hour, counted across every instance. The slot is taken inside the booking's transaction,
 * after its checks: a booking refused (taken, invalid) or answered from an earlier one never counts,
 * and concurrent bookings from one address queue on the count's row until each commits, so none
 * slips past it (issue 29: it was taken before the booking and given back after a refusal, two
 * round trips on every refused booking).
 */
export function reservationSlots(
  counters: Counters,
  clock: Clock,
  perHour: number,
  warn: (error: unknown) => void,
): ReservationSlots {
  return {
    async take(address, tx) {
      const now = clock.now();
      const windowStart = windowStartOf(now, HOUR_MS);
      const key = `reservations:${address}`;
      let total: number;
      if (counters.transactional) {
        // The booking's own database: if it cannot count, it cannot book either.
        total = await counters.add(key, windowStart, HOUR_MS, 1, tx);
      } else {
        try {
          total = await counters.add(key, windowStart, HOUR_MS, 1);
        } catch (error) {
          // A booking matters more than the flood limit: with the count out of reach, let it through.
          warn(error);
          return { release: async () => {} };
        }
      }
      const release = counters.transactional
        ? async () => {}
        : () => counters.add(key, windowStart, HOUR_MS, -1).then(() => undefined, warn);
      if (total > perHour) {
        await release();
        const minutes = Math.max(1, Math.ceil((windowStart.getTime() + HOUR_MS - now.getTime()) / 60_000));
        throw new HttpError(429, "tooManyReservations", { minutes });
      }
      return { release };
    },
  };
}
