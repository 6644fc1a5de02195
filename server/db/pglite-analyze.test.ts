import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { analyzeInBackground, analyzeWhereDue } from "./pglite-analyze";
import { rowsOf } from "./rows";

const onPglite = process.env.NELLY_TEST_DATABASE !== "postgres";
/** Bookings of the landing besides the first, made after the lookup was first planned. */
const BOOKINGS = 2000;

type PlanNode = { "Node Type": string; "Index Name"?: string; "Rows Removed by Filter"?: number; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

// PostgreSQL analyzes its tables itself (autovacuum); only the embedded database needs this.
describe.skipIf(!onPglite)("the embedded database's tables analyzed as they change", async () => {
  if (!onPglite) return;
  const { app, clock, db } = await createTestApp();
  // A session reports its counts of changes at most once a second, unless told to at its next pause.
  const counted = () => db.execute(sql`select pg_stat_force_next_flush()`);
  const insert = async (table: string, from: number, count: number) => {
    await db.execute(
      sql`insert into ${sql.identifier(table)} (landing, key)
          select 1, 'key-' || n from generate_series(${from}::int, ${from + count - 1}::int) as n`,
    );
    await counted();
  };
  const create = (table: string) =>
    db.execute(
      sql.raw(`create table ${table} (id serial primary key, landing int not null, key text not null);
               create index ${table}_landing on ${table} (landing);
               create unique index ${table}_key on ${table} (landing, key)`),
    );

  it("analyzes a table with rows never analyzed, then once 50 rows and a tenth of it changed", async () => {
    await create("probe_counts");
    expect(await analyzeWhereDue(db)).not.toContain("probe_counts");
    await insert("probe_counts", 1, 10);
    expect(await analyzeWhereDue(db)).toContain("probe_counts");
    const [stats] = await rowsOf<{ analyzed: boolean }>(
      db,
      sql`select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'probe_counts'`,
    );
    expect(stats?.analyzed).toBe(true);
    expect(await analyzeWhereDue(db)).not.toContain("probe_counts");
    // 10 rows when analyzed: due again past 50 + 1 changes.
    await insert("probe_counts", 11, 51);
    expect(await analyzeWhereDue(db)).not.toContain("probe_counts");
    await insert("probe_counts", 62, 1);
    expect(await analyzeWhereDue(db)).toContain("probe_counts");
  });

  it("has a lookup planned on the empty bookings table planned anew once bookings are many", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    // The Idempotency-Key's lookup, as the booking's vehicle statement makes it (checks.ts),
    // prepared and run while the landing has no booking: the session keeps one generic plan after five runs.
    await db.execute(
      sql.raw(`prepare probe_earlier (int, text) as
        select id from reservations where landing_id = $1 and idempotency_key = $2 limit 1`),
    );
    for (let run = 0; run < 6; run++) {
      await db.execute(sql.raw(`execute probe_earlier (${landing.id}, 'key-0')`));
    }
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // Many bookings since: copies of that one, each with its own key.
    const [columns] = await rowsOf<{ copied: string }>(
      db,
      sql`select string_agg(quote_ident(column_name), ', ') as copied from information_schema.columns
          where table_name = 'reservations' and column_name not in ('id', 'reference', 'idempotency_key')`,
    );
    const copied = sql.raw(columns?.copied ?? "");
    await db.execute(sql`
      insert into reservations (${copied}, reference, idempotency_key)
      select ${copied}, 'NLY-K' || lpad(g::text, 5, '0'), 'key-' || g
      from reservations, generate_series(1, ${BOOKINGS}) g where id = ${(booked.json() as { id: number }).id}`);
    await counted();
    const plan = async () => {
      const [explained] = await rowsOf<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        db,
        sql.raw(`explain (analyze, format json) execute probe_earlier (${landing.id}, 'a-new-key')`),
      );
      return nodesOf(explained?.["QUERY PLAN"][0].Plan as PlanNode);
    };
    const dropped = (nodes: PlanNode[]) => nodes.reduce((sum, node) => sum + (node["Rows Removed by Filter"] ?? 0), 0);
    // A new booking's key, found in none. As planned on the empty table: every booking of the
    // landing read and dropped, the first one and its copies.
    expect(dropped(await plan())).toBe(BOOKINGS + 1);
    expect(await analyzeWhereDue(db)).toContain("reservations");
    const fresh = await plan();
    expect(fresh.map((node) => node["Index Name"]).filter(Boolean)).toEqual(["reservations_idempotency_idx"]);
    expect(dropped(fresh)).toBe(0);
  });

  it("looks in the background until stopped", async () => {
    await create("probe_background");
    await insert("probe_background", 1, 100);
    const analyzed = async () => {
      const [stats] = await rowsOf<{ analyzed: boolean }>(
        db,
        sql`select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'probe_background'`,
      );
      return stats?.analyzed;
    };
    expect(await analyzed()).toBe(false);
    const background = analyzeInBackground(db, 20);
    await expect.poll(analyzed, { timeout: 5000 }).toBe(true);
    await background.stop();
  });
});
