import { defineConfig } from "vitest/config";
import { TEST_WORKERS_MAX } from "./server/test/worker-databases";

// API and unit tests. They run on PGlite (a migrated database cloned per test file) and, when
// TEST_DATABASE_URL is set (CI), the tests that reach a database run a second time on that
// PostgreSQL database. Pure unit tests (domain, public site rendering) need only one run.
const everything = [
  "domain/**/*.test.ts",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
  "web/public/**/*.test.{ts,tsx}",
  "web/lib/**/*.test.ts",
  "web/owner/*.test.ts",
  "web/i18n/*.test.ts",
  "lint/*.test.ts",
];
const withDatabase = ["server/**/*.test.ts", "scripts/owner-create.test.ts", "scripts/backup.test.ts"];

const projects = [
  { name: "pglite", include: everything },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", include: withDatabase }] : []),
];

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
