import type { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres/session";
import type pg from "pg";
import type { Database } from "./database";

/** What a transaction's session holds: the pool's connection it runs on (Drizzle's node-postgres session). */
type SessionWithClient = { client?: { connection?: { stream?: Partial<Pick<Writable, "cork" | "uncork">> } } };

/**
 * Runs `start`, which starts statements of the transaction `tx` without awaiting them, and sends
 * them to the database in one write. The connection is in pipeline mode (`NamingClient`):
 * PostgreSQL runs them one after the other, each as if the one before had been awaited (so a
 * statement after a lock runs once the lock is held, with a snapshot taken then), and answers each
 * in turn. If one fails, the transaction is aborted and those after it fail too.
 *
 * Why: each write to PostgreSQL's socket wakes its process, and on a booking's path those writes
 * were a quarter of the server's time (issue 29, docs/performance.md). PGlite's connection sends
 * what is started in one turn of the event loop together already.
 */
export function startTogether<T>(tx: Database, start: () => T): T {
  const stream = (tx._.session as unknown as SessionWithClient).client?.connection?.stream;
  stream?.cork?.();
  try {
    return start();
  } finally {
    stream?.uncork?.();
  }
}

/** What Drizzle's node-postgres session holds, to open a transaction of its own on one of its pool's connections. */
type PoolSession = {
  client: pg.Pool;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * Starts the transaction's last statements, as `startTogether` does, with its COMMIT in the same
 * write, and answers what they answer once committed. Nothing may be run in the transaction after.
 */
export type CommitWith = <T>(start: () => Promise<T>) => Promise<T>;

/**
 * `db.transaction(run)`, with its BEGIN sent in the same write as the statements `run` starts before
 * its first await, and its COMMIT with its last statements when `run` gives them to `commitWith`.
 * Drizzle's own `transaction` awaits BEGIN and COMMIT each alone: two round trips of their own in
 * every transaction, on PostgreSQL each a write to its socket and the wake of its process, on
 * PGlite each a call into it (issue 29, docs/performance.md). The database runs what follows BEGIN
 * inside the transaction, as if BEGIN had been awaited; a statement that fails before COMMIT
 * aborts the transaction, and the COMMIT sent with it then rolls it back. As Drizzle's: committed
 * when `run` resolves (at once if it did not commit), rolled back when it throws.
 *
 * `before` starts statements on the same connection just ahead of the BEGIN, in the same write:
 * they run on their own, outside the transaction, and stand whatever it does. Their answers come
 * before the transaction's first; the caller keeps them (the booking's flood-limit count, `book.ts`).
 */
export async function transactionTogether<T>(
  db: Database,
  run: (tx: Database, commitWith: CommitWith) => Promise<T>,
  before?: (connection: Database) => void,
): Promise<T> {
  const session = db._.session as unknown as PoolSession;
  const client = await session.client.connect();
  let broken = false;
  try {
    const own = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction(session.dialect, own, session.schema) as unknown as Database;
    let committed = false;
    const commitWith: CommitWith = async (start) => {
      const [answer] = await startTogether(tx, () => {
        const answers = Promise.all([start(), tx.execute(sql`commit`).execute()]);
        // Only once the COMMIT is on its way: a `start` that throws at once leaves it to `run`.
        committed = true;
        return answers;
      });
      return answer;
    };
    const [began, running] = startTogether(tx, () => {
      before?.(tx);
      return [tx.execute(sql`begin`).execute(), run(tx, commitWith)] as const;
    });
    // A failed BEGIN fails what was sent after it as well: one error is reported, not two.
    running.catch(() => {});
    try {
      await began;
      const result = await running;
      if (!committed) await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      // After a COMMIT sent with statements that failed, there is nothing left to roll back, and
      // PostgreSQL says so with a warning, not an error. A connection that cannot even roll back
      // is dropped by the pool, not lent again.
      await tx.execute(sql`rollback`).catch(() => {
        broken = true;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
