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
/**
 * Hits added at once, at most, before batching starts: under a large limit a tenth of it is
 * millions, and adding every hit at once would write to the shared count on every request
 * (issue 29: the bench's public API answered 800 req/s embedded because of it).
 */
const AT_ONCE_MAX = 100;

/**
 * A store for @fastify/rate-limit whose counts are shared by every instance (issue 13). Adding to
 * the shared count on every request would put a database write in front of every API call, so
 * each instance adds its hits in batches: at once while a key is below a tenth of its limit (and
 * below AT_ONCE_MAX), then
 * at least every second or every tenth of the limit. An address can so overshoot by at most a
 * tenth of the limit per instance for a second; a limit under 20 adds every hit at once.
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
      const batch = Math.max(1, Math.floor(max / 10));
      const due =
        window.pending >= batch ||
        now - window.lastSync >= SYNC_MS ||
        window.known + window.pending <= Math.min(batch, AT_ONCE_MAX);
      if (!due || window.syncing) return callback(null, answer());
      window.syncing = true;
      window.sending = window.pending;
      window.pending = 0;
      counters
        .add(`${this.prefix}:${key}`, new Date(window.start), timeWindow, window.sending)
        .then((total) => {
          window.known = total;
          window.lastSync = now;
        })
        .catch(() => {
          // The shared count is out of reach: keep counting here and try again with the next hit.
          window.pending += window.sending;
        })
        .finally(() => {
          window.sending = 0;
          window.syncing = false;
          callback(null, answer());
        });
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
