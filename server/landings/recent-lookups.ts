import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";

/** How long an answer is reused when nothing said the landings changed: the most a missed notice can cost. */
export const TRUST_MS = 1000;
/** The channel on which migration 0010 announces every change of a landing's content version. */
export const LANDING_CONTENT_CHANNEL = "nelly_landing_content";
/** Lookups kept in one moment at most. */
const MAX_PER_MOMENT = 10_000;

/**
 * The moments in which a database's recent lookups are trusted. A moment ends TRUST_MS after it
 * began, or at once when a landing may have changed; everything looked up in it is forgotten with
 * it. What is built from those lookups (a public page kept whole, `server/http/kept-answers.ts`)
 * names its moment and is trusted exactly as long.
 */
type Moment = { id: number; endsAt: number };
const moments = new WeakMap<Database, Moment>();
let lastMoment = 0;

/** The moment this database's lookups are trusted in now (a new one once the last has ended). */
export function lookupMoment(db: Database): number {
  const now = Date.now();
  let moment = moments.get(db);
  if (!moment || now >= moment.endsAt) {
    moment = { id: ++lastMoment, endsAt: now + TRUST_MS };
    moments.set(db, moment);
  }
  return moment.id;
}

/**
 * Which landing a public address names, and its content version, remembered for a moment: a busy
 * public page then answers from memory (its rendered copy is kept per content version) instead of
 * asking the database on every request, which was most of a cached page's cost (issue 12).
 *
 * Everything is forgotten at once, per database, whenever a landing may have changed: when this
 * instance answers a write it made, not one it refused (so an owner sees their own edit on the
 * next request), and when the database announces a new content version (so every other instance
 * hears of it within milliseconds). A notice lost with a dropped connection costs at most TRUST_MS.
 */
export class RecentLookups<T> {
  // A plain map per moment (a new one after every write: it must cost nothing to make), boxed: an
  // answer may be null ("no such landing").
  private readonly byDatabase = new WeakMap<Database, { moment: number; kept: Map<string, { value: T }> }>();

  get(db: Database, key: string): T | undefined {
    const found = this.byDatabase.get(db);
    return found?.moment === lookupMoment(db) ? found.kept.get(key)?.value : undefined;
  }

  set(db: Database, key: string, value: T): void {
    const moment = lookupMoment(db);
    let found = this.byDatabase.get(db);
    // Bounded by what a moment of traffic can ask for: past it, the moment starts over empty.
    if (found?.moment !== moment || found.kept.size >= MAX_PER_MOMENT) {
      found = { moment, kept: new Map() };
      this.byDatabase.set(db, found);
    }
    found.kept.set(key, { value });
  }
}

/** What is forgotten with the recent lookups, besides them. */
const others = new Set<{ forget(db: Database): void }>();

/** Forgets `other` with the recent lookups: on this instance's writes and on a changed landing. */
export function forgetWithRecentLookups(other: { forget(db: Database): void }): void {
  others.add(other);
}

/** Forgets every recent lookup of this database: something about a landing may have changed. */
export function forgetRecentLookups(db: Database): void {
  moments.delete(db);
  for (const other of others) other.forget(db);
}

/**
 * Keeps an instance's recent lookups honest: forgotten when it answers a write it made, and
 * whenever the database announces a changed landing (or the announcements' connection drops).
 */
export function watchLandingChanges(app: FastifyInstance): void {
  const { db, listen } = app.deps;
  // Before the answer leaves: the author's next request must see what they just wrote. A write
  // refused (4xx) wrote nothing, so it forgets nothing: a booking of a car already taken, a wrong
  // password or a form with a mistake no longer makes every kept public page be rendered again.
  app.addHook("onSend", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") return;
    if (reply.statusCode >= 400 && reply.statusCode < 500) return;
    forgetRecentLookups(db);
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
