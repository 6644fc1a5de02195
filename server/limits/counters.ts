import { lt, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Database } from "../db/database";
import { preparedPerDatabase, preparedPerTransaction } from "../db/prepared";
import { rateLimitCounts } from "../db/schema";

/**
 * Counts shared by every instance of Nelly (issue 13): a key's hits in a fixed time window, kept
 * in Redis when REDIS_URL is set, else in the database. `add` returns the window's new total; each
 * count is a write of its own, which stands once made.
 */
export type Counters = {
  /**
   * `on`, for counts kept in the database: a connection of its own to send the count on, outside
   * any transaction (the booking's, just before its BEGIN: `transactionTogether`'s `before`).
   */
  add(key: string, windowStart: Date, windowMs: number, delta: number, on?: Database): Promise<number>;
  close(): Promise<void>;
};

/** Windows older than this are deleted as new counts come in: no limit here counts longer than a day. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY = 500;

/** `databaseCounters`' count, built once per database (`server/db/prepared.ts`): one on every counted request. */
const addCount = (db: Database, _shape: "add") =>
  db
    .insert(rateLimitCounts)
    .values({ key: sql.placeholder("key"), windowStart: sql.placeholder("windowStart"), hits: sql.placeholder("hits") })
    .onConflictDoUpdate({
      target: [rateLimitCounts.key, rateLimitCounts.windowStart],
      set: { hits: sql`${rateLimitCounts.hits} + excluded.hits` },
    })
    .returning({ hits: rateLimitCounts.hits });
const addQuery = preparedPerDatabase(addCount);
/** The same count on a connection lent for a transaction, whose session is new each time. */
const addQueryOn = preparedPerTransaction(addCount);

export function databaseCounters(db: Database): Counters {
  let addsSincePrune = 0;
  return {
    async add(key, windowStart, _windowMs, delta, on) {
      const query = on ? addQueryOn(on, "add") : addQuery(db, "add");
      const [row] = await query.execute({ key, windowStart, hits: delta });
      // Never from a count on a lent connection: its transaction waits for the count, and with
      // every connection of the pool lent (PGlite's only one) the prune would wait for it.
      if (++addsSincePrune >= PRUNE_EVERY && !on) {
        addsSincePrune = 0;
        await db
          .delete(rateLimitCounts)
          .where(lt(rateLimitCounts.windowStart, new Date(windowStart.getTime() - KEEP_MS)));
      }
      return row?.hits ?? delta;
    },
    async close() {},
  };
}

export function redisCounters(redis: Redis): Counters {
  return {
    async add(key, windowStart, windowMs, delta) {
      const name = `nelly:limit:${key}:${windowStart.getTime()}`;
      // The key outlives its window a little, so a late add from a slow instance still lands.
      const results = await redis
        .multi()
        .incrby(name, delta)
        .pexpire(name, windowMs * 2)
        .exec();
      const [error, total] = results?.[0] ?? [new Error("Redis answered nothing"), 0];
      if (error) throw error;
      return Number(total);
    },
    async close() {
      await redis.quit();
    },
  };
}

/** The start of the fixed window `at` falls in. */
export const windowStartOf = (at: Date, windowMs: number) => new Date(Math.floor(at.getTime() / windowMs) * windowMs);

/**
 * Connects to Redis before the server starts (a wrong REDIS_URL stops it with a clear error), then
 * fails fast instead of queueing commands while Redis is away: a limit that cannot be counted must
 * not hold a request.
 */
export async function connectRedis(url: string, onError: (error: Error) => void = () => {}): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a single instance never pays for the client (docs/performance.md).
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  // Once connected, a lost connection is retried by ioredis; the operator hears of it here.
  redis.on("error", onError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL: ${(error as Error).message}`);
  }
  return redis;
}
