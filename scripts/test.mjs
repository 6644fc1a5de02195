// The whole suite: type check and lint, API and unit tests (Vitest), browser tests (Playwright)
// against one built server, then the benchmark's quick run. Ends with one "N passed, N failed"
// line that adds up the tests of the runners.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-test-reports-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

// Each stage's wall time, printed at the end: where a slow run spent its minutes.
const stageTimes = [];
const run = (command, args, env = {}) => {
  const started = Date.now();
  const status = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
  stageTimes.push([[command, ...args.slice(0, 2)].join(" "), Date.now() - started]);
  return status;
};
/**
 * Several commands at once, each one's output held and printed whole when it ends, in the order
 * given: for checks that each keep one core busy (tsc, dependency-cruiser) while the other idles.
 */
const runTogether = async (commands) => {
  const started = Date.now();
  const statuses = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) }));
        }),
    ),
  );
  for (const { output } of statuses) process.stdout.write(output);
  stageTimes.push([
    commands.map(([command, args]) => [command, ...args.slice(0, 2)].join(" ")).join(" & "),
    Date.now() - started,
  ]);
  return statuses.find(({ code }) => code !== 0)?.code ?? 0;
};
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const suiteStarted = Date.now();

// Quick checks first: a type or lint failure is cheaper to read than a failing test. Both at once:
// tsc and the import rules' check each use about one core (36 s one after the other, 2026-12-03).
const checks = await runTogether([
  ["npx", ["tsc", "-p", "."]],
  ["npm", ["run", "lint", "--silent"]],
]);
// Debian's Chromium for the browser tests, nginx for the several-instances test (and the bench),
// poppler's pdftoppm and pdftotext for the counter's journey to read its PDFs.
const tools = run("node", [
  "scripts/ensure-packages.mjs",
  "chromium",
  "chromium-headless-shell",
  "nginx",
  "wrk",
  "poppler",
]);
const unit = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const browser =
  tools === 0
    ? run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport })
    : 1;

// The benchmark's harness, small and short (`npm run bench -- --quick`), so it never rots: it
// counts as one test that passes when every measurement completes without errors. It reuses the
// browser tests' build, and measures PostgreSQL too when the suite has a database.
const webDir = `dist/e2e-${process.env.E2E_PORT ?? 3100}`;
const bench =
  run("node", ["scripts/ensure-build.mjs"], { WEB_DIR: webDir }) ||
  run("npx", ["tsx", "bench/run.ts", "--quick"], {
    WEB_DIR: webDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? "",
  });

let passed = bench === 0 ? 1 : 0;
let failed = bench === 0 ? 0 : 1;
// The failing tests by name, repeated at the end: a CI log is often read from its tail only.
const failures = [];
// Journeys that failed and then passed on their one retry (playwright.config.ts says why there is one).
const flaky = [];
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === "failed") failures.push(`${path.relative(".", file.name)} › ${test.fullName}`);
    }
  }
}
if (fs.existsSync(playwrightReport)) {
  const { stats, suites } = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const name = `${spec.file}:${spec.line} › ${spec.title}`;
      if (spec.tests.some((test) => test.status === "unexpected")) failures.push(name);
      if (spec.tests.some((test) => test.status === "flaky")) flaky.push(name);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites) visit(suite);
}
fs.rmSync(reports, { recursive: true, force: true });

const ok = checks === 0 && unit === 0 && browser === 0 && bench === 0;
if (checks !== 0) console.error("\nThe type check or the lint failed (see above).");
if (bench !== 0) console.error("\nThe quick benchmark run failed (see above).");
// A runner that failed without a failing test (it crashed, or found nothing) still fails the run.
if (!ok && failed === 0) failed = 1;
console.log("\nStage times:");
for (const [stage, ms] of stageTimes) console.log(`  ${minutes(ms).padStart(9)}  ${stage}`);
console.log(`  ${minutes(Date.now() - suiteStarted).padStart(9)}  in all`);
if (flaky.length > 0)
  console.log(`\nFailed once, passed on the retry:\n${flaky.map((name) => `  ${name}`).join("\n")}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
