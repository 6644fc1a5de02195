import { type Language, OWNER_DEFAULT_LANGUAGE } from "@domain/languages";
import { AVATAR_SIZE_PX } from "@domain/limits";
import type { registerSchema, userUpdateSchema } from "@domain/users";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  createSession,
  endAllSessions,
  hashPassword,
  type IssuedSession,
  lockedOutMinutes,
  recordFailure,
  throttleKeys,
  verifyPassword,
} from "../auth";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { reencodeImage } from "../http/images";

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

export async function getUser(db: Database, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function createUser(
  db: Database,
  input: Pick<z.output<typeof registerSchema>, "name" | "email" | "password" | "language">,
) {
  // Stryker disable next-line ConditionalExpression: the unique index answers the same (below); asking first spares a password hash.
  if (await findUserByEmail(db, input.email)) throw ValidationError.field("email", "emailTaken");
  try {
    const [user] = await db
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        language: input.language ?? OWNER_DEFAULT_LANGUAGE,
      })
      .returning();
    // Stryker disable next-line ConditionalExpression: an INSERT ... RETURNING answers its row (the type allows none).
    if (!user) throw new Error("insert returned no row");
    return user;
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, and the loser gets a field error.
    if (isUniqueViolation(error)) throw ValidationError.field("email", "emailTaken");
    throw error;
  }
}

/**
 * A new password or email needs the current password, so a stolen session cannot take the account.
 * Wrong guesses count as login failures: the same lock-out stops guessing here as at the login.
 */
async function assertCurrentPassword(
  { db, clock }: AppDeps,
  user: typeof users.$inferSelect,
  currentPassword: string,
  clientIp: string,
) {
  if (currentPassword === "") throw ValidationError.field("current_password", "required");
  const keys = throttleKeys(user.email, clientIp);
  const minutes = await lockedOutMinutes(db, keys, clock.now());
  if (minutes > 0) throw new HttpError(429, "tooManyAttempts", { minutes });
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await recordFailure(db, keys, clock.now());
    throw ValidationError.field("current_password", "currentPasswordWrong");
  }
}

type UpdateResult = { user: typeof users.$inferSelect; newSession: IssuedSession | null };

/**
 * Updates the owner's profile. A new avatar is re-encoded before anything is written; a new
 * password ends every session of the user and opens a fresh one for the caller.
 */
export async function updateUser(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof userUpdateSchema>,
  avatarUpload: Buffer | undefined,
  clientIp: string,
): Promise<UpdateResult> {
  const { db, storage, clock } = deps;
  const current = await getUser(db, userId);
  // Stryker disable next-line ConditionalExpression: the session was just read with its user (the type allows none).
  if (!current) throw new Error("user vanished during its own session");
  // Saved meanwhile from another tab: this form's values would undo that save.
  if (input.updated_at !== undefined && input.updated_at !== current.updatedAt.toISOString()) {
    throw new HttpError(409, "profileChangedMeanwhile");
  }
  const changesCredentials = input.password !== "" || input.email !== current.email.toLowerCase();
  if (changesCredentials) await assertCurrentPassword(deps, current, input.current_password, clientIp);
  const sameEmailOwner = await findUserByEmail(db, input.email);
  if (sameEmailOwner && sameEmailOwner.id !== userId) throw ValidationError.field("email", "emailTaken");

  const avatarImage = avatarUpload
    ? await reencodeImage("avatar", avatarUpload, { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: "cover" })
    : undefined;
  const kept = input.remove_avatar ? null : current.avatar;
  const avatar = avatarImage ? await storage.put("avatars", "webp", avatarImage) : kept;
  const passwordHash = input.password ? await hashPassword(input.password) : current.passwordHash;

  let user: typeof users.$inferSelect | undefined;
  try {
    [user] = await db
      .update(users)
      .set({
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        avatar,
        passwordHash,
        updatedAt: clock.now(),
      })
      .where(eq(users.id, userId))
      .returning();
  } catch (error) {
    if (avatar !== current.avatar) await storage.remove(avatar);
    if (isUniqueViolation(error)) throw ValidationError.field("email", "emailTaken");
    throw error;
  }
  // Stryker disable next-line ConditionalExpression: an UPDATE ... RETURNING of the session's own user answers its row.
  if (!user) throw new Error("update returned no row");
  if (avatar !== current.avatar) await storage.remove(current.avatar);

  let newSession: IssuedSession | null = null;
  if (input.password) {
    await endAllSessions(db, userId);
    newSession = await createSession(db, userId, clock.now());
  }
  return { user, newSession };
}

/**
 * The dashboard's language, saved when the owner switches it: their own emails and calendar feed
 * follow it. Not a profile edit: `updated_at` stays, so a profile form open in another tab still saves.
 */
export async function setUserLanguage(db: Database, userId: number, language: Language) {
  const [user] = await db.update(users).set({ language }).where(eq(users.id, userId)).returning();
  // Stryker disable next-line ConditionalExpression: an UPDATE ... RETURNING of the session's own user answers its row.
  if (!user) throw new Error("update returned no row");
  return user;
}
