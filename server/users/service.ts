import { type Language, languageOr, OWNER_DEFAULT_LANGUAGE } from "@domain/languages";
import { AVATAR_SIZE_PX } from "@domain/limits";
import type { registerSchema, userUpdateSchema } from "@domain/users";
import { desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  createSession,
  endAllSessions,
  hashPassword,
  type IssuedSession,
  lockedOutMinutes,
  recordFailure,
  settingsThrottle,
  verifyPassword,
} from "../auth";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { ownedBy } from "../db/owner-scope";
import { landings, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { HttpError, ValidationError } from "../http/errors";
import { reencodeImage } from "../http/images";
import { queueAccountMail, renderEmailChangedMail, renderPasswordChangedMail } from "../mail";

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

/**
 * The clock an owner lives on, for the notices about their account: the time zone of their newest
 * working landing (a landing's is its operator's), or null before they have one.
 */
export async function ownerTimeZone(db: Database, ownerId: number): Promise<string | null> {
  const [landing] = await db
    .select({ timeZone: landings.timeZone })
    .from(landings)
    .where(ownedBy(ownerId))
    .orderBy(desc(landings.id))
    .limit(1);
  return landing?.timeZone ?? null;
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
 * Wrong guesses count as login failures against the account, and ten of them stop guessing here;
 * a stranger's failures at the sign-in do not lock the owner's settings (`settingsThrottle`).
 */
async function assertCurrentPassword(
  { db, clock }: AppDeps,
  user: typeof users.$inferSelect,
  currentPassword: string,
  clientIp: string,
) {
  if (currentPassword === "") throw ValidationError.field("current_password", "required");
  const throttle = settingsThrottle(user.email, clientIp, user.id);
  const minutes = await lockedOutMinutes(db, throttle.checked, clock.now());
  if (minutes > 0) throw new HttpError(429, "tooManyAttempts", { minutes });
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await recordFailure(db, throttle.recorded, clock.now());
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
  const emailChanged = input.email !== current.email.toLowerCase();
  const passwordChanged = input.password !== "";
  if (emailChanged || passwordChanged) await assertCurrentPassword(deps, current, input.current_password, clientIp);
  const sameEmailOwner = await findUserByEmail(db, input.email);
  if (sameEmailOwner && sameEmailOwner.id !== userId) throw ValidationError.field("email", "emailTaken");

  const avatarImage = avatarUpload
    ? await reencodeImage("avatar", avatarUpload, { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: "cover" })
    : undefined;
  const kept = input.remove_avatar ? null : current.avatar;
  const avatar = avatarImage ? await storage.put("avatars", "webp", avatarImage) : kept;
  const passwordHash = passwordChanged ? await hashPassword(input.password) : current.passwordHash;

  const now = clock.now();
  let written: UpdateResult;
  try {
    // One transaction: the row, the sessions and the notice to the account's address before the
    // change commit together (the notice is sent by the outbox's worker, so a mail server that is
    // down neither loses nor holds up the change), and a refused change queues nothing.
    written = await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ name: input.name, email: input.email, phone: input.phone || null, avatar, passwordHash, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      // Stryker disable next-line ConditionalExpression: an UPDATE ... RETURNING of the session's own user answers its row.
      if (!user) throw new Error("update returned no row");
      let newSession: IssuedSession | null = null;
      if (passwordChanged) {
        await endAllSessions(tx, userId);
        newSession = await createSession(tx, userId, now);
      }
      await queueCredentialNotice(tx, deps, current, user, { emailChanged, passwordChanged, now });
      return { user, newSession };
    });
  } catch (error) {
    if (avatar !== current.avatar) await storage.remove(avatar);
    if (isUniqueViolation(error)) throw ValidationError.field("email", "emailTaken");
    throw error;
  }
  if (avatar !== current.avatar) await storage.remove(current.avatar);
  return written;
}

/**
 * Tells the account's address before the change that its sign-in email or its password changed,
 * in the owner's language: so whoever took a session and knew the password cannot change either
 * unheard. A new email is told to the previous address only (one notice, naming the password too
 * when it changed in the same save); a new password alone, to the account's address. Neither the
 * password nor any token is in the notice.
 */
async function queueCredentialNotice(
  tx: Database,
  { config }: AppDeps,
  before: typeof users.$inferSelect,
  /** The account as saved with the change: greeted by its name (renamed in the same save, the new one). */
  after: typeof users.$inferSelect,
  change: { emailChanged: boolean; passwordChanged: boolean; now: Date },
) {
  if (!change.emailChanged && !change.passwordChanged) return;
  const language = languageOr(before.language, OWNER_DEFAULT_LANGUAGE);
  const timeZone = await ownerTimeZone(tx, before.id);
  const common = { name: after.name, changedAt: change.now, timeZone, baseUrl: config.publicBaseUrl };
  if (change.emailChanged) {
    await queueAccountMail(tx, change.now, {
      kind: "account.email-changed",
      recipient: before.email,
      rendered: renderEmailChangedMail(language, {
        ...common,
        newEmail: after.email,
        passwordChanged: change.passwordChanged,
      }),
    });
  } else {
    await queueAccountMail(tx, change.now, {
      kind: "account.password-changed",
      recipient: before.email,
      rendered: renderPasswordChangedMail(language, { ...common, email: before.email, way: "settings" }),
    });
  }
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
