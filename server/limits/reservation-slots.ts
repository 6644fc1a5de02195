import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { type Counters, windowStartOf } from "./counters";
import { HOUR_MS, minutesLeftInHour } from "./hourly";

/**
 * A reservation counted against its address's hour, and how to give it back. `refusal` when the
 * hour was already full: counted all the same, and the caller refuses the booking with it and
 * gives the count back (once out of the booking's transaction, whose connection it was counted on).
 */
export type ReservationSlot = { refusal: HttpError | null; release(): Promise<void> };

export type ReservationSlots = {
  /**
   * Counts one reservation for the address. `on`: the connection to count on (`Counters.add`);
   * what gives the count back never uses it.
   */
  take(address: string, on?: Database): Promise<ReservationSlot>;
};

/**
 * The reservation flood limit (issue 13): at most `perHour` reservations from one address in a
 * clock hour, counted across every instance. The slot is taken after the booking's checks, just
 * before its transaction, in a statement of its own: a booking refused by its checks (taken,
 * invalid) or answered from an earlier one never counts, and one refused in its transaction gives
 * its count back. Counted first, never after, so a burst from one address never slips past the
 * limit. Not inside the booking's transaction (issue 29): the count's row would stay locked until
 * the booking commits, and every booking from one address would wait for the one before it to
 * commit (67 to 79 ms of each booking under the bench's load, all of them from one address). It
 * goes out on the transaction's connection, in the same write as its BEGIN (`book.ts`): a write
 * and a wake of the database fewer on every booking.
 */
export function reservationSlots(
  counters: Counters,
  clock: Clock,
  perHour: number,
  warn: (error: unknown) => void,
): ReservationSlots {
  return {
    async take(address, on) {
      const now = clock.now();
      const windowStart = windowStartOf(now, HOUR_MS);
      const key = `reservations:${address}`;
      let total: number;
      try {
        total = await counters.add(key, windowStart, HOUR_MS, 1, on);
      } catch (error) {
        // A booking matters more than the flood limit: with the count out of reach, let it through.
        warn(error);
        return { refusal: null, release: async () => {} };
      }
      const release = () => counters.add(key, windowStart, HOUR_MS, -1).then(() => undefined, warn);
      if (total <= perHour) return { refusal: null, release };
      const minutes = minutesLeftInHour(windowStart, now);
      return { refusal: new HttpError(429, "tooManyReservations", { minutes }), release };
    },
  };
}
