import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that failed last time first, then the quickest: a mutant run stops at its first failing
 * test (bail), so a quick unit test that kills a mutant saves running the slow API files after it.
 */
class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const results = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`);
    return [...files].sort((a, b) => {
      const [first, second] = [results(a), results(b)];
      return (
        Number(Boolean(second?.failed)) - Number(Boolean(first?.failed)) ||
        (first?.duration ?? 0) - (second?.duration ?? 0)
      );
    });
  }
}

// The tests StrykerJS runs against each mutant (`npm run mutate`, stryker.config.mjs): the API and
// unit tests of domain/ and server/ on PGlite only, with the same global setup as vitest.config.ts.
// Left out: the PostgreSQL project and scripts/ (they reach no mutated line in this process), and
// two long sweeps that would run again for nearly every mutant while checking something mutants
// do not change: 50 simultaneous bookings (the row lock; the booking tests check the counts) and
// every route with every malformed body or fuzzed input (never a 500), and the crash test, whose
// server runs in a child process. MUTATE_TESTS (comma-separated globs) narrows the run to the
// tests of one area, for a quick score of new code. docs/testing.md says more.
export default defineConfig({
  // The @domain/, @server/ and @web/ imports (tsconfig.json's paths).
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["./server/test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    sequence: { sequencer: QuickFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: process.env.MUTATE_TESTS?.split(",") ?? ["domain/**/*.test.ts", "server/**/*.test.ts"],
          exclude: [
            "server/reservations/booking-race.test.ts",
            "server/http/malformed-input.test.ts",
            "server/http/fuzz.test.ts",
            "server/crash-recovery.test.ts",
          ],
          env: { NELLY_TEST_DATABASE: "pglite" },
        },
      },
    ],
  },
});
