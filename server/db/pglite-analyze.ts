import { sql } from "drizzle-orm";
import type { Database } from "./database";
import { rowsOf } from "./rows";

/**
 * PostgreSQL's autovacuum analyzes a table once enough of it has changed; PGlite has no autovacuum,
 * so an embedded database was never analyzed. Its planner then knew nothing of its data, and a
 * statement's generic plan, made once per session (client.ts), stayed as it was made on the first
 * runs, however the tables grew. The booking's vehicle statement, planned on a new landing's
 * empty table, found the Idempotency-Key by reading every booking of the landing
 * (reservations_landing_return_date_idx, "Rows Removed by Filter: 3000"): 2.0 ms a run at 3,000
 * bookings, 0.39 ms once analyzed (issue 29, docs/performance.md). Analyzing a table gives the
 * planner its statistics and makes PostgreSQL plan its statements anew.
 *
 * The thresholds are autovacuum's defaults (`autovacuum_analyze_threshold`,
 * `autovacuum_analyze_scale_factor`): a table is due once 50 rows plus a tenth of it changed since
 * it was last analyzed, or when it holds rows and was never analyzed as far as the statistics
 * remember. PGlite keeps them only while it runs: after each start, each table with rows is
 * analyzed once (200 ms in all on 300,000 bookings, a table at a time).
 */
const THRESHOLD_ROWS = 50;
const SCALE = 0.1;

/**
 * How much of a table an analyze reads: 300 rows per unit, and what it keeps of each column (its
 * commonest values, its histogram's buckets). PostgreSQL's default, 100, held the one session for
 * 1.7 s on 300,000 bookings; 10 for 89 ms, and tells the planner enough to choose its indexes.
 */
const STATISTICS_TARGET = 10;

/**
 * How often the tables are looked at. PostgreSQL's `autovacuum_naptime` is a minute; the look is
 * one query of the statistics views (5 ms on 300,000 bookings), so a new landing's bookings are
 * planned for what its tables became within seconds rather than a minute.
 */
const ANALYZE_CHECK_MS = 15_000;

/** The tables due for an analyze, by name. */
async function tablesDue(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public'
          and (s.n_mod_since_analyze > ${THRESHOLD_ROWS} + ${SCALE} * greatest(c.reltuples, 0)
               or (s.last_analyze is null and pg_relation_size(s.relid) > 0))
        order by s.relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * Analyzes the tables that are due, each in a transaction of its own (its sample's size set for it
 * alone), so requests are answered between them: the session is one, and a statement holds it
 * while it runs. Answers the tables analyzed.
 */
export async function analyzeWhereDue(db: Database): Promise<string[]> {
  const due = await tablesDue(db);
  for (const table of due) {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local default_statistics_target = ${STATISTICS_TARGET}`));
      await tx.execute(sql`analyze ${sql.identifier(table)}`);
    });
  }
  return due;
}

/**
 * Runs `analyzeWhereDue` every `everyMs` until stopped, never two at once. A failed look (the
 * database closing) is tried again at the next; the timer never keeps the process alive.
 */
export function analyzeInBackground(db: Database, everyMs = ANALYZE_CHECK_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= analyzeWhereDue(db)
      .catch(() => {})
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
