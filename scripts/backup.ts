// Backs up the embedded database and the uploaded files into one .tar.gz (docs/operations.md):
//   npm run backup -- [--out FILE]
// The server must be stopped: the embedded database is copied only while nobody has it open.
// With DATABASE_URL set, only the files are archived and the pg_dump command is printed.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "@server/config";
import { type ArchiveEntry, type WrittenFile, writeArchive } from "./backup-archive";
import {
  describeCounts,
  hasDatabase,
  knownMigrations,
  lockForMaintenance,
  MANIFEST_NAME,
  type Manifest,
  megabytes,
  nellyVersion,
  plural,
  readDatabase,
  stamp,
} from "./backup-manifest";

/** A refusal to explain to the operator (no stack trace). */
export class BackupError extends Error {}

/** Folders then files under `root`, in a stable order, named `prefix/...` in the archive. */
export function* walk(root: string, prefix: string, skip: ReadonlySet<string> = new Set()): Generator<ArchiveEntry> {
  yield { name: prefix, kind: "dir" };
  if (!fs.existsSync(root)) return;
  const entries = fs.readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const full = path.join(root, entry.name);
    if (skip.has(full)) continue;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) yield* walk(full, `${prefix}/${entry.name}`, skip);
    else if (stat.isFile()) yield { name: `${prefix}/${entry.name}`, kind: "file", source: full, size: stat.size };
  }
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);

export function pgDumpGuidance(when = new Date()) {
  return [
    "The database is on PostgreSQL (DATABASE_URL) and is not in this archive. Back it up with pg_dump:",
    `  pg_dump --format=custom --file=nelly-db-${stamp(when)}.dump "$DATABASE_URL"`,
    'Restore it with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" nelly-db-....dump',
    "See docs/operations.md.",
  ].join("\n");
}

export async function backup(config: Config, options: { out?: string; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const out = path.resolve(options.out ?? `nelly-backup-${stamp(now)}.tar.gz`);
  const embedded = !config.databaseUrl;
  const localFiles = config.storage.driver === "local";
  const dbDir = path.join(config.dataDir, "db");
  const notes: string[] = [];
  if (!embedded) notes.push(pgDumpGuidance(now));
  if (!localFiles) {
    notes.push(
      `The uploaded files are in the S3 bucket ${config.storage.driver === "s3" ? config.storage.bucket : ""} and are ` +
        "not in this archive: keep the bucket versioned or replicated, or copy it with `aws s3 sync` (docs/operations.md).",
    );
  }
  if (!embedded && !localFiles) {
    throw new BackupError(
      `Nothing to archive here: the database is on PostgreSQL and the files in S3.\n${notes.join("\n")}`,
    );
  }
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists; choose another --out.`);
  if ((embedded && inside(out, dbDir)) || (localFiles && inside(out, config.storageDir))) {
    throw new BackupError(`Write the backup outside the folders it archives (${out}).`);
  }
  if (embedded && !hasDatabase(dbDir)) {
    throw new BackupError(`No embedded database in ${dbDir}: nothing to back up. Set DATA_DIR to the server's folder.`);
  }

  let release = () => {};
  if (embedded) {
    const lock = lockForMaintenance(config.dataDir);
    if ("runningPid" in lock) {
      throw new BackupError(
        `Nelly is running on ${config.dataDir} (pid ${lock.runningPid}). Stop the server, then run the backup ` +
          "again: the embedded database can only be copied consistently while no server has it open.",
      );
    }
    release = lock.release;
  }
  try {
    // Opening and closing it cleanly also finishes any recovery left by a crash: the copy is a
    // shut-down database, and the lock keeps a server from starting until the copy is done.
    const database = embedded ? await readDatabase(dbDir) : null;
    const manifestOf = (files: readonly WrittenFile[]): Manifest => ({
      format: "nelly-backup",
      formatVersion: 1,
      createdAt: now.toISOString(),
      nelly: { version: nellyVersion(), migrations: database?.migrations ?? knownMigrations() },
      database: embedded ? "pglite" : "postgresql",
      storage: localFiles ? "local" : "s3",
      counts: database?.counts ?? null,
      files: [...files],
    });
    let manifest = manifestOf([]);
    const written = await writeArchive(out, function* (soFar) {
      if (embedded) yield* walk(dbDir, "db");
      // The default storage folder sits inside DATA_DIR; a STORAGE_DIR of DATA_DIR itself must not hold db/ twice.
      if (localFiles) {
        const notFiles = new Set([dbDir, path.join(config.dataDir, "nelly.lock")]);
        yield* walk(config.storageDir, "storage", notFiles);
      }
      manifest = manifestOf(soFar);
      yield { name: MANIFEST_NAME, kind: "bytes", data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
    });
    const stored = written.filter((file) => file.path.startsWith("storage/"));
    return {
      file: out,
      manifest,
      storedFiles: stored.length,
      storedBytes: stored.reduce((sum, f) => sum + f.size, 0),
      notes,
    };
  } finally {
    release();
  }
}

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { out: { type: "string" } } });
  // `npm run` works in the package's folder; names are the caller's, where npm was started.
  const here = process.env.INIT_CWD ?? process.cwd();
  const out = path.resolve(here, values.out ?? `nelly-backup-${stamp()}.tar.gz`);
  const result = await backup(loadConfig(), { out });
  const { manifest } = result;
  const what = [
    manifest.counts ? `the embedded database (${describeCounts(manifest.counts)})` : null,
    manifest.storage === "local"
      ? `${plural(result.storedFiles, "stored file")} (${megabytes(result.storedBytes)})`
      : null,
  ].filter(Boolean);
  console.log(`Backed up ${what.join(" and ")} to ${result.file} (${megabytes(fs.statSync(result.file).size)}).`);
  for (const note of result.notes) console.log(`\n${note}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  main().catch((error) => {
    const known = error instanceof BackupError || error instanceof ConfigError;
    console.error(known ? error.message : error instanceof Error ? `Backup failed: ${error.message}` : error);
    process.exit(1);
  });
}
