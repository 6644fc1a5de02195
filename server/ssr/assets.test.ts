import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { preloadsFor, readPublicAssets } from "./assets";

// A manifest shaped like Vite's for web/public (issue 24.14): the entry imports nothing statically
// and loads each page and dictionary lazily; pages share chunks.
const MANIFEST = {
  "public/entry-client.tsx": {
    file: "assets/entry.js",
    isEntry: true,
    dynamicImports: ["public/pages/home.tsx", "public/pages/faq.tsx", "public/i18n/es.ts", "public/i18n/en.ts"],
  },
  "public/styles.css": { file: "assets/styles.css", isEntry: true },
  "public/pages/home.tsx": { file: "assets/home.js", isDynamicEntry: true, imports: ["_search.js", "_format.js"] },
  "public/pages/faq.tsx": {
    file: "assets/faq.js",
    isDynamicEntry: true,
    imports: ["_format.js", "public/entry-client.tsx"],
  },
  "public/i18n/es.ts": { file: "assets/es.js", isDynamicEntry: true, imports: ["_format.js"] },
  "public/i18n/en.ts": { file: "assets/en.js", isDynamicEntry: true },
  "_search.js": { file: "assets/search.js", imports: ["_format.js"] },
  "_format.js": { file: "assets/format.js" },
};

function assetsOf(manifest: object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-assets-"));
  fs.writeFileSync(path.join(dir, "public-manifest.json"), JSON.stringify(manifest));
  const assets = readPublicAssets(dir);
  fs.rmSync(dir, { recursive: true });
  if (!assets) throw new Error("no assets read");
  return assets;
}

describe("the public site's preloads", () => {
  it("name the page's chunk, its language's dictionary and all they import, each once, never the entry", () => {
    const assets = assetsOf(MANIFEST);
    expect(assets.script).toBe("/assets/entry.js");
    expect(assets.css).toEqual(["/assets/styles.css"]);
    expect(preloadsFor(assets, "home", "es")).toEqual([
      "/assets/home.js",
      "/assets/search.js",
      "/assets/format.js",
      "/assets/es.js",
    ]);
    expect(preloadsFor(assets, "faq", "en")).toEqual(["/assets/faq.js", "/assets/format.js", "/assets/en.js"]);
  });

  it("preload nothing of a page the build does not have", () => {
    expect(preloadsFor(assetsOf(MANIFEST), "review", "fr")).toEqual([]);
  });
});
