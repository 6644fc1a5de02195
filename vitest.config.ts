import { defineConfig } from "vitest/config";
import { TEST_WORKERS_MAX } from "./server/test/worker-databases";

// API and unit tests. They run on PGlite (a migrated database cloned per test file) or, when
// TEST_DATABASE_URL is set (CI), the server's on that PostgreSQL database and the embedded
// database's own on PGlite as well (below). Pure unit tests (domain, public site rendering) run once.
const everything = [
  "domain/**/*.test.ts",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
  "web/public/**/*.test.{ts,tsx}",
  "web/lib/**/*.test.ts",
  "web/ui/**/*.test.ts",
  "web/owner/**/*.test.ts",
  "web/i18n/*.test.ts",
  "lint/*.test.ts",
];
// The scripts' tests run once, on the embedded database: `owner:create` and the backup of a data
// folder are the embedded database's, and the backup with DATABASE_URL set reaches no database.
const withDatabase = ["server/**/*.test.ts"];

// With TEST_DATABASE_URL set (CI), the tests that reach a database run on PostgreSQL, and on PGlite
// only those whose subject is the embedded database itself: its driver and migrations, the booking
// transaction and its races on PGlite's one connection, the server process, crash recovery, the
// backup and the scripts. Running every API file on both databases took 1,267 of Vitest's 1,278
// file-seconds on 2026-12-01's machine (a 30-minute `npm test`), half of it the second run; the same SQL runs on
// both, and without TEST_DATABASE_URL (`npm test` on a developer's machine) every file runs on PGlite.
const embeddedDatabase = [
  "server/db/**/*.test.ts",
  // The booking transaction itself: a booking, its races and a retry with the same Idempotency-Key
  // on PGlite's one connection, the holds kept in memory, and a migration tested on PGlite only.
  // The reservations' other files (prices, rules, changes, the CSV, emails) send the same SQL through
  // the same transaction and run on PostgreSQL only: on both, Vitest took 277 to 299 s, 256 s without
  // (2026-12-08, an AMD EPYC of two cores).
  "server/reservations/booking.test.ts",
  "server/reservations/booking-race.test.ts",
  "server/reservations/booking-hardening.test.ts",
  "server/reservations/kept-booking.test.ts",
  "server/reservations/holds-cache.test.ts",
  "server/reservations/agreed-price-migration.test.ts",
  "server/customers/backfill.test.ts",
  "server/demo/**/*.test.ts",
  "server/main.test.ts",
  "server/crash-recovery.test.ts",
  // Skipped on PostgreSQL (their subject is no database's: sockets, PDFs), so they must run here:
  // a walk through the suite found them run by neither project in CI.
  "server/http/slow-clients.test.ts",
  "server/documents/pdf.test.ts",
  "scripts/**/*.test.ts",
];
const withoutDatabase = everything.filter(
  (pattern) => !pattern.startsWith("server/") && !pattern.startsWith("scripts/"),
);

const projects = process.env.TEST_DATABASE_URL
  ? [
      { name: "pglite", include: [...withoutDatabase, ...embeddedDatabase] },
      { name: "postgres", include: withDatabase },
    ]
  : [{ name: "pglite", include: everything }];

export default defineConfig({
  // The @domain/, @server/ and @web/ imports (tsconfig.json's paths).
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["./server/test/global-setup.ts"],
    // Each worker on its own PostgreSQL database (server/test/worker-database.ts), so both cores
    // work: many files mostly wait (sockets, child processes, PostgreSQL), and one worker left the
    // second core idle. Three on two cores: the longest files wait by design (slow clients, the
    // backup, crash recovery: 85 s between them), and a third worker fills those waits (the whole
    // suite 285 s with two, 271 s with three, run one after the other on an AMD EPYC of two cores).
    setupFiles: ["./server/test/worker-database.ts"],
    maxWorkers: Math.min(Number(process.env.VITEST_WORKERS ?? 3), TEST_WORKERS_MAX),
    // Test files share their workers' loaded modules instead of importing the app again for each
    // file (nothing is mocked, and every cache is keyed by its database): 274 s -> 145 s for both
    // projects on two cores, which keeps `npm test` within its 15 minutes.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: projects.map(({ name, include }) => ({
      extends: true,
      test: { name, include, env: { NELLY_TEST_DATABASE: name } },
    })),
  },
});
