import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it, vi } from "vitest";
import { fromPglite, pgliteOptions } from "./client";
import { withoutQueryParsers } from "./pglite-parsers";
import { rowsOf } from "./rows";

const onPglite = process.env.NELLY_TEST_DATABASE !== "postgres";

// Every type Drizzle asks PGlite to leave as text, in one row.
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

/** A PGlite opened as Nelly opens it, recording the options of every query that reaches it, a transaction's too. */
async function recordedClient() {
  const client = await PGlite.create(pgliteOptions());
  const options: (QueryOptions | undefined)[] = [];
  const query = client.query.bind(client);
  vi.spyOn(client, "query").mockImplementation((text, params, given) => {
    options.push(given);
    return query(text, params, given);
  });
  const transaction = client.transaction.bind(client);
  vi.spyOn(client, "transaction").mockImplementation((callback) =>
    transaction((tx: Transaction) => {
      const txQuery = tx.query;
      tx.query = (text, params, given) => {
        options.push(given);
        return txQuery(text, params, given);
      };
      return callback(tx);
    }),
  );
  return { client, options };
}

describe.runIf(onPglite)("Drizzle's parsers on the embedded database", async () => {
  // A skipped suite's body still runs while tests are collected: no PGlite to open on PostgreSQL's run.
  if (!onPglite) return;
  const { client, options } = await recordedClient();
  const { db } = fromPglite(client);
  // The stock driver on a stock PGlite: what Drizzle reads when each query brings its parsers.
  const stock = await PGlite.create();
  const stockDb = drizzle(stock);
  afterAll(async () => {
    await client.close();
    await stock.close();
  });
  await client.exec(CREATE);
  await stock.exec(CREATE);
  await db.insert(moments).values(ROW);
  await stockDb.insert(moments).values(ROW);

  it("never reach PGlite, outside a transaction or in one", async () => {
    options.length = 0;
    await db.select().from(moments);
    await db.execute(sql`select at, day from moments`);
    await db.transaction(async (tx) => {
      await tx.select().from(moments).where(eq(moments.id, 1));
      await tx.update(moments).set({ day: "2027-03-01" }).where(eq(moments.id, 1));
    });
    expect(options.length).toBeGreaterThanOrEqual(4);
    for (const given of options) expect(given?.parsers).toBeUndefined();
  });

  it("read every value as the stock driver does", async () => {
    await db.update(moments).set({ day: ROW.day }).where(eq(moments.id, 1));
    const [ours] = await db.select().from(moments);
    expect(ours).toEqual((await stockDb.select().from(moments))[0]);
    expect(ours).toEqual(ROW);
    const raw = sql`select at, wall, day, span, days, stamps, amounts from moments`;
    expect(await rowsOf(db, raw)).toEqual((await stockDb.execute(raw)).rows);
    const inTransaction = await db.transaction((tx) => tx.select().from(moments));
    expect(inTransaction).toEqual([ROW]);
  });

  it("lets any other parsers through to PGlite", async () => {
    const wrapped = withoutQueryParsers(client);
    const { rows } = await wrapped.query<{ day: string }>("select day from moments", [], {
      parsers: { 1082: () => "custom" },
    });
    expect(rows).toEqual([{ day: "custom" }]);
  });
});
