import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactionTogether } from "../db/pipeline";
import { rateLimitCounts } from "../db/schema";
import { createTestApp } from "../test/app";
import { connectRedis, databaseCounters, redisCounters, windowStartOf } from "./counters";

const { db } = await createTestApp();
const MINUTE = 60_000;

describe("counts in the database", () => {
  it("adds to a window's total, keeping windows and keys apart", async () => {
    const counters = databaseCounters(db);
    const key = `test:${randomUUID()}`;
    const window = new Date("2026-11-23T10:00:00Z");
    expect(await counters.add(key, window, MINUTE, 1)).toBe(1);
    expect(await counters.add(key, window, MINUTE, 4)).toBe(5);
    expect(await counters.add(key, window, MINUTE, -1)).toBe(4);
    expect(await counters.add(key, new Date("2026-11-23T10:01:00Z"), MINUTE, 1)).toBe(1);
    expect(await counters.add(`${key}:other`, window, MINUTE, 1)).toBe(1);
  });

  it("deletes windows older than a day as new counts come in", async () => {
    const counters = databaseCounters(db);
    const prefix = `prune:${randomUUID()}`;
    const now = new Date("2026-11-23T10:00:00Z");
    await db.insert(rateLimitCounts).values([
      { key: `${prefix}:old`, windowStart: new Date(now.getTime() - 25 * 60 * MINUTE), hits: 3 },
      { key: `${prefix}:recent`, windowStart: new Date(now.getTime() - 23 * 60 * MINUTE), hits: 3 },
    ]);
    const left = async () =>
      (
        await db
          .select({ key: rateLimitCounts.key })
          .from(rateLimitCounts)
          .where(like(rateLimitCounts.key, `${prefix}%`))
      )
        .map((row) => row.key.slice(prefix.length + 1))
        .sort();
    // Pruning runs once every 500 adds.
    for (let index = 0; index < 499; index++) await counters.add(`${prefix}:busy`, now, MINUTE, 1);
    expect(await left()).toEqual(["busy", "old", "recent"]);
    await counters.add(`${prefix}:busy`, now, MINUTE, 1);
    expect(await left()).toEqual(["busy", "recent"]);
    const [busy] = await db
      .select({ hits: rateLimitCounts.hits })
      .from(rateLimitCounts)
      .where(and(eq(rateLimitCounts.key, `${prefix}:busy`), eq(rateLimitCounts.windowStart, now)));
    expect(busy?.hits).toBe(500);
  });

  it("counts on a connection lent for a transaction without waiting for another, and prunes on the next count after", async () => {
    const counters = databaseCounters(db);
    const key = `lent:${randomUUID()}`;
    const now = new Date("2026-11-23T10:00:00Z");
    // Counts due a prune, on the connection a transaction holds: with PGlite's one connection
    // lent, a prune on the pool would wait for the transaction, which waits for the count.
    const counted = await transactionTogether(db, async (tx) => {
      let total = 0;
      for (let index = 0; index < 500; index++) total = await counters.add(key, now, MINUTE, 1, tx);
      return total;
    });
    expect(counted).toBe(500);
    const old = { key: `${key}:old`, windowStart: new Date(now.getTime() - 25 * 60 * MINUTE), hits: 1 };
    await db.insert(rateLimitCounts).values(old);
    await counters.add(key, now, MINUTE, 1);
    expect(await db.select().from(rateLimitCounts).where(eq(rateLimitCounts.key, old.key))).toEqual([]);
  });

  it("puts a moment in the fixed window it falls in", () => {
    expect(windowStartOf(new Date("2026-11-23T10:45:30.5Z"), 60 * MINUTE).toISOString()).toBe(
      "2026-11-23T10:00:00.000Z",
    );
    expect(windowStartOf(new Date("2026-11-23T10:45:30.5Z"), MINUTE).toISOString()).toBe("2026-11-23T10:45:00.000Z");
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = await connectRedis(redisUrl).catch(() => null);

describe.skipIf(!redis)("counts in Redis", () => {
  it("adds to a window's total and lets the key expire after twice the window", async () => {
    if (!redis) return;
    const counters = redisCounters(redis);
    const key = `test:${randomUUID()}`;
    const window = new Date("2026-11-23T10:00:00Z");
    expect(await counters.add(key, window, MINUTE, 2)).toBe(2);
    expect(await counters.add(key, window, MINUTE, -1)).toBe(1);
    const ttl = await redis.pttl(`nelly:limit:${key}:${window.getTime()}`);
    expect(ttl).toBeGreaterThan(MINUTE);
    expect(ttl).toBeLessThanOrEqual(2 * MINUTE);
    await counters.close();
  });

  it("stops the start with a clear error when Redis cannot be reached", async () => {
    await expect(connectRedis("redis://127.0.0.1:1")).rejects.toThrow(/^Cannot reach Redis at REDIS_URL: /);
  });
});
