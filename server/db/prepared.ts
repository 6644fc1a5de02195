import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgDialect, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./database";
import { statementName } from "./named-statements";

/** What Drizzle's query builders offer for a statement built once: its SQL, and its prepared form. */
type Preparable = { toSQL(): { sql: string }; prepare(name: string): unknown };

/**
 * Statements built once per database and shape, then run with their placeholders' values: Drizzle
 * otherwise builds a statement's SQL anew on every run, and on a booking's path and a public read's
 * that building was the largest piece of the server's time (issue 29, docs/performance.md). Each is
 * named by its text, as `named-statements.ts` names every other statement, so PostgreSQL parses it
 * once per connection. Only for statements run on the database itself: a prepared statement is
 * bound to the session it was built on, and a transaction's session is new each time.
 */
export function preparedPerDatabase<Shape, Query extends Preparable>(build: (db: Database, shape: Shape) => Query) {
  const kept = new WeakMap<Database, Map<Shape, ReturnType<Query["prepare"]>>>();
  return (db: Database, shape: Shape): ReturnType<Query["prepare"]> => {
    let shapes = kept.get(db);
    if (!shapes) {
      shapes = new Map();
      kept.set(db, shapes);
    }
    let prepared = shapes.get(shape);
    if (!prepared) {
      const query = build(db, shape);
      prepared = query.prepare(statementName(query.toSQL().sql)) as ReturnType<Query["prepare"]>;
      shapes.set(shape, prepared);
    }
    return prepared;
  };
}

/** What a prepared statement holds besides its session: built once, it is bound to each transaction's. */
type Compiled = {
  queryString: string;
  params: unknown[];
  fields: Parameters<Database["_"]["session"]["prepareQuery"]>[1];
  _isResponseInArrayMode: boolean;
  customResultMapper?: Parameters<Database["_"]["session"]["prepareQuery"]>[4];
  joinsNotNullableMap?: Record<string, boolean>;
};

type Statement = { compiled: Compiled; name: string };

/**
 * A statement's compiled form, named by its text. Drizzle's prepared statement keeps these as its
 * own fields; they are read once, and copied so that nothing kept refers to the connection the
 * statement was first built on.
 */
function compile(query: Preparable): Statement {
  const name = statementName(query.toSQL().sql);
  const { queryString, params, fields, _isResponseInArrayMode, customResultMapper, joinsNotNullableMap } =
    query.prepare(name) as Compiled;
  const compiled = { queryString, params, fields, _isResponseInArrayMode, customResultMapper, joinsNotNullableMap };
  return { compiled, name };
}

/** `compile` for a statement written with `sql`: its rows are read as they come. */
function compileSql(db: Database, query: SQL): Statement {
  const { dialect } = db as unknown as { dialect: PgDialect };
  const { sql: queryString, params } = dialect.sqlToQuery(query);
  const compiled = { queryString, params, fields: undefined, _isResponseInArrayMode: false };
  return { compiled, name: statementName(queryString) };
}

/** The compiled statement as a prepared statement of `db`'s session (a transaction's, say). */
function bind<Prepared>(db: Database, { compiled, name }: Statement): Prepared {
  const bound = db._.session.prepareQuery(
    { sql: compiled.queryString, params: compiled.params },
    compiled.fields,
    name,
    compiled._isResponseInArrayMode,
    compiled.customResultMapper,
  ) as unknown as Compiled;
  bound.joinsNotNullableMap = compiled.joinsNotNullableMap;
  return bound as unknown as Prepared;
}

/**
 * `preparedPerDatabase` for statements run inside a transaction, whose session is new each time:
 * the statement is built once per shape (its text, parameters and how its rows are read, the same
 * for every database of the schema), then bound to the transaction's session at each run. On a
 * booking's path, building its transaction's statements was a sixth of the server's time (issue
 * 29, docs/performance.md). Values are given as `sql.placeholder`s, as for `preparedPerDatabase`.
 */
export function preparedPerTransaction<Shape, Query extends Preparable>(build: (tx: Database, shape: Shape) => Query) {
  const statementFor = keptPerShape((tx: Database, shape: Shape) => compile(build(tx, shape)));
  return (tx: Database, shape: Shape): ReturnType<Query["prepare"]> => bind(tx, statementFor(tx, shape));
}

/** `compile` run once per shape, its statement kept for every transaction after. */
function keptPerShape<Shape>(compileFor: (tx: Database, shape: Shape) => Statement) {
  const kept = new Map<Shape, Statement>();
  return (tx: Database, shape: Shape): Statement => {
    let statement = kept.get(shape);
    if (!statement) {
      statement = compileFor(tx, shape);
      kept.set(shape, statement);
    }
    return statement;
  };
}

const at = sql.placeholder;

/**
 * `preparedPerTransaction` for a statement written with `sql` (one whose parts Drizzle's builders
 * cannot join, such as inserts that read each other's RETURNING): `execute` answers its rows with
 * the names the statement gives them.
 */
export function sqlPerTransaction<Shape, Row>(build: (tx: Database, shape: Shape) => SQL) {
  const statementFor = keptPerShape((tx: Database, shape: Shape) => compileSql(tx, build(tx, shape)));
  return (tx: Database, shape: Shape) =>
    bind<{ execute(values: Record<string, unknown>): Promise<{ rows: Row[] }> }>(tx, statementFor(tx, shape));
}

/** Inserts of more rows than this are built each time: a batch's count seldom repeats. */
const KEPT_ROWS_MAX = 8;
/** Shapes kept per table at most (its nulls make a booking's a few dozen), so memory stays bounded. */
const KEPT_SHAPES_MAX = 256;

/**
 * How the rest of the transaction `tx` plans its statements, where PostgreSQL's connections
 * otherwise plan every run for its values (`named-statements.ts`: an owner's lists over their own
 * data are faster so). A generic plan is made once per connection, and again whenever a table it
 * reads is analyzed (issue 29: planning was a quarter of PostgreSQL's time on a booking's path,
 * docs/performance.md).
 * - `auto`: generic plans once five runs show they cost no more. For a transaction of key lookups
 *   and inserts, whose best plan is the same whatever the values: a booking's (`book.ts`).
 * - `force_generic_plan`: generic plans whatever the planner estimates, for reads by keys whose
 *   generic plan is the best one whatever the data (a booking's vehicle, `checks.ts`), where
 *   `auto` kept planning each run.
 * Returns the statement started, so it can go out with the transaction's others (`startTogether`).
 */
export function plansInTransaction(tx: Database, mode: "auto" | "force_generic_plan"): Promise<unknown> {
  return tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`)).execute();
}

/** A NOTIFY: delivered to the channel's listeners when the transaction that sends it commits. */
export type Notification = { channel: string; payload: string };

/**
 * Sends `notification` in a statement of its own, started at once (a query awaited as it is starts
 * a microtask later), so it can go out with the statements started beside it (`startTogether`).
 */
export async function notify(db: Database, { channel, payload }: Notification): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`).execute();
}

type InsertOptions = { onConflictDoNothing?: boolean; returning?: boolean; notify?: Notification };
const insertStatements = new WeakMap<PgTable, Map<string, Statement>>();

/**
 * Inserts `rows` into `table`, in a transaction or not: the INSERT is built once per table,
 * columns, row count and options, with a placeholder for each value (`preparedPerTransaction`).
 * Every row gives the same columns; a column left undefined takes its default, as Drizzle's own
 * insert does, and a null is part of the statement's shape. Only for tables whose defaults are the
 * database's: a default computed in JavaScript would be computed once, when the statement is built.
 * `notify` is sent by the same statement, one round trip fewer than a NOTIFY of its own (a
 * booking's emails and its live event, issue 29).
 */
export async function insertRows<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: PgInsertValue<Table>[],
  options: { onConflictDoNothing?: boolean; notify?: Notification } = {},
): Promise<void> {
  await runInsert(db, table, rows, options);
}

/** `insertRows`, answering the rows written (RETURNING; none for a row skipped on a conflict). */
export function insertRowsReturning<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: PgInsertValue<Table>[],
  options: { onConflictDoNothing?: boolean } = {},
): Promise<Table["$inferSelect"][]> {
  return runInsert(db, table, rows, { ...options, returning: true });
}

async function runInsert<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: PgInsertValue<Table>[],
  options: InsertOptions,
): Promise<Table["$inferSelect"][]> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return [];
  const columns = Object.keys(first).filter((column) => first[column] !== undefined);
  // A null is written as such in the statement: Drizzle's encoders (a timestamp's, say) take no null.
  const nulls = rows.map((row) => columns.map((column) => (row as Record<string, unknown>)[column] === null));
  const key = [
    columns.join(","),
    nulls.map((row) => row.map((isNull) => (isNull ? "0" : "1")).join("")).join("|"),
    options.onConflictDoNothing === true,
    options.returning === true,
    options.notify !== undefined,
  ].join(";");
  let shapes = insertStatements.get(table);
  if (!shapes) {
    assertDatabaseDefaults(table);
    shapes = new Map();
    insertStatements.set(table, shapes);
  }
  const keep = rows.length <= KEPT_ROWS_MAX && (shapes.has(key) || shapes.size < KEPT_SHAPES_MAX);
  let statement = keep ? shapes.get(key) : undefined;
  // Each value's placeholder is named by its position in `values` (row by row, then the notice's
  // channel and payload): Drizzle reads a placeholder's value as `values[name]`, and an index reads
  // an array where a name made for each run ("0.landingId") had V8 look it up in its string table
  // for every value of every insert (a booking's server time, issue 29, docs/performance.md).
  if (!statement) {
    const placeholders = rows.map((_, index) =>
      Object.fromEntries(
        columns.map((column, at) => [
          column,
          nulls[index]?.[at] ? sql`null` : sql.placeholder(String(index * columns.length + at)),
        ]),
      ),
    );
    const insert = db.insert(table).values(placeholders as PgInsertValue<Table>[]);
    const ruled = options.onConflictDoNothing ? insert.onConflictDoNothing() : insert;
    const notice = rows.length * columns.length;
    // A data-modifying WITH runs to its end whether or not the statement reads it.
    statement = options.notify
      ? compileSql(
          db,
          sql`with written as (${ruled.getSQL()}) select pg_notify(${at(String(notice))}, ${at(String(notice + 1))})`,
        )
      : compile(options.returning ? ruled.returning() : ruled);
    if (keep) shapes.set(key, statement);
  }
  const values: unknown[] = [];
  for (const row of rows) for (const column of columns) values.push((row as Record<string, unknown>)[column]);
  if (options.notify) values.push(options.notify.channel, options.notify.payload);
  const prepared = bind<{ execute(values: unknown[]): Promise<unknown> }>(db, statement);
  const written = await prepared.execute(values);
  return options.returning ? (written as Table["$inferSelect"][]) : [];
}

/** `insertRows` keeps no default computed in JavaScript (see there): a table with one is refused. */
function assertDatabaseDefaults(table: PgTable) {
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (column.defaultFn || column.onUpdateFn) {
      throw new Error(`insertRows: ${name} has a default computed in JavaScript`);
    }
  }
}
