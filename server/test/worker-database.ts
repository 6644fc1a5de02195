/**
 * Each Vitest worker runs its PostgreSQL test files on a database of its own (`<name>_w<id>`,
 * made from the migrated one by the global setup), so two workers never see each other's rows:
 * the PostgreSQL project's files then run side by side like the PGlite ones. Runs before every
 * test file, in its worker.
 */
import { workerDatabaseUrl } from "./worker-databases";

const url = process.env.TEST_DATABASE_URL;
const worker = Number(process.env.VITEST_POOL_ID ?? "1");
if (url) process.env.TEST_DATABASE_URL = workerDatabaseUrl(process.env.NELLY_TEST_BASE_DATABASE_URL ?? url, worker);
