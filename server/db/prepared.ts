import type { Database } from "./client";
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
