import fs from "node:fs";
import path from "node:path";

/** The public site's built script, its preloads and its CSS, as URLs under /assets. */
export type PublicAssets = { script: string; preload: string[]; css: string[] };

type ManifestEntry = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/**
 * Reads `public-manifest.json` written by `vite build --config vite.public.config.ts`. Without a
 * build (API tests) there is none: pages are then served without their script, as with JS off.
 */
export function readPublicAssets(webDir: string): PublicAssets | null {
  const file = path.join(webDir, "public-manifest.json");
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, ManifestEntry>;
  const entries = Object.values(manifest).filter((item) => item.isEntry);
  const entry = entries.find((item) => item.file.endsWith(".js"));
  if (!entry) return null;
  const css = new Set([
    ...(entry.css ?? []),
    ...entries.filter((item) => item.file.endsWith(".css")).map((item) => item.file),
  ]);
  const preload = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const child of entry.imports ?? []) visit(child);
  const url = (asset: string) => `/${asset}`;
  return { script: url(entry.file), preload: [...preload].map(url), css: [...css].map(url) };
}
