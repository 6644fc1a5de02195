// What browsers download, read from the built files and gzipped as a server would send them.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const gzippedBytes = (file: string) => gzipSync(fs.readFileSync(file)).length;

/** The files the public site's build wrote (public-manifest.json), so the dashboard's own can be told apart. */
function publicSiteFiles(webDir: string): Set<string> {
  const manifest = path.join(webDir, "public-manifest.json");
  if (!fs.existsSync(manifest)) return new Set();
  const entries = Object.values(
    JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, { file: string; css?: string[] }>,
  );
  return new Set(entries.flatMap((entry) => [entry.file, ...(entry.css ?? [])]).map((file) => path.basename(file)));
}

/** The dashboard's built stylesheets, gzipped, in KB. */
export function dashboardCssKb(webDir: string): number {
  const dir = path.join(webDir, "assets");
  if (!fs.existsSync(dir)) return Number.NaN;
  const publicFiles = publicSiteFiles(webDir);
  const bytes = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".css") && !publicFiles.has(file))
    .reduce((sum, file) => sum + gzippedBytes(path.join(dir, file)), 0);
  return bytes / 1024;
}

/**
 * What the dashboard's first screen downloads, gzipped, in KB: the entry script and the chunks
 * index.html preloads. Screens that need more (the charts) load their own chunk when opened.
 */
export function dashboardInitialJsKb(webDir: string): number {
  const index = path.join(webDir, "index.html");
  if (!fs.existsSync(index)) return Number.NaN;
  const html = fs.readFileSync(index, "utf8");
  const files = [
    ...html.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g),
  ];
  return files.reduce((sum, match) => sum + gzippedBytes(path.join(webDir, match[1] ?? "")), 0) / 1024;
}

/**
 * What a visitor's browser downloads for a public page, gzipped, in KB: the scripts or the
 * stylesheets its HTML links (the entry and every preloaded chunk), read from the built files.
 */
export async function publicPageKb(webDir: string, url: string, kind: "script" | "style"): Promise<number> {
  const html = await (await fetch(url)).text();
  const pattern =
    kind === "script"
      ? /<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g
      : /<link rel="stylesheet" href="([^"]+)"/g;
  const files = [...html.matchAll(pattern)].map((match) => path.join(webDir, match[1] ?? ""));
  if (files.length === 0) return Number.NaN;
  return files.reduce((sum, file) => sum + gzippedBytes(file), 0) / 1024;
}
