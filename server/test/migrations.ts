import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { migrationsFolder } from "../db/client";

/**
 * A copy of the migrations folder without the migration whose tag ends with `tag` and any after it:
 * a database migrated with it is as it was before that migration, to be filled and then migrated to the end.
 */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-migrations-"));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  if (cut < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  return folder;
}
