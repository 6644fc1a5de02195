import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it, vi } from "vitest";
import { fromPglite, ProtocolPGlite, pgliteOptions } from "./client";
import { rowsOf } from "./rows";

const onPglite = process.env.NELLY_TEST_DATABASE !== "postgres";

// Every type Drizzle reads as text and converts itself, in one row.
const moments = pgTable("moments", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  wall: timestamp("wall").notNull(),
  day: date("day").notNull(),
  span: interval("span").notNull(),
  days: date("days").array().notNull(),
  stamps: timestamp("stamps", { withTimezone: true }).array().notNull(),
  amounts: numeric("amounts").array().notNull(),
});
const CREATE = `create table moments (id integer primary key, at timestamptz not null, wall timestamp not null,
  day date not null, span interval not null, days date[] not null, stamps timestamptz[] not null, amounts numeric[] not null)`;
const ROW = {
  id: 1,
  at: new Date("2027-03-28T01:30:00.250Z"),
  wall: new Date("2027-03-28T02:30:00Z"),
  day: "2027-02-28",
  span: "3 days 04:05:06",
  days: ["2027-01-01", "2027-12-31"],
  stamps: [new Date("2027-01-01T00:00:00Z"), new Date("2027-06-30T23:59:59Z")],
  amounts: ["12.50", "0.01"],
};

describe.runIf(onPglite)("the embedded database through node-postgres", async () => {
  // A skipped suite's body still runs while tests are collected: no PGlite to open on PostgreSQL's run.
  if (!onPglite) return;
  // As the server opens it: PGlite's own array types not read at start (its arrays still read below).
  const client = new ProtocolPGlite(pgliteOptions());
  await client.waitReady;
  const handle = fromPglite(client);
  const { db } = handle;
  // Drizzle's own PGlite driver on a stock PGlite: what Drizzle reads there.
  const stock = await PGlite.create();
  const stockDb = drizzle(stock);
  afterAll(async () => {
    await handle.close();
    await stock.close();
  });
  await db.execute(sql.raw(CREATE));
  await stock.exec(CREATE);
  await db.insert(moments).values(ROW);
  await stockDb.insert(moments).values(ROW);

  const prepared = async () =>
    (await rowsOf<{ statement: string }>(db, sql`select statement from pg_prepared_statements`)).map(
      (row) => row.statement,
    );

  it("starts without reading PGlite's own array types; its query reads arrays once they are read", async () => {
    const INT_ARRAY = 1007;
    expect(client.parsers[INT_ARRAY]).toBeUndefined();
    expect(stock.parsers[INT_ARRAY]).toBeTypeOf("function");
    // The server's reads go through node-postgres, which reads arrays itself.
    const [row] = await db.select({ days: moments.days, amounts: moments.amounts }).from(moments);
    expect(row).toEqual({ days: ROW.days, amounts: ROW.amounts });
    await client.refreshArrayTypes();
    expect((await client.query<{ a: number[] }>("select array[1, 2]::int[] as a")).rows[0]?.a).toEqual([1, 2]);
  });

  it("reads every value as Drizzle's own PGlite driver does", async () => {
    const [ours] = await db.select().from(moments);
    expect(ours).toEqual((await stockDb.select().from(moments))[0]);
    expect(ours).toEqual(ROW);
    const raw = sql`select at, wall, day, span, days, stamps, amounts from moments`;
    expect(await rowsOf(db, raw)).toEqual((await stockDb.execute(raw)).rows);
    expect(await db.transaction((tx) => tx.select().from(moments))).toEqual([ROW]);
  });

  it("parses a statement with parameters once, and keeps it after a failed query", async () => {
    const byId = () => db.select({ day: moments.day }).from(moments).where(eq(moments.id, 1));
    await byId();
    await byId();
    const text = byId().toSQL().sql;
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
    // A failed query makes the pool replace its client; the session's statements stay usable.
    await expect(db.execute(sql`select * from no_such_table where id = ${1}`)).rejects.toThrow();
    expect(await byId()).toEqual([{ day: ROW.day }]);
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it("sends a statement to PGlite in one call: its Parse, Bind, Describe, Execute and Sync together", async () => {
    const calls = vi.spyOn(client, "execProtocolRawStream");
    try {
      const byDay = (day: string) => db.select({ id: moments.id }).from(moments).where(eq(moments.day, day));
      expect(await byDay(ROW.day)).toEqual([{ id: 1 }]);
      expect(calls).toHaveBeenCalledTimes(1);
      calls.mockClear();
      // Parsed already: Bind to Sync, in one call again.
      expect(await byDay("2000-01-01")).toEqual([]);
      expect(calls).toHaveBeenCalledTimes(1);
    } finally {
      calls.mockRestore();
    }
  });

  it("runs a query sent during a transaction after it, never inside it", async () => {
    let inside: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db
      .transaction(async (tx) => {
        await tx.update(moments).set({ day: "2030-01-01" }).where(eq(moments.id, 1));
        inside();
        await new Promise((resolve) => setTimeout(resolve, 50));
        tx.rollback();
      })
      .catch(() => "rolled back");
    await started;
    // Sent while the transaction holds the session: it waits, and never sees the rolled-back day.
    const [read] = await db.select({ day: moments.day }).from(moments);
    expect(await transaction).toBe("rolled back");
    expect(read).toEqual({ day: ROW.day });
  });

  it("hears NOTIFY on the channels it listens to, until it stops", async () => {
    const heard: string[] = [];
    const stop = await handle.listen("nelly_driver_test", (payload) => heard.push(payload));
    await db.execute(sql`select pg_notify('nelly_driver_test', ${"one"})`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('nelly_driver_test', ${"two"})`);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(["one", "two"]);
    await stop();
    await db.execute(sql`select pg_notify('nelly_driver_test', ${"three"})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(["one", "two"]);
  });
});
