import fs from "node:fs";
import { describe, expect, it } from "vitest";

// The lock file must install with `npm ci` on any platform and on the Node the project declares
// (issue 7.15). These checks fail when it drifts: a platform's binary package missing from the
// lock (generated where the registry lacked it), or a dependency that needs a newer Node.

type LockPackage = {
  version?: string;
  engines?: { node?: string } | string[];
  optionalDependencies?: Record<string, string>;
  optional?: boolean;
  dev?: boolean;
};
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, LockPackage>;
};
const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

type Version = [number, number, number];
const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text
    .replace(/^v/, "")
    .split(".")
    .map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies one npm comparator: ">=18", "> 10", "^20.19.0", "~14.17", "20", "20.x". */
function satisfiesComparator(version: Version, comparator: string): boolean {
  const match = comparator.match(/^(>=|>|<=|<|\^|~|=)?\s*v?([\d.x*]+)$/);
  if (!match) throw new Error(`unreadable engine comparator "${comparator}"`);
  const [, operator = "", target = ""] = match;
  const wanted = parse(target);
  const parts = target.split(".").filter((part) => /^\d+$/.test(part)).length;
  if (operator === ">=") return compare(version, wanted) >= 0;
  if (operator === ">") return compare(version, wanted) > 0;
  if (operator === "<=") return compare(version, wanted) <= 0;
  if (operator === "<") return compare(version, wanted) < 0;
  if (operator === "^") return version[0] === wanted[0] && compare(version, wanted) >= 0;
  if (operator === "~") return version[0] === wanted[0] && version[1] === wanted[1] && compare(version, wanted) >= 0;
  // A bare version matches as far as it is written: "20" is any 20.x.y.
  return version.slice(0, parts).every((part, index) => part === wanted[index]);
}

/** Whether `version` satisfies an npm range of alternatives ("18 || 20 || >=22", "14 >=14.17"). */
function satisfies(version: string, range: string): boolean {
  const parsed = parse(version);
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, "$1")
      .split(/\s+/)
      .every((comparator) => comparator === "" || comparator === "*" || satisfiesComparator(parsed, comparator)),
  );
}

const projectNode = manifest.engines.node.replace(/^>=\s*/, "");

describe("package-lock.json", () => {
  it("reads npm ranges the way npm does", () => {
    expect(satisfies("20.19.0", "^20.19.0 || >=22.12.0")).toBe(true);
    expect(satisfies("20.19.0", ">=22")).toBe(false);
    expect(satisfies("20.19.0", "18 || 20 || >=22")).toBe(true);
    expect(satisfies("20.19.0", ">=16 || 14 >=14.17")).toBe(true);
    expect(satisfies("20.19.0", "^20.20.0")).toBe(false);
  });

  it("installs on the Node version the project declares", () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([, entry]) => !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !satisfies(projectNode, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(tooNew).toEqual([]);
  });

  it("holds every platform's optional binary package, so npm ci works on macOS, Windows and Linux alike", () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        // npm puts a dependency beside its dependent or in an ancestor node_modules.
        const candidates = [`${location}/node_modules/${name}`, `node_modules/${name}`];
        if (!candidates.some((candidate) => lock.packages[candidate])) missing.push(`${location} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("matches package.json", () => {
    const root = lock.packages[""] as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
  });
});
