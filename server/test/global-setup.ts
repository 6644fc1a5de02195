import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { fromPglite, openPostgres, pgliteOptions } from "../db/client";
import { databaseName, TEST_WORKERS_MAX, workerDatabaseUrl } from "./worker-databases";

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

/** Runs `statements` on the server's maintenance database (CREATE/DROP DATABASE cannot run inside the copied one). */
async function onServer(url: string, statements: string[]) {
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const workerNames = (url: string) =>
  Array.from({ length: TEST_WORKERS_MAX }, (_, index) => databaseName(workerDatabaseUrl(url, index + 1)));

async function copyPerWorker(url: string) {
  const template = quoted(databaseName(url));
  await onServer(
    url,
    workerNames(url).flatMap((name) => [
      `drop database if exists ${quoted(name)} with (force)`,
      `create database ${quoted(name)} template ${template}`,
    ]),
  );
}

async function dropWorkerCopies(url: string) {
  await onServer(
    url,
    workerNames(url).map((name) => `drop database if exists ${quoted(name)} with (force)`),
  );
}
