import { sql } from "drizzle-orm";
import type { TestApp } from "./app";

const BARRIER_CHANNEL = "nelly_test_barrier";

/**
 * Resolves once every notice the database sent before this call has reached the app. Notices come
 * in order on the app's one listening connection, so one of our own, heard, means those before it
 * were heard too. A test that compares two answers (an ETag, then its 304) calls it first: a
 * notice of its own setup arriving between the two (late on a busy machine) would move what the
 * answers are keyed by (a searched page's availability version).
 */
export async function noticesHeard({ app, db }: Pick<TestApp, "app" | "db">): Promise<void> {
  const { listen } = app.deps;
  if (!listen) return;
  let heard = () => {};
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await listen(BARRIER_CHANNEL, () => heard());
  try {
    await db.execute(sql`select pg_notify(${BARRIER_CHANNEL}, 'barrier')`);
    await arrived;
  } finally {
    await stop();
  }
}
