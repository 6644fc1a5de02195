import { and, eq, gt, lt } from "drizzle-orm";
import { SESSION_TTL_MS } from "../../domain/limits";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { hashToken, newToken } from "./tokens";

export type SessionUser = typeof users.$inferSelect;
export type IssuedSession = { token: string; expiresAt: Date };

/** Sessions last one hour from login (SPEC §4); they are not extended by activity. */
export async function createSession(db: Database, userId: number, now: Date): Promise<IssuedSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  // Expired rows are useless; trimming them on login keeps the table small without a job.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return { token, expiresAt };
}

export async function findSession(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function endSession(db: Database, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function endAllSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
