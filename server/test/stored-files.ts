import fs from "node:fs";
import path from "node:path";

/** Every file under a local storage folder, sorted: to prove a refused upload left nothing behind. */
export function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? storedFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}
