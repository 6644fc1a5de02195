import { PASSWORD_RESET_EMAILS_PER_ACCOUNT, PASSWORD_RESET_REQUESTS_PER_ADDRESS } from "@domain/limits";
import { HttpError } from "../http/errors";
import type { HourlyCount } from "../limits";

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
 * flood an owner's inbox nor learn from it whether the account exists.
 */
export function passwordResetLimits(count: HourlyCount): PasswordResetLimits {
  return {
    async takeRequest(address) {
      const { allowed, minutes } = await count(`password-reset:ip:${address}`, PASSWORD_RESET_REQUESTS_PER_ADDRESS);
      if (!allowed) throw new HttpError(429, "tooManyResetRequests", { minutes });
    },
    async takeEmail(userId) {
      return (await count(`password-reset:user:${userId}`, PASSWORD_RESET_EMAILS_PER_ACCOUNT)).allowed;
    },
  };
}

/**
 * Counts a sign-up from `address`, or refuses it with a 429 once the address has tried `perHour`
 * this clock hour (SIGNUP_RATE_LIMIT). Every sign-up with a valid form counts, the ones refused for
 * a taken email too: each costs a password hash, and each taken email tells whether an account
 * exists, so the limit bounds both a flood of accounts and a sweep of emails from one address.
 */
export const signUpLimit = (count: HourlyCount, perHour: number) => async (address: string) => {
  const { allowed, minutes } = await count(`sign-up:ip:${address}`, perHour);
  if (!allowed) throw new HttpError(429, "tooManySignUps", { minutes });
};
