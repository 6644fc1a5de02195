import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { type BuildOptions, buildApp } from "../app";
import { loadConfig } from "../config";
import { BytesBlob } from "../db/bytes-blob";
import { type DatabaseHandle, fromPglite, openPostgres, ProtocolPGlite, pgliteOptions } from "../db/client";
import { users } from "../db/schema";
import type { PublicRenderer } from "../ssr/page-types";
import { openStorage } from "../storage/open-storage";
import { TestClock } from "./clock";

let snapshotBytes: BytesBlob | undefined;

/** The tests' database: a PGlite clone of the migrated snapshot, or PostgreSQL in CI. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.NELLY_TEST_DATABASE === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    return openPostgres(url);
  }
  const snapshot = process.env.NELLY_TEST_SNAPSHOT;
  if (!snapshot) throw new Error("the global setup did not write a database snapshot");
  // Read once per worker (its files share its modules) and shared by every clone: PGlite only reads it.
  snapshotBytes ??= new BytesBlob(fs.readFileSync(snapshot));
  const client = new ProtocolPGlite({ ...pgliteOptions(), loadDataDir: snapshotBytes });
  await client.waitReady;
  return fromPglite(client);
}

/**
 * A test database with one owner in it, for tests of the database layer: `label` makes the
 * owner's email unique to the file.
 */
export async function openTestDatabaseWithOwner(label: string) {
  const handle = await openTestDatabase();
  const [owner] = await handle.db
    .insert(users)
    .values({ name: "Dueña", email: `${label}-${Date.now()}@example.com`, passwordHash: "x" })
    .returning();
  if (!owner) throw new Error("the test owner was not written");
  return { handle, db: handle.db, ownerId: owner.id };
}

/**
 * The real app on a real database (a PGlite clone, or PostgreSQL in CI) with a movable clock and
 * its own storage folder. Closed after the file's tests.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailWorker?: boolean;
    publicRenderer?: PublicRenderer;
    logger?: BuildOptions["logger"];
    clientTimeouts?: BuildOptions["clientTimeouts"];
    renderThreads?: BuildOptions["renderThreads"];
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-app-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: "100000",
    RESERVATION_RATE_LIMIT: "100000",
    SIGNUP_RATE_LIMIT: "100000",
    // No test asks the network's DNS: a domain's verification goes to a local port where nothing
    // answers (refused at once) unless the test points it at its stand-in (server/test/dns-stand-in.ts).
    DNS_SERVERS: "127.0.0.1:9",
    ...env,
  });
  const handle = await openTestDatabase();
  const clock = new TestClock();
  // The configured driver (STORAGE_DRIVER=s3 in env for a bucket), plus the local folder for tests
  // that look at the files themselves (it stays empty on S3).
  const storage = { ...openStorage(config), root: config.storageDir };
  const app = await buildApp(
    { config, db: handle.db, clock, storage, listen: handle.listen },
    {
      webDir: path.join(dataDir, "no-web-build"),
      // Tests send the outbox themselves (app.mailWorker.runOnce()) unless they ask for the worker.
      mailWorker: options.mailWorker ?? false,
      // Tests sweep unpaid bookings themselves (sweepPayments) when their clock moves.
      paymentSweep: false,
      publicRenderer: options.publicRenderer,
      logger: options.logger,
      clientTimeouts: options.clientTimeouts,
      renderThreads: options.renderThreads,
    },
  );
  await app.ready();
  afterAll(async () => {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, clock, db: handle.db, storage, config };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
