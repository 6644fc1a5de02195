import { type Language, languageOr, OWNER_DEFAULT_LANGUAGE } from "@domain/languages";
import { PASSWORD_RESET_TTL_MS } from "@domain/limits";
import { and, eq, gt, lt } from "drizzle-orm";
import { passwordResets, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { ValidationError } from "../http/errors";
import { queueAccountMail, renderPasswordChangedMail, renderPasswordResetMail } from "../mail";
import { findUserByEmail, ownerTimeZone } from "../users";
import type { PasswordResetLimits } from "./hourly-limits";
import { clearAccountFailures } from "./login-throttle";
import { hashPassword } from "./passwords";
import { createSession, endAllSessions } from "./sessions";
import { hashToken, newToken } from "./tokens";

/** The page the emailed link opens; `t` is redacted from every log line (server/http/logging.ts). */
export const RESET_PAGE_PATH = "/reset-password";

/**
 * Emails a link to choose a new password, when `email` has an account and has not had its share
 * of links this hour. Runs after the answer has left (server/http/after-reply.ts): the caller
 * always hears the same, as fast, so the answer says nothing about which emails have accounts.
 * The link carries a new random token; only its SHA-256 is stored, with its expiry, and the row
 * and the email are written in one transaction.
 */
export async function sendPasswordResetLink(
  deps: AppDeps,
  limits: PasswordResetLimits,
  request: { email: string; language: Language },
) {
  const { db, clock, config } = deps;
  const user = await findUserByEmail(db, request.email);
  if (!user || !(await limits.takeEmail(user.id))) return;
  const token = newToken();
  const now = clock.now();
  const url = `${config.publicBaseUrl.replace(/\/+$/, "")}${RESET_PAGE_PATH}?t=${token}&lang=${request.language}`;
  await db.transaction(async (tx) => {
    // Links past their hour are useless; trimming them here keeps the table small without a job.
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    await queueAccountMail(tx, now, {
      kind: "account.password-reset",
      recipient: user.email,
      rendered: renderPasswordResetMail(request.language, { name: user.name, url }),
    });
  });
}

/** The account a link still works for, or a 422 under `token` (unknown, used or expired alike). */
export async function findResetAccount({ db, clock }: AppDeps, token: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, clock.now())))
    .limit(1);
  if (!row) throw ValidationError.field("token", "resetLinkInvalid");
  return row;
}

/**
 * Sets the password chosen from a link, in one transaction: the link is deleted as it is used (of
 * two requests racing with it, one finds nothing), with every other link of the account; every
 * session of the account ends (whoever had the old password is out); the account's login lockout
 * is lifted; a new session signs this browser in; and the account's address is told, in the
 * owner's language, that its password changed (a link used by someone else is heard of).
 */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }) {
  const { db, clock, config } = deps;
  // Checked first so an unknown token costs no password hash (argon2id is slow on purpose).
  await findResetAccount(deps, input.token);
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!used) throw ValidationError.field("token", "resetLinkInvalid");
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning();
    // Stryker disable next-line ConditionalExpression: the link's user exists (deleting a user deletes its links).
    if (!user) throw new Error("the link's account vanished");
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await endAllSessions(tx, user.id);
    await clearAccountFailures(tx, user.email);
    const session = await createSession(tx, user.id, now);
    await queueAccountMail(tx, now, {
      kind: "account.password-changed",
      recipient: user.email,
      rendered: renderPasswordChangedMail(languageOr(user.language, OWNER_DEFAULT_LANGUAGE), {
        name: user.name,
        email: user.email,
        changedAt: now,
        timeZone: await ownerTimeZone(tx, user.id),
        way: "reset",
        baseUrl: config.publicBaseUrl,
      }),
    });
    return { user, session };
  });
}
