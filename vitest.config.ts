import { defineConfig } from "vitest/config";

// API and unit tests. They run on PGlite (a migrated database cloned per test file) and, when
// TEST_DATABASE_URL is set (CI), a second time on that PostgreSQL database.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    globalSetup: ["./server/test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ["domain/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
        env: { NELLY_TEST_DATABASE: database },
      },
    })),
  },
});
