import type { Clock } from "../clock";
import { type Counters, windowStartOf } from "./counters";

type Answer = { current: number; ttl: number };
type Callback = (error: Error | null, answer: Answer) => void;

type Window = {
  start: number;
  /** The window's total across all instances at the last sync. */
  known: number;
  /** This instance's hits being added to the shared total right now. */
  sending: number;
  /** This instance's hits not yet added to the shared total. */
  pending: number;
  lastSync: number;
  syncing: boolean;
};

/** How often a busy key's hits reach the shared count at the latest. */
const SYNC_MS = 1000;
const MAX_TRACKED_KEYS = 10_000;
/** Limits under this are counted exactly: every hit is added to the shared count before it is answered. */
const EXACT_BELOW = 20;

/**
 * A store for @fastify/rate-limit whose counts are shared by every instance (issue 13). A limit
 * under EXACT_BELOW adds every hit to the shared count and answers with the total. A larger one
 * never makes a request wait for the shared count (issue 29: that write was in front of every
 * visitor's first requests, and of the request that met each second's sync): it answers from the
 * last total it heard plus its own hits, and adds its hits in the background, a key's first hit
 * at once, then at least every second or every tenth of the limit. An address can so overshoot by
 * at most a tenth of the limit per instance for a second.
 */
export function sharedStore(counters: Counters, clock: Clock) {
  return class SharedStore {
    private readonly windows = new Map<string, Window>();
    private readonly prefix: string;

    // The plugin passes its merged options; a route with its own limit brings `routeInfo`.
    constructor(params?: unknown) {
      const route = (params as { routeInfo?: { method?: string; url?: string } } | undefined)?.routeInfo;
      this.prefix = `rate:${route?.url ? `${route.method} ${route.url}` : "api"}`;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      const now = clock.now().getTime();
      const window = this.windowOf(key, now, timeWindow);
      window.pending += 1;
      const answer = () => ({
        current: window.known + window.sending + window.pending,
        ttl: window.start + timeWindow - now,
      });
      const exact = max < EXACT_BELOW;
      const due = exact || window.pending >= Math.floor(max / 10) || now - window.lastSync >= SYNC_MS;
      if (!due || window.syncing) return callback(null, answer());
      const synced = this.sync(key, window, timeWindow, now);
      if (exact) synced.then(() => callback(null, answer()));
      else callback(null, answer());
    }

    /** Adds the window's pending hits to the shared count; never rejects (out of reach: counted later). */
    private async sync(key: string, window: Window, timeWindow: number, now: number) {
      window.syncing = true;
      window.sending = window.pending;
      window.pending = 0;
      try {
        window.known = await counters.add(`${this.prefix}:${key}`, new Date(window.start), timeWindow, window.sending);
        window.lastSync = now;
      } catch {
        // The shared count is out of reach: keep counting here and try again with the next hit.
        window.pending += window.sending;
      } finally {
        window.sending = 0;
        window.syncing = false;
      }
    }

    child(params: unknown) {
      return new SharedStore(params);
    }

    private windowOf(key: string, now: number, timeWindow: number): Window {
      const start = windowStartOf(new Date(now), timeWindow).getTime();
      const existing = this.windows.get(key);
      if (existing && existing.start === start) return existing;
      if (this.windows.size >= MAX_TRACKED_KEYS) {
        for (const [other, window] of this.windows) if (window.start !== start) this.windows.delete(other);
      }
      const fresh: Window = { start, known: 0, sending: 0, pending: 0, lastSync: 0, syncing: false };
      this.windows.set(key, fresh);
      return fresh;
    }
  };
}
