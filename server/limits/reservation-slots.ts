import type { Clock } from "../clock";
import { HttpError } from "../http/errors";
import { type Counters, windowStartOf } from "./counters";

const HOUR_MS = 60 * 60 * 1000;

export type ReservationSlots = {
  /** Counts one reservation for the address, or refuses with a 429 when its hour is full. */
  take(address: string): Promise<{ release(): Promise<void> }>;
};

/**
 * The reservation flood limit (issue 13): at most `perHour` reservations from one address in a
 * clock hour, counted across every instance. A slot is taken before booking (so concurrent
 * requests cannot slip past the count) and given back when the booking is refused or was a retry.
 */
export function reservationSlots(
  counters: Counters,
  clock: Clock,
  perHour: number,
  warn: (error: unknown) => void,
): ReservationSlots {
  return {
    async take(address) {
      const now = clock.now();
      const windowStart = windowStartOf(now, HOUR_MS);
      const key = `reservations:${address}`;
      let total: number;
      try {
        total = await counters.add(key, windowStart, HOUR_MS, 1);
      } catch (error) {
        // A booking matters more than the flood limit: with the count out of reach, let it through.
        warn(error);
        return { release: async () => {} };
      }
      const release = () => counters.add(key, windowStart, HOUR_MS, -1).then(() => undefined, warn);
      if (total > perHour) {
        await release();
        const minutes = Math.max(1, Math.ceil((windowStart.getTime() + HOUR_MS - now.getTime()) / 60_000));
        throw new HttpError(429, "tooManyReservations", { minutes });
      }
      return { release };
    },
  };
}
