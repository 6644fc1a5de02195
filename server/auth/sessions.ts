import { SESSION_EXTEND_STEP_MS, SESSION_MAX_MS, SESSION_TTL_MS } from "@domain/limits";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/database";
import { sessions, users } from "../db/schema";
import { hashToken, newToken } from "./tokens";

export type SessionUser = typeof users.$inferSelect;
/** `expiresAt` moves with activity; `absoluteExpiresAt` never does (domain/limits.ts). */
export type IssuedSession = { token: string; expiresAt: Date; absoluteExpiresAt: Date };

/** A session's two ends as the API answers them (domain/users.ts `sessionTimes`). */
export const presentSessionTimes = (session: { expiresAt: Date; absoluteExpiresAt: Date }) => ({
  expires_at: session.expiresAt.toISOString(),
  absolute_expires_at: session.absoluteExpiresAt.toISOString(),
});

const absoluteEndOf = (createdAt: Date) => new Date(createdAt.getTime() + SESSION_MAX_MS);

/** A new session: an hour from now, extended by activity (extendSession) up to SESSION_MAX_MS. */
export async function createSession(db: Database, userId: number, now: Date): Promise<IssuedSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  // Expired rows are useless; trimming them on login keeps the table small without a job.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return { token, expiresAt, absoluteExpiresAt: absoluteEndOf(now) };
}

export async function findSession(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row && { ...row, absoluteExpiresAt: absoluteEndOf(row.createdAt) };
}

type LiveSession = { sessionId: number; expiresAt: Date; absoluteExpiresAt: Date };

/**
 * The owner did something: the session now ends an hour from now (never after its absolute end).
 * The row is written only when that moves the end by a minute or more, so a session costs at most
 * one write a minute however many requests it makes (and none while nobody touches the page).
 * Sessions live in the database, so an extension made by one instance holds on every other; the
 * condition is repeated in the UPDATE, so instances racing never move an end backwards.
 */
export async function extendSession(db: Database, session: LiveSession, now: Date): Promise<Date> {
  const target = new Date(Math.min(now.getTime() + SESSION_TTL_MS, session.absoluteExpiresAt.getTime()));
  if (target.getTime() - session.expiresAt.getTime() < SESSION_EXTEND_STEP_MS) return session.expiresAt;
  await db
    .update(sessions)
    .set({ expiresAt: target })
    .where(and(eq(sessions.id, session.sessionId), lt(sessions.expiresAt, target)));
  return target;
}

export async function endSession(db: Database, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function endAllSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
