import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptFor, forgetAttempt } from "./booking-attempt";

/** A browser's storage in memory, or one that refuses every use (a private mode). */
function storage(refused = false): Storage {
  const items = new Map<string, string>();
  const refuse = () => {
    if (refused) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => {
      refuse();
      return items.get(key) ?? null;
    },
    setItem: (key, value) => {
      refuse();
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
  };
}

const BODY = JSON.stringify({ id_vehicle: 3, date_of_departure: "2026-12-08", name: "Ana", email: "ana@example.com" });
const KEPT_MS = 2 * 3_600_000;

let shared: Storage;
beforeEach(() => {
  shared = storage();
  vi.stubGlobal("window", { localStorage: shared, sessionStorage: storage() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("attemptFor: one key per request for the landing's tabs, for two hours", () => {
  it("gives the same request the same key, another request or landing another", async () => {
    const first = await attemptFor("sitio", BODY);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await attemptFor("sitio", BODY)).toEqual(first);
    const other = await attemptFor("sitio", BODY.replace("2026-12-08", "2026-12-09"));
    expect(other.key).not.toBe(first.key);
    expect((await attemptFor("otro-sitio", BODY)).key).not.toBe(first.key);
    // Both attempts kept, with nothing of the traveller.
    expect((await attemptFor("sitio", BODY)).key).toBe(first.key);
    const stored = shared.getItem("nelly.attempts.sitio") ?? "";
    expect(Object.keys(JSON.parse(stored))).toHaveLength(2);
    for (const personal of ["Ana", "ana@example.com"]) expect(stored).not.toContain(personal);
  });

  it("forgets an attempt two hours after it was first sent, and one booked again on purpose", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const first = await attemptFor("sitio", BODY);
    vi.setSystemTime(Date.now() + KEPT_MS - 1);
    expect((await attemptFor("sitio", BODY)).key).toBe(first.key);
    vi.setSystemTime(Date.now() + 1);
    const next = await attemptFor("sitio", BODY);
    expect(next.key).not.toBe(first.key);
    forgetAttempt("sitio", next.fingerprint);
    expect(shared.getItem("nelly.attempts.sitio")).toBeNull();
    expect((await attemptFor("sitio", BODY)).key).not.toBe(next.key);
  });

  it("reads and writes the attempts under the landing's lock, which the site's other tabs wait for", async () => {
    // Two tabs in two processes both read before either wrote: the lock (Web Locks) makes one wait.
    const held: string[] = [];
    vi.stubGlobal("navigator", {
      locks: {
        request: async (name: string, task: () => Promise<unknown>) => {
          held.push(name);
          return task();
        },
      },
    });
    const first = await attemptFor("sitio", BODY);
    expect(held).toEqual(["nelly.attempts.sitio"]);
    expect((await attemptFor("sitio", BODY)).key).toBe(first.key);
  });

  it("still gives a key when storage is refused or holds something else", async () => {
    shared.setItem("nelly.attempts.sitio", "not json");
    expect((await attemptFor("sitio", BODY)).key).toMatch(/\S{8,}/);
    vi.stubGlobal("window", { localStorage: storage(true), sessionStorage: storage(true) });
    const refused = await attemptFor("sitio", BODY);
    expect(refused.key).toMatch(/\S{8,}/);
    expect(() => forgetAttempt("sitio", refused.fingerprint)).not.toThrow();
  });
});
