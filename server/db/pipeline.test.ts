import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openTestDatabaseWithOwner } from "../test/app";
import type { Database } from "./client";
import { startTogether } from "./pipeline";
import { insertRows, notify } from "./prepared";
import { customers } from "./schema";

const { handle, db, ownerId } = await openTestDatabaseWithOwner("pipeline");
afterAll(() => handle.close());

/**
 * Spies on what goes out to the database: a PostgreSQL socket's writes, or the calls into PGlite
 * (its connection hands PGlite what was sent in one turn in one call).
 */
function spyOnWrites(tx: Database) {
  type Connection = { stream: Record<string, () => unknown>; exchange?: () => unknown };
  const { connection } = (tx._.session as unknown as { client: { connection: Connection } }).client;
  const spies =
    handle.kind === "postgres"
      ? [vi.spyOn(connection.stream, "_writev"), vi.spyOn(connection.stream, "_write")]
      : [vi.spyOn(connection as Required<Connection>, "exchange")];
  return {
    count: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

const at = new Date("2026-11-28T10:00:00.000Z");
/** A customer with notes: a shape no other code inserts (kept statements outlive a test file). */
const customer = (name: string) => ({
  ownerId,
  notes: "del pipeline",
  name,
  email: `${name}@example.com`,
  phone: "",
  lastBookedAt: at,
  createdAt: at,
  updatedAt: at,
});

const named = (tx: Database, name: string) =>
  tx
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.ownerId, ownerId), eq(customers.name, name)))
    // Started at once: a query builder awaited as it is starts only on the next microtask.
    .execute();

describe("statements started together", () => {
  it("go out in one write and run in the order started, each seeing what the one before wrote", async () => {
    const seen = await db.transaction(async (tx) => {
      const writes = spyOnWrites(tx);
      try {
        const [, read] = await Promise.all(
          startTogether(tx, () => [insertRows(tx, customers, [customer("julia")]), named(tx, "julia")]),
        );
        return { read, writes: writes.count() };
      } finally {
        writes.restore();
      }
    });
    expect(seen).toEqual({ read: [{ name: "julia" }], writes: 1 });
  });

  it("take a notification of its own along in the same write", async () => {
    const writes = await db.transaction(async (tx) => {
      const spy = spyOnWrites(tx);
      try {
        await Promise.all(
          startTogether(tx, () => [
            notify(tx, { channel: `pipeline_${process.pid}`, payload: "along" }),
            named(tx, "nobody"),
          ]),
        );
        return spy.count();
      } finally {
        spy.restore();
      }
    });
    expect(writes).toBe(1);
  });

  it("fail after a statement that fails, and the transaction keeps nothing", async () => {
    const results = await db
      .transaction(async (tx) => {
        await insertRows(tx, customers, [customer("karen")]);
        return await Promise.allSettled(
          startTogether(tx, () => [tx.execute(sql`select 1 / (0 * ${ownerId})`).execute(), named(tx, "karen")]),
        );
      })
      .catch((error: unknown) => error);
    expect(results).toBeInstanceOf(Array);
    const [division, read] = results as PromiseSettledResult<unknown>[];
    expect(division?.status).toBe("rejected");
    // The transaction is aborted: the statement after the failure is refused, not run.
    expect(read?.status).toBe("rejected");
    expect(String((read as PromiseRejectedResult).reason?.cause ?? (read as PromiseRejectedResult).reason)).toMatch(
      /current transaction is aborted/,
    );
    expect(await named(db, "karen")).toEqual([]);
  });
});
