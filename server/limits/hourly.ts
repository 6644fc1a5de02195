import type { Clock } from "../clock";
import { type Counters, windowStartOf } from "./counters";

export const HOUR_MS = 60 * 60 * 1000;

/** Whole minutes, at least one, until the clock hour that started at `windowStart` ends: what a refusal says. */
export const minutesLeftInHour = (windowStart: Date, now: Date) =>
  Math.max(1, Math.ceil((windowStart.getTime() + HOUR_MS - now.getTime()) / 60_000));

export type HourlyCount = (key: string, limit: number) => Promise<{ allowed: boolean; minutes: number }>;

/**
 * Counts one more hit of `key` in its clock hour, across every instance (`Counters`): whether the
 * hour's total is still within `limit`, and the minutes until the hour ends. When the count cannot
 * be reached the hit is allowed (and `warn` told): the API's own per-minute limit still holds.
 */
export function hourlyCount(counters: Counters, clock: Clock, warn: (error: unknown) => void): HourlyCount {
  return async (key, limit) => {
    const now = clock.now();
    const windowStart = windowStartOf(now, HOUR_MS);
    try {
      const total = await counters.add(key, windowStart, HOUR_MS, 1);
      return { allowed: total <= limit, minutes: minutesLeftInHour(windowStart, now) };
    } catch (error) {
      warn(error);
      return { allowed: true, minutes: 0 };
    }
  };
}
