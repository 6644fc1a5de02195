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
  it("adds every hit at once below a tenth of the limit, then in batches, losing none", async () => {
    const { counters, adds, totals } = memoryCounters();
    const clock = new TestClock(new Date("2026-11-23T10:00:05Z"));
    const Store = sharedStore(counters, clock);
    const store = new Store();
    const answers = [];
    for (let index = 0; index < 600; index++) answers.push(await hit(store, "1.2.3.4", 600));
    expect(answers.map((answer) => answer.current)).toEqual(Array.from({ length: 600 }, (_, index) => index + 1));
    expect(answers[0]?.ttl).toBe(55_000);
    // 60 single adds, then one per 60 hits: 69 writes for 600 hits, and the shared total is whole.
    expect(adds.length).toBe(69);
    expect([...totals.values()]).toEqual([600]);
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
});
