// `npm run mutate [area...]`: mutation testing (StrykerJS, stryker.config.mjs) area by area, each
// against the tests written for it, then one table of scores against the goal of issue 14.
// Each area keeps its own incremental file, so a re-run only mutates (and tests) what changed.
// docs/testing.md says how to read the results.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { AREAS } from "./mutate-areas.mjs";

const asked = process.argv.slice(2);
const unknown = asked.filter((area) => !(area in AREAS));
if (unknown.length > 0) {
  console.error(`Unknown area: ${unknown.join(", ")}. Areas: ${Object.keys(AREAS).join(", ")}.`);
  process.exit(2);
}
const areas = asked.length > 0 ? asked : Object.keys(AREAS);

/** Killed (and timed-out) mutants out of those some test reaches, per file, from Stryker's JSON report. */
function scores(report) {
  const rows = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const count = (...statuses) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
    const killed = count("Killed", "Timeout");
    const covered = killed + count("Survived");
    rows.push({ file, killed, covered, noCoverage: count("NoCoverage") });
  }
  return rows;
}

const percent = (killed, covered) => (covered === 0 ? "n/a" : `${((100 * killed) / covered).toFixed(1)} %`);
const summary = [];
let failed = false;

for (const area of areas) {
  const { mutate, tests, goal } = AREAS[area];
  console.log(`\n== ${area}: ${mutate.join(" ")}\n`);
  const status =
    spawnSync(
      "npx",
      ["stryker", "run", "--mutate", mutate.join(","), "--incrementalFile", `reports/stryker-${area}.json`],
      { stdio: "inherit", env: { ...process.env, MUTATE_TESTS: tests.join(",") } },
    ).status ?? 1;
  if (status !== 0) {
    failed = true;
    summary.push({ area, goal, line: "the run failed (see above)" });
    continue;
  }
  const reportFile = path.join("reports", `mutation-${area}.json`);
  fs.copyFileSync("reports/mutation/mutation.json", reportFile);
  const rows = scores(JSON.parse(fs.readFileSync(reportFile, "utf8")));
  const killed = rows.reduce((sum, row) => sum + row.killed, 0);
  const covered = rows.reduce((sum, row) => sum + row.covered, 0);
  const met = covered > 0 && (100 * killed) / covered >= goal;
  summary.push({
    area,
    goal,
    line: `${percent(killed, covered)} of ${covered} covered mutants killed (goal ${goal} %${met ? ", met" : ", NOT met"})`,
    files: rows.filter((row) => row.covered > 0 && row.killed < row.covered),
  });
}

console.log("\nMutation scores (killed of covered):");
for (const { area, line, files = [] } of summary) {
  console.log(`  ${area.padEnd(9)} ${line}`);
  for (const row of files) console.log(`      ${row.file}: ${percent(row.killed, row.covered)}`);
}
console.log("Reports: reports/mutation-<area>.json (the last area's HTML: reports/mutation/index.html).");
process.exit(failed ? 1 : 0);
