import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";

/** How long an answer is reused when nothing said the landings changed: the most a missed notice can cost. */
export const TRUST_MS = 1000;
/** The channel on which migration 0010 announces every change of a landing's content version. */
export const LANDING_CONTENT_CHANNEL = "nelly_landing_content";

/**
 * Which landing a public address names, and its content version, remembered for a moment: a busy
 * public page then answers from memory (its rendered copy is kept per content version) instead of
 * asking the database on every request, which was most of a cached page's cost (issue 12).
 *
 * Everything is forgotten at once, per database, whenever a landing may have changed: when this
 * instance answers any write (so an owner sees their own edit on the next request), and when the
 * database announces a new content version (so every other instance hears of it within
 * milliseconds). A notice lost with a dropped connection costs at most TRUST_MS.
 */
export class RecentLookups<T> {
  // Boxed: an answer may be null ("no such landing"), which the cache cannot hold bare.
  private readonly byDatabase = new WeakMap<Database, LRUCache<string, { value: T }>>();

  constructor(private readonly trustMs = TRUST_MS) {}

  get(db: Database, key: string): T | undefined {
    return this.byDatabase.get(db)?.get(key)?.value;
  }

  set(db: Database, key: string, value: T): void {
    let kept = this.byDatabase.get(db);
    if (!kept) {
      // Bounded by what a moment of traffic can ask for; each answer trusted for `trustMs`.
      kept = new LRUCache({ max: 10_000, ttl: this.trustMs });
      this.byDatabase.set(db, kept);
    }
    kept.set(key, { value });
  }

  forget(db: Database): void {
    this.byDatabase.delete(db);
  }
}

/** Every recent lookup of the public site, forgotten together. */
const all = new Set<{ forget(db: Database): void }>();

export function recentLookups<T>(): RecentLookups<T> {
  const lookups = new RecentLookups<T>();
  all.add(lookups);
  return lookups;
}

/** Forgets `other` with the recent lookups: on this instance's writes and on a changed landing. */
export function forgetWithRecentLookups(other: { forget(db: Database): void }): void {
  all.add(other);
}

/** Forgets every recent lookup of this database: something about a landing may have changed. */
export function forgetRecentLookups(db: Database): void {
  for (const lookups of all) lookups.forget(db);
}

/**
 * Keeps an instance's recent lookups honest: forgotten when it answers any write, and whenever the
 * database announces a changed landing (or the announcements' connection drops).
 */
export function watchLandingChanges(app: FastifyInstance): void {
  const { db, listen } = app.deps;
  // Before the answer leaves: the author's next request must see what they just wrote.
  app.addHook("onSend", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") forgetRecentLookups(db);
  });
  if (!listen) return;
  let stop: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    const forget = () => forgetRecentLookups(db);
    stop = await listen(LANDING_CONTENT_CHANNEL, forget, forget).catch((error: unknown) => {
      app.log.warn(
        { err: error },
        `public site: cannot hear landing changes; other instances' edits show within ${TRUST_MS} ms`,
      );
      return null;
    });
  });
  app.addHook("onClose", async () => {
    await stop?.();
  });
}
