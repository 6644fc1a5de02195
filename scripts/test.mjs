// The whole suite: type check and lint, API and unit tests (Vitest), then browser tests
// (Playwright) against one built server. Ends with one "N passed, N failed" line that adds up the
// tests of both runners.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-test-reports-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

// Quick checks first: a type or lint failure is cheaper to read than a failing test.
const checks = run("npx", ["tsc", "-p", "."]) || run("npx", ["biome", "check", "."]);
const unit = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const chromium = run("node", ["scripts/ensure-chromium.mjs"]);
const browser =
  chromium === 0
    ? run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport })
    : 1;

let passed = 0;
let failed = 0;
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
if (fs.existsSync(playwrightReport)) {
  const { stats } = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}
fs.rmSync(reports, { recursive: true, force: true });

const ok = checks === 0 && unit === 0 && browser === 0;
if (checks !== 0) console.error("\nThe type check or the lint failed (see above).");
// A runner that failed without a failing test (it crashed, or found nothing) still fails the run.
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
