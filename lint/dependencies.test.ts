import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The import rules of `npm run lint` (lint/dependencies.cjs) catch what they are there for: a
 * small tree with one forbidden import of each kind, cruised with the project's own config.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
let tree: string;

const PLANTED: Record<string, string> = {
  "domain/money.ts": 'import { db } from "../server/db/client";\nexport const money = db;\n',
  "server/db/client.ts": "export const db = 1;\n",
  "server/vehicles/service.ts": "export const listVehicles = 1;\n",
  "server/vehicles/index.ts": 'export { listVehicles } from "./service";\n',
  "server/landings/service.ts": 'import { listVehicles } from "../vehicles/service";\nexport const a = listVehicles;\n',
  "server/landings/routes.ts":
    'import { listVehicles } from "../vehicles";\nimport { db } from "../db/client";\nexport const b = [listVehicles, db];\n',
  "web/lib/api.ts": 'import { db } from "../../server/db/client";\nexport const api = db;\n',
  "web/owner/landings/page.tsx": 'import { Editor } from "../vehicles/editor";\nexport const Page = Editor;\n',
  "web/owner/landings/detail.tsx": 'import { Editor } from "../vehicles";\nexport const Detail = Editor;\n',
  "web/owner/vehicles/editor.tsx": "export const Editor = 1;\n",
  "web/owner/vehicles/index.ts": 'export { Editor } from "./editor";\n',
  "web/owner/planner/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
  "web/owner/planner/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
};

beforeAll(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-lint-"));
  fs.cpSync(path.join(ROOT, "lint"), path.join(tree, "lint"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(tree, "node_modules"));
  for (const [file, text] of Object.entries(PLANTED)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
});
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

function violations(): string[] {
  const cli = path.join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [cli, "--config", "lint/dependencies.cjs", "--output-type", "json", "domain", "server", "web"],
      { cwd: tree, encoding: "utf8" },
    );
  } catch (error) {
    // It exits non-zero when it finds errors, with the report still on standard output.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map((found) => `${found.rule.name}: ${found.from} -> ${found.to}`).sort();
}

describe("npm run lint's import rules", () => {
  it("refuse each planted forbidden import and the cycle, and nothing else", () => {
    const found = violations();
    expect(found).toEqual([
      "domain-is-pure: domain/money.ts -> server/db/client.ts",
      "no-cycles: web/owner/planner/a.ts -> web/owner/planner/b.ts",
      "owner-feature-entry: web/owner/landings/page.tsx -> web/owner/vehicles/editor.tsx",
      "server-resource-entry: server/landings/service.ts -> server/vehicles/service.ts",
      "web-not-server: web/lib/api.ts -> server/db/client.ts",
    ]);
  }, 60_000);
});
