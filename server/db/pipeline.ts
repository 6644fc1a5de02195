import type { Writable } from "node:stream";
import type { Database } from "./client";

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
