// @ts-check
import { AREAS } from "./scripts/mutate-areas.mjs";
// Mutation testing: `npm run mutate` (docs/testing.md). Not part of `npm test`: it is too slow.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // related: false, so every test of vitest.mutate.config.ts runs in the dry run: Vitest's guess of
  // the tests "related" to a mutated file misses API tests that reach it only through the app.
  vitest: { configFile: "vitest.mutate.config.ts", related: false },
  // Every area of scripts/mutate-areas.mjs, for a bare `npx stryker run` (npm run mutate runs them one by one).
  mutate: [
    ...Object.values(AREAS).flatMap((area) => area.mutate.filter((glob) => !glob.startsWith("!"))),
    "!**/*.test.ts",
  ],
  // Only what the tests load is copied into the sandbox.
  // The server renders the public pages with web/public (and what it imports), so that stays; without
  // it no test that builds the app could even load in the sandbox.
  ignorePatterns: [
    "web/owner",
    "web/static",
    "web/index.html",
    "e2e",
    "bench",
    "dist",
    "data",
    "screenshots",
    "test-results",
    "playwright-report",
    "reports",
  ],
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: "perTest",
  // A "static" mutant runs while modules load (zod schemas being built, constant tables, the
  // message catalogue, plugins registering): no single test covers it, so it would need the whole
  // suite, each. See docs/testing.md.
  // MUTATE_STATIC=1 runs them (all of MUTATE_TESTS for each, modules reloaded): for a scoped check of
  // code that runs while a test file builds its app at import, before Stryker activates a mutant.
  ignoreStatic: !process.env.MUTATE_STATIC,
  // Two cores: one test runner on each.
  concurrency: 2,
  // A mutant that makes a test hang is a timeout (killed); the app and its database start per file.
  timeoutMS: 20_000,
  // The first run of the whole suite migrates a database and starts the app per file: on a busy
  // two-core machine it can take several minutes.
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "progress-append-only", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: null },
  // Stryker reads tsconfig.json with the TypeScript compiler API to rewrite its "extends" and
  // "references" for the sandbox. TypeScript 7 has no such API (and ours has neither field): name
  // no file, so nothing is rewritten.
  tsconfigFile: "",
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
