import { PASSWORD_RESET_EMAILS_PER_ACCOUNT, PASSWORD_RESET_REQUESTS_PER_ADDRESS } from "@domain/limits";
import type { Clock } from "../clock";
import { HttpError } from "../http/errors";
import { type Counters, windowStartOf } from "../limits";

const HOUR_MS = 60 * 60 * 1000;

export type PasswordResetLimits = {
  /** Counts a request from `address`, or refuses it with a 429 when its hour is full. */
  takeRequest(address: string): Promise<void>;
  /** Counts an email to the account; false when it already had its share this hour. */
  takeEmail(userId: number): Promise<boolean>;
};

/**
 * How often password-reset links may be asked for (issue 25.20), counted across instances like
 * the other limits. The address limit answers 429 to anyone, whatever the email, so it tells
 * nothing about accounts; the account limit is silent (the same answer, no email), so nobody can
 * flood an owner's inbox nor learn from it whether the account exists. When the count cannot be
 * reached the request goes through: the API's own rate limit still holds.
 */
export function passwordResetLimits(
  counters: Counters,
  clock: Clock,
  warn: (error: unknown) => void,
): PasswordResetLimits {
  const take = async (key: string, limit: number) => {
    const now = clock.now();
    const windowStart = windowStartOf(now, HOUR_MS);
    try {
      const total = await counters.add(key, windowStart, HOUR_MS, 1);
      return {
        allowed: total <= limit,
        minutes: Math.max(1, Math.ceil((windowStart.getTime() + HOUR_MS - now.getTime()) / 60_000)),
      };
    } catch (error) {
      warn(error);
      return { allowed: true, minutes: 0 };
    }
  };
  return {
    async takeRequest(address) {
      const { allowed, minutes } = await take(`password-reset:ip:${address}`, PASSWORD_RESET_REQUESTS_PER_ADDRESS);
      if (!allowed) throw new HttpError(429, "tooManyResetRequests", { minutes });
    },
    async takeEmail(userId) {
      return (await take(`password-reset:user:${userId}`, PASSWORD_RESET_EMAILS_PER_ACCOUNT)).allowed;
    },
  };
}
