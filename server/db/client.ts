import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { BytesBlob } from "./bytes-blob";
import type { Database } from "./database";
import { type Listen, postgresListener, sessionListener } from "./listen";
import { NamingClient } from "./named-statements";
import { analyzeInBackground } from "./pglite-analyze";
import { PgliteConnection, type PgliteSession } from "./pglite-connection";

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Settles once the database answers (PGlite starts in the background; queries wait for it). */
  opened: Promise<void>;
  migrate(): Promise<void>;
  /** LISTEN/NOTIFY, so every instance hears what another one wrote (live updates). */
  listen: Listen;
  close(): Promise<void>;
};

/**
 * The databases whose connections plan each run of a statement for its values (PostgreSQL's,
 * `named-statements.ts`); PGlite's plan once for all runs where that costs no more.
 */
const plannedEachRun = new WeakSet<Database>();
export const plansEachRun = (db: Database): boolean => plannedEachRun.has(db);

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** A fixed key for pg_advisory_lock, so several instances starting at once migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_271_042;

/**
 * Whether the database already has the journal's newest migration. The migrator would read and hash
 * every migration file and run its own DDL to learn the same (drizzle applies what is newer than
 * the newest row, by the journal's `when`), so a start on an up-to-date database asks this one
 * question instead; anything else (a fresh database, a newer journal) goes through the migrator.
 */
async function migratedAlready(db: Pick<Database, "execute">): Promise<boolean> {
  // Read at once: a few kilobytes, not worth a trip through libuv's thread pool on a busy start.
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as {
    entries: { when: number }[];
  };
  const newest = journal.entries.at(-1)?.when;
  try {
    const { rows } = (await db.execute(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: string | null }[] };
    return newest !== undefined && rows[0]?.newest === String(newest);
  } catch {
    // No migrations table yet: a new database.
    return false;
  }
}

/**
 * PGlite's own start, with 32 MB of shared buffers instead of PostgreSQL's 128 MB: an operator's
 * data fits many times over, and PGlite zeroes its buffers in the server's own process (and
 * memory) at every start, which was a seventh of the start-up (issue 29, docs/performance.md).
 */
export function pgliteOptions() {
  return {
    extensions: { btree_gist, pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  };
}

/**
 * PGlite as the server uses it: through the wire protocol only (`pglite-connection.ts`), never
 * through its own `query`. PGlite reads the database's array types at every start, for that
 * `query`'s parsers: on a cold catalog, 110 to 190 ms of a start of the embedded database (issue
 * 29, docs/performance.md). Here they are not read, and PGlite's own `query` would answer arrays
 * as text, unless `refreshArrayTypes()` (which reads them) is called first.
 */
export class ProtocolPGlite extends PGlite {
  override async _initArrayTypes({ force = false }: { force?: boolean } = {}) {
    if (force) await super._initArrayTypes({ force });
  }
}

/**
 * node-postgres clients of one PGlite session, each with a connection of its own
 * (`pglite-connection.ts`): the pool replaces a client after a failed query, and a dropped
 * connection's late "end" must not reach the next. They share the session (`PgliteSession`).
 */
function pgliteClientClass(session: PgliteSession) {
  return class PgliteClient extends NamingClient {
    constructor() {
      super({ connection: new PgliteConnection(session) } as pg.ClientConfig);
    }
  };
}

/**
 * Wraps an open PGlite (a data directory or an in-memory clone for tests). Drizzle talks to it as
 * to PostgreSQL, through node-postgres, so both databases run the same driver: each statement
 * with parameters is named (`named-statements.ts`), so PGlite parses it once, and plans it once
 * for all its runs when a generic plan costs no more (PGlite's default; PostgreSQL's plan mode
 * is set as the connection opens, which PGlite's has no part of). Through PGlite's own `query`,
 * every run of a booking's vehicle statement was parsed and planned anew: 0.9 ms, against
 * 0.3 ms named (issue 29, docs/performance.md). One connection: PGlite is one session, so a
 * transaction holds it and other queries wait, as PGlite itself made them wait.
 */
export function fromPglite(client: PGlite): DatabaseHandle {
  // LISTEN and UNLISTEN go through the pool, never beside a query in flight on the session.
  const listener = sessionListener((statement) => pool.query(statement));
  const session = { pglite: client, parsedStatements: {}, notify: listener.notify };
  const pool = new pg.Pool({ max: 1, idleTimeoutMillis: 0, Client: pgliteClientClass(session) });
  // A connection's error (PGlite closed under a query) fails that query; the pool then drops the
  // client and makes another, and without a listener the error would end the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool) as unknown as Database;
  // What PostgreSQL's autovacuum would do for its planner (pglite-analyze.ts).
  const analyzing = analyzeInBackground(db);
  return {
    db,
    kind: "pglite",
    opened: client.waitReady,
    async migrate() {
      if (await migratedAlready(db)) return;
      await migratePg(db as never, { migrationsFolder });
    },
    listen: listener.listen,
    async close() {
      await analyzing.stop();
      await pool.end();
      if (!client.closed) await client.close();
    },
  };
}

/**
 * PGlite on a data directory: its engine (9 MB of WebAssembly) compiled first, by V8 off the main
 * thread while the server loads its code, then started in the background while the server builds
 * its app (server/main.ts, docs/performance.md). Queries wait for it; `opened` rejects when it
 * cannot start. Its two files are read at once, in a few milliseconds: read in chunks by PGlite, or
 * by readFile, each chunk would wait its turn behind the app being loaded and built.
 */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const resolve = createRequire(import.meta.url).resolve;
  const pgliteWasmModule = await WebAssembly.compile(readFileSync(resolve("@electric-sql/pglite/pglite.wasm")));
  const fsBundle = new BytesBlob(readFileSync(resolve("@electric-sql/pglite/pglite.data")));
  return fromPglite(new ProtocolPGlite(dataDir, { ...pgliteOptions(), pgliteWasmModule, fsBundle }));
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // A request waits at most 5 s for a connection: with PostgreSQL away it fails fast (503). Its
  // statements are prepared once per connection (named-statements.ts).
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000, Client: NamingClient });
  // An idle connection broken by a PostgreSQL restart is dropped by the pool and replaced on the
  // next query; without a listener its error would end the process.
  pool.on("error", () => {});
  // Its own connection, opened on the first LISTEN: a database only queried never opens it.
  const listener = postgresListener(connectionString);
  const db = drizzlePg(pool) as unknown as Database;
  plannedEachRun.add(db);
  return {
    db,
    kind: "postgres",
    opened: Promise.resolve(),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg(client);
        if (!(await migratedAlready(locked as unknown as Database))) await migratePg(locked, { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    listen: listener.listen,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
