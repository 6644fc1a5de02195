import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { fromPglite, openPostgres, pgliteOptions } from "../db/client";
import { databaseOf, dropDatabase, freshDatabase } from "./postgres-server";
import { TEST_WORKERS_MAX, workerDatabaseUrl } from "./worker-databases";

/**
 * Migrates once per run: a PGlite snapshot that every test file clones (fast, isolated), and the
 * PostgreSQL test database when one is given (reset first so each run starts clean), copied once
 * per Vitest worker (`worker-database.ts` points each worker at its own copy).
 */
export default async function setup() {
  const snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-test-"));
  const snapshot = path.join(snapshotDir, "migrated.tar");
  const client = await PGlite.create(pgliteOptions());
  const handle = fromPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir("none");
  fs.writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  process.env.NELLY_TEST_SNAPSHOT = snapshot;

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const reset = new pg.Client({ connectionString: url });
    await reset.connect();
    await reset.query(
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;",
    );
    await reset.end();
    const postgres = await openPostgres(url);
    await postgres.migrate();
    await postgres.close();
    await copyPerWorker(url);
    process.env.NELLY_TEST_BASE_DATABASE_URL = url;
  }
  return async () => {
    fs.rmSync(snapshotDir, { recursive: true, force: true });
    if (url) await dropWorkerCopies(url);
  };
}

const workerNames = (url: string) =>
  Array.from({ length: TEST_WORKERS_MAX }, (_, index) => databaseOf(workerDatabaseUrl(url, index + 1)));

async function copyPerWorker(url: string) {
  for (const name of workerNames(url)) await freshDatabase(url, name, databaseOf(url));
}

async function dropWorkerCopies(url: string) {
  for (const name of workerNames(url)) await dropDatabase(url, name);
}
