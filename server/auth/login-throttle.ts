import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from "@domain/limits";
import { and, count, eq, gt, inArray, lt, min } from "drizzle-orm";
import type { Database } from "../db/database";
import { loginFailures } from "../db/schema";

/**
 * Login failures are counted per account and per address in the database, so every instance
 * behind a load balancer sees the same count.
 */
export function throttleKeys(email: string, ip: string) {
  return [`email:${email.toLowerCase()}`, `ip:${ip}`];
}

/** Minutes until the caller may try again, or 0 when under the limit. */
export async function lockedOutMinutes(db: Database, keys: string[], now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await db
    .select({ key: loginFailures.key, failures: count(), oldest: min(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.failedAt, since)))
    .groupBy(loginFailures.key);
  const limit = (key: string) =>
    key.startsWith("ip:") ? LOGIN_MAX_FAILURES_PER_ADDRESS : LOGIN_MAX_FAILURES_PER_ACCOUNT;
  const locked = rows.filter((row) => row.failures >= limit(row.key) && row.oldest);
  if (locked.length === 0) return 0;
  const freedAt = Math.max(...locked.map((row) => new Date(row.oldest as Date).getTime() + LOGIN_FAILURE_WINDOW_MS));
  return Math.max(1, Math.ceil((freedAt - now.getTime()) / 60_000));
}

export async function recordFailure(db: Database, keys: string[], now: Date) {
  await db.insert(loginFailures).values(keys.map((key) => ({ key, failedAt: now })));
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)));
}

export async function clearAccountFailures(db: Database, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, `email:${email.toLowerCase()}`));
}
