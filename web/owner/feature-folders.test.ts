import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The dashboard's features (web/owner/<feature>/) import each other one way only: no two feature
 * folders import each other, directly or round a loop, so each can be read from the ground up.
 */

const OWNER = path.dirname(new URL(import.meta.url).pathname);

function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

/** Feature -> the features it imports (imports that land in another folder of web/owner). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(OWNER)) {
    const relative = path.relative(OWNER, file);
    const [feature, ...rest] = relative.split(path.sep);
    if (!feature || rest.length === 0) continue;
    const text = fs.readFileSync(file, "utf8");
    // Relative imports, and those through the alias ("@web/owner/landings"): both reach a feature.
    for (const [, relative = "", aliased = "", lazy = ""] of text.matchAll(
      /from\s+"(\.[^"]+)"|from\s+"@web\/owner\/([^"]+)"|import\("(\.[^"]+)"\)/g,
    )) {
      const resolved = aliased ? path.join(OWNER, aliased) : path.resolve(path.dirname(file), relative || lazy);
      const target = path.relative(OWNER, resolved).split(path.sep);
      // "../landings" (the feature's entry) or "../landings/api": either way the landings folder.
      const folder = target[0] ?? "";
      if (
        folder === ".." ||
        folder === feature ||
        !fs.statSync(path.join(OWNER, folder), { throwIfNoEntry: false })?.isDirectory()
      )
        continue;
      graph.set(feature, (graph.get(feature) ?? new Set()).add(folder));
    }
  }
  return graph;
}

/** The loops of the graph, each as "a -> b -> a". */
function loops(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      if (next === trail[0]) found.push([...trail, next].join(" -> "));
      else if (!trail.includes(next) && next > (trail[0] as string)) walk(next, [...trail, next]);
    }
  };
  for (const start of graph.keys()) walk(start, [start]);
  return found;
}

describe("web/owner feature folders", () => {
  it("import each other one way only", () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(loops(graph)).toEqual([]);
  });
});
