import { Socket } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openTestDatabaseWithOwner } from "../test/app";
import type { Database } from "./database";
import { PgliteConnection } from "./pglite-connection";
import { startTogether, transactionTogether } from "./pipeline";
import { insertRows, notify } from "./prepared";
import { customers } from "./schema";

const { handle, db, ownerId } = await openTestDatabaseWithOwner("pipeline");
afterAll(() => handle.close());

/**
 * Spies on what goes out to the database: a PostgreSQL socket's writes, or the calls into PGlite
 * (its connection hands PGlite what was sent in one turn in one call). Given a transaction, its
 * connection's; without, every connection's (a transaction that takes its own once started).
 */
function spyOnWrites(tx?: Database) {
  type Connection = { stream: Record<string, () => unknown>; exchange: () => unknown };
  const connection = tx
    ? (tx._.session as unknown as { client: { connection: Connection } }).client.connection
    : { stream: Socket.prototype as unknown as Connection["stream"], exchange: undefined };
  const pglite = (tx ? connection : PgliteConnection.prototype) as unknown as Pick<Connection, "exchange">;
  const spies =
    handle.kind === "postgres"
      ? [vi.spyOn(connection.stream, "_writev"), vi.spyOn(connection.stream, "_write")]
      : [vi.spyOn(pglite, "exchange")];
  return {
    /**
     * The writes made, or only those to `wire` (`wireOf`): with every connection spied on, a write
     * of another (a timer of a test file run before in the same worker) is not this transaction's.
     */
    count: (wire?: object) =>
      spies.reduce(
        (sum, spy) =>
          sum + (wire ? spy.mock.contexts.filter((context) => context === wire).length : spy.mock.calls.length),
        0,
      ),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/** What a transaction's connection writes through: its socket on PostgreSQL, its PGlite connection. */
function wireOf(tx: Database): object {
  const connection = (tx._.session as unknown as { client: { connection: { stream: object } } }).client.connection;
  return handle.kind === "postgres" ? connection.stream : connection;
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

describe("a transaction begun and committed together with its statements", () => {
  it("sends BEGIN with its first statements and COMMIT with its last, and keeps what they wrote", async () => {
    // Every write of every connection, from before the transaction takes its own to after it ends,
    // counted for the one it took.
    const writes = spyOnWrites();
    let wire: object | undefined;
    try {
      await transactionTogether(db, async (tx, commitWith) => {
        wire = wireOf(tx);
        await insertRows(tx, customers, [customer("lena")]);
        expect(await named(tx, "lena")).toEqual([{ name: "lena" }]);
        await commitWith(() => insertRows(tx, customers, [customer("mara")]));
      });
      // BEGIN and the first insert, the read, the last insert and COMMIT: three writes, not five.
      expect(wire).toBeDefined();
      expect(writes.count(wire)).toBe(3);
    } finally {
      writes.restore();
    }
    expect([...(await named(db, "lena")), ...(await named(db, "mara"))]).toEqual([{ name: "lena" }, { name: "mara" }]);
  });

  it("keeps nothing when a statement sent with the COMMIT fails, and its connection serves the next query", async () => {
    const failed = await transactionTogether(db, async (tx, commitWith) => {
      await insertRows(tx, customers, [customer("nadia")]);
      return commitWith(() =>
        Promise.all([
          insertRows(tx, customers, [customer("olga")]),
          tx.execute(sql`select 1 / (0 * ${ownerId})`).execute(),
        ]),
      );
    }).catch((error: unknown) => error);
    expect(String((failed as Error).cause ?? failed)).toMatch(/division by zero/);
    // The first insert ran inside the transaction too: BEGIN went out before it, in the same write.
    expect(await named(db, "nadia")).toEqual([]);
    expect(await named(db, "olga")).toEqual([]);
  });

  it("commits at the end when its statements do not, and rolls back when it throws", async () => {
    await transactionTogether(db, async (tx) => {
      await insertRows(tx, customers, [customer("paula")]);
    });
    const thrown = await transactionTogether(db, async (tx) => {
      await insertRows(tx, customers, [customer("rita")]);
      throw new Error("changed my mind");
    }).catch((error: unknown) => error);
    expect((thrown as Error).message).toBe("changed my mind");
    expect(await named(db, "paula")).toEqual([{ name: "paula" }]);
    expect(await named(db, "rita")).toEqual([]);
  });

  it("sends what `before` starts ahead of its BEGIN, in the same write, and keeps it whatever the transaction does", async () => {
    const writes = spyOnWrites();
    let counted: Promise<unknown> = Promise.resolve();
    let wire: object | undefined;
    try {
      const thrown = await transactionTogether(
        db,
        async (tx) => {
          await insertRows(tx, customers, [customer("sara")]);
          throw new Error("changed my mind");
        },
        (connection) => {
          wire = wireOf(connection);
          counted = insertRows(connection, customers, [customer("tina")]);
        },
      ).catch((error: unknown) => error);
      expect((thrown as Error).message).toBe("changed my mind");
      await counted;
      // The statement before, BEGIN and the first insert went out together; then the ROLLBACK.
      expect(wire).toBeDefined();
      expect(writes.count(wire)).toBe(2);
    } finally {
      writes.restore();
    }
    expect(await named(db, "sara")).toEqual([]);
    expect(await named(db, "tina")).toEqual([{ name: "tina" }]);
  });

  // PGlite runs one statement at a time for every connection: only PostgreSQL has another to ask.
  it.runIf(handle.kind === "postgres")("holds no lock of what `before` wrote while the transaction runs", async () => {
    await insertRows(db, customers, [customer("uma")]);
    const rename = (on: Database, from: string, to: string) =>
      on
        .update(customers)
        .set({ name: to })
        .where(and(eq(customers.ownerId, ownerId), eq(customers.name, from)))
        .execute();
    await transactionTogether(
      db,
      async (tx) => {
        // The transaction's first answer comes after `before`'s on the same connection: its write is
        // done (else, on a slow machine, the other connection could look for "vera" before it).
        await named(tx, "vera");
        // Another connection changes the row `before` changed, and is not kept waiting for this commit.
        await rename(db, "vera", "wanda");
      },
      (connection) => {
        void rename(connection, "uma", "vera");
      },
    );
    expect(await named(db, "wanda")).toEqual([{ name: "wanda" }]);
  });
});
