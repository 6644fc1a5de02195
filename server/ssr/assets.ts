import fs from "node:fs";
import path from "node:path";

/**
 * The public site's built script, its preloads and its CSS, as URLs under /assets; `lazy` names
 * what each lazily loaded module (a page, a dictionary) needs, by its source path under web/.
 */
export type PublicAssets = { script: string; preload: string[]; css: string[]; lazy: Record<string, string[]> };

type ManifestEntry = {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};

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
  // A chunk and everything it imports statically, each once.
  const visit = (key: string, found: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || found.has(chunk.file)) return found;
    found.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const child of chunk.imports ?? []) visit(child, found);
    return found;
  };
  const preload = new Set<string>();
  for (const child of entry.imports ?? []) visit(child, preload);
  const url = (asset: string) => `/${asset}`;
  const lazy = Object.fromEntries(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isDynamicEntry)
      .map(([key]) => [key, [...visit(key, new Set())].map(url)]),
  );
  return { script: url(entry.file), preload: [...preload].map(url), css: [...css].map(url), lazy };
}

/**
 * What a page's first paint will ask for, to preload at once: the entry's imports, then the page's
 * own chunk and its language's dictionary with what they import (web/public/entry-client.tsx
 * loads those two). Without this the browser finds each chunk only after the one that imports it
 * has arrived, one round trip after another.
 */
export function preloadsFor(assets: PublicAssets, page: string, language: string): string[] {
  const lazy = [
    ...(assets.lazy[`public/pages/${page}.tsx`] ?? []),
    ...(assets.lazy[`public/i18n/${language}.ts`] ?? []),
  ];
  // A page's chunk may import the entry's own (shared code): that one is already a <script>.
  return [...new Set([...assets.preload, ...lazy])].filter((href) => href !== assets.script);
}
