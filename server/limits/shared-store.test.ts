import { describe, expect, it } from "vitest";
import { TestClock } from "../test/clock";
import type { Counters } from "./counters";
import { sharedStore } from "./shared-store";

/** A shared count in memory that records every add, as the database or Redis would hold it. */
function memoryCounters() {
  const totals = new Map<string, number>();
  const adds: number[] = [];
  const counters: Counters = {
    async add(key, windowStart, _windowMs, delta) {
      adds.push(delta);
      const name = `${key}@${windowStart.toISOString()}`;
      const total = (totals.get(name) ?? 0) + delta;
      totals.set(name, total);
      return total;
    },
    async close() {},
  };
  return { counters, adds, totals };
}

type Answer = { current: number; ttl: number };
type Store = {
  incr(key: string, callback: (error: Error | null, answer: Answer) => void, window: number, max: number): void;
};

const hit = (store: Store, key: string, max: number) =>
  new Promise<Answer>((resolve, reject) =>
    store.incr(key, (error, answer) => (error ? reject(error) : resolve(answer)), 60_000, max),
  );

describe("the shared rate-limit store", () => {
  it("adds a key's first hit at once, then a tenth of the limit at a time, losing none", async () => {
    const { counters, adds, totals } = memoryCounters();
    const clock = new TestClock(new Date("2026-11-23T10:00:05Z"));
    const Store = sharedStore(counters, clock);
    const store = new Store();
    const answers = [];
    for (let index = 0; index < 600; index++) answers.push(await hit(store, "1.2.3.4", 600));
    expect(answers.map((answer) => answer.current)).toEqual(Array.from({ length: 600 }, (_, index) => index + 1));
    expect(answers[0]?.ttl).toBe(55_000);
    // The first hit, then one write per 60 hits: 10 writes for 600 hits, the last 59 not yet added.
    expect(adds).toEqual([1, ...Array.from({ length: 9 }, () => 60)]);
    // A second later the next hit adds them with itself: the shared total is whole.
    clock.advance(1_000);
    expect((await hit(store, "1.2.3.4", 600)).current).toBe(601);
    await Promise.resolve();
    expect([...totals.values()]).toEqual([601]);
  });

  it("never makes a request wait for the shared count under a limit of 20 or more", async () => {
    const waiting: (() => void)[] = [];
    const slow: Counters = {
      add: (_key, _start, _ms, delta) => new Promise((resolve) => waiting.push(() => resolve(delta))),
      async close() {},
    };
    const store = new (sharedStore(slow, new TestClock()))();
    // Answered while its write is still on its way; a limit of 19 waits for it.
    expect((await hit(store, "2.2.2.2", 20)).current).toBe(1);
    expect(waiting).toHaveLength(1);
    let exact = false;
    const counted = hit(store, "3.3.3.3", 19).then(() => {
      exact = true;
    });
    await Promise.resolve();
    expect(exact).toBe(false);
    for (const release of waiting) release();
    await counted;
    expect(exact).toBe(true);
  });

  it("under a very large limit adds the first hit at once, then batches by the second", async () => {
    const { counters, adds, totals } = memoryCounters();
    const clock = new TestClock(new Date("2026-11-23T10:00:05Z"));
    const Store = sharedStore(counters, clock);
    const store = new Store();
    for (let index = 0; index < 5_000; index++) {
      await hit(store, "1.2.3.4", 100_000_000);
      if (index % 1_000 === 999) clock.advance(1_000);
    }
    // The first hit, then one write each second (not one per hit: a write on every request).
    expect(adds.length).toBeLessThanOrEqual(6);
    expect((await hit(store, "1.2.3.4", 100_000_000)).current).toBe(5_001);
    expect([...totals.values()].reduce((sum, total) => Math.max(sum, total), 0)).toBeLessThanOrEqual(5_001);
  });

  it("sees another instance's hits at its next write and starts afresh in the next window", async () => {
    const { counters } = memoryCounters();
    const clock = new TestClock(new Date("2026-11-23T10:00:00Z"));
    const Store = sharedStore(counters, clock);
    const [here, there] = [new Store(), new Store()];
    for (let index = 0; index < 5; index++) await hit(there, "5.6.7.8", 10);
    expect((await hit(here, "5.6.7.8", 10)).current).toBe(6);
    clock.advance(60_000);
    expect((await hit(here, "5.6.7.8", 10)).current).toBe(1);
  });

  it("keeps each route's own limit apart from the general one", async () => {
    const { counters, totals } = memoryCounters();
    const Store = sharedStore(counters, new TestClock());
    const general = new Store();
    const route = general.child({ routeInfo: { method: "POST", url: "/api/login-nelly" } });
    await hit(general, "9.9.9.9", 5);
    await hit(route, "9.9.9.9", 5);
    expect([...totals.keys()].map((key) => key.split("@")[0]).sort()).toEqual([
      "rate:POST /api/login-nelly:9.9.9.9",
      "rate:api:9.9.9.9",
    ]);
  });

  it("keeps counting on its own while the shared count is out of reach", async () => {
    let reachable = false;
    const counters: Counters = {
      async add(_key, _start, _ms, delta) {
        if (!reachable) throw new Error("connection refused");
        return delta;
      },
      async close() {},
    };
    const store = new (sharedStore(counters, new TestClock()))();
    expect((await hit(store, "1.1.1.1", 3)).current).toBe(1);
    expect((await hit(store, "1.1.1.1", 3)).current).toBe(2);
    reachable = true;
    // The hits counted alone reach the shared count with the next one.
    expect((await hit(store, "1.1.1.1", 3)).current).toBe(3);
  });

  it("adds a busy key's hits at least every second, even below a tenth of the limit", async () => {
    const { counters, adds } = memoryCounters();
    const clock = new TestClock(new Date("2026-11-23T10:00:00Z"));
    const store = new (sharedStore(counters, clock))();
    for (let index = 0; index < 50; index++) await hit(store, "7.7.7.7", 600);
    expect(adds).toEqual([1]);
    clock.advance(1_000);
    expect((await hit(store, "7.7.7.7", 600)).current).toBe(51);
    expect(adds).toEqual([1, 50]);
  });

  it("keeps one write in flight per key, answering meanwhile from its own count", async () => {
    const waiting: (() => void)[] = [];
    const adds: number[] = [];
    let total = 0;
    const slow: Counters = {
      add: (_key, _start, _ms, delta) =>
        new Promise((resolve) => {
          adds.push(delta);
          waiting.push(() => {
            total += delta;
            resolve(total);
          });
        }),
      async close() {},
    };
    const store = new (sharedStore(slow, new TestClock()))();
    const first = hit(store, "8.8.8.8", 1);
    const [second, third] = await Promise.all([hit(store, "8.8.8.8", 1), hit(store, "8.8.8.8", 1)]);
    expect([second.current, third.current, adds]).toEqual([2, 3, [1]]);
    waiting.shift()?.();
    expect((await first).current).toBe(3);
    // The next hit adds the two counted meanwhile with itself.
    const fourth = hit(store, "8.8.8.8", 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    waiting.shift()?.();
    expect((await fourth).current).toBe(4);
    expect(adds).toEqual([1, 3]);
  });
});
