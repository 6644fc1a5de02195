import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from "@domain/limits";
import { and, count, gt, inArray, lt, min } from "drizzle-orm";
import type { Database } from "../db/database";
import { loginFailures } from "../db/schema";

/**
 * Login failures are counted per account and per address in the database, so every instance
 * behind a load balancer sees the same count. Every failure counts against its account; the
 * account's count locks out only callers it has nothing else to go on for. A browser that signed in
 * to the account before (`knownBrowserOf`) is judged by its own failures, and a signed-in owner's
 * settings by theirs (`settingsThrottle`): a stranger's wrong guesses keep neither out.
 */
export type Throttle = { checked: string[]; recorded: string[] };

const accountKey = (email: string) => `email:${email.toLowerCase()}`;

export function loginThrottle(email: string, ip: string, knownBrowser: string | null): Throttle {
  const recorded = [accountKey(email), `ip:${ip}`];
  if (knownBrowser === null) return { checked: recorded, recorded };
  const browser = `browser:${knownBrowser}`;
  return { checked: [browser, `ip:${ip}`], recorded: [...recorded, browser] };
}

/** The current password asked for by the settings of a signed-in owner: counted for that owner's sessions. */
export function settingsThrottle(email: string, ip: string, userId: number): Throttle {
  const settings = `settings:${userId}`;
  return { checked: [settings, `ip:${ip}`], recorded: [accountKey(email), `ip:${ip}`, settings] };
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

/** After a sign-in: the account's failures (and this browser's) are forgotten. */
export async function clearAccountFailures(db: Database, email: string, knownBrowser: string | null = null) {
  const keys = [accountKey(email), ...(knownBrowser === null ? [] : [`browser:${knownBrowser}`])];
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}
