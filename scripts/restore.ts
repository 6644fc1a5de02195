// Restores a `npm run backup` archive into DATA_DIR/db and STORAGE_DIR (docs/operations.md):
//   npm run restore -- FILE [--force]
// The archive is unpacked beside its targets and checked in full (gzip CRC, every file's size and
// SHA-256 against the manifest, the database opened and counted) before anything is replaced;
// data already there is refused unless --force, which renames it aside, never deletes it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "@server/config";
import { ArchiveError, readArchive, safeArchivePath } from "./backup-archive";
import {
  describeCounts,
  knownMigrations,
  lockForMaintenance,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
  megabytes,
  plural,
  readDatabase,
  stamp,
} from "./backup-manifest";

/** A refusal to explain to the operator; nothing was changed. */
export class RestoreError extends Error {}

const holdsData = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

/** Reads `file` into the staging folders and checks it against its manifest; throws ArchiveError. */
async function unpack(file: string, staging: { db: string | null; storage: string }, manifestFile: string) {
  const read = await readArchive(file, (entry) => {
    if (!safeArchivePath(entry.name)) throw new ArchiveError(`unsafe path in the archive: ${entry.name}`);
    if (entry.name === MANIFEST_NAME && entry.kind === "file") return manifestFile;
    const [top, ...rest] = entry.name.split("/");
    const root = top === "db" ? (staging.db ?? null) : top === "storage" ? staging.storage : undefined;
    if (root === undefined) throw new ArchiveError(`unexpected entry ${entry.name}: not a Nelly backup.`);
    if (root === null) return null; // an embedded database while restoring for PostgreSQL: checked, not kept
    const target = path.join(root, ...rest);
    if (entry.kind === "dir") {
      fs.mkdirSync(target, { recursive: true });
      return null;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    return target;
  });
  if (!read.some((f) => f.path === MANIFEST_NAME)) {
    throw new ArchiveError(`it has no ${MANIFEST_NAME}: not a Nelly backup, or it was cut short.`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, "utf8")));
  } catch {
    throw new ArchiveError(`its ${MANIFEST_NAME} is not a Nelly backup manifest.`);
  }
  const contents = new Map(read.filter((f) => f.path !== MANIFEST_NAME).map((f) => [f.path, f]));
  for (const listed of manifest.files) {
    const found = contents.get(listed.path);
    if (!found) throw new ArchiveError(`${listed.path} is listed in the manifest but missing.`);
    if (found.size !== listed.size || found.sha256 !== listed.sha256) {
      throw new ArchiveError(`${listed.path} does not match the manifest (damaged).`);
    }
    contents.delete(listed.path);
  }
  const extra = contents.keys().next();
  if (!extra.done) throw new ArchiveError(`${extra.value} is in the archive but not in its manifest.`);
  return manifest;
}

export async function restore(config: Config, file: string, options: { force?: boolean } = {}) {
  const archive = path.resolve(file);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) throw new RestoreError(`No such file: ${archive}`);
  const embedded = !config.databaseUrl;
  const dbDir = path.join(config.dataDir, "db");
  const targets = [...(embedded ? [dbDir] : []), config.storageDir];

  const dataDirExisted = fs.existsSync(config.dataDir);
  let release = () => {};
  if (embedded) {
    const lock = lockForMaintenance(config.dataDir);
    if ("runningPid" in lock) {
      throw new RestoreError(
        `Nelly is running on ${config.dataDir} (pid ${lock.runningPid}). Stop the server before restoring. Nothing was changed.`,
      );
    }
    release = lock.release;
  }
  const at = stamp();
  const staging = { db: embedded ? `${dbDir}.restoring-${at}` : null, storage: `${config.storageDir}.restoring-${at}` };
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-restore-"));
  let done = false;
  try {
    const occupied = targets.filter(holdsData);
    if (occupied.length > 0 && !options.force) {
      throw new RestoreError(
        `${occupied.join(" and ")} already ${occupied.length > 1 ? "hold" : "holds"} data. Nothing was changed. ` +
          "To replace it, run again with --force: the current folders are renamed aside " +
          `(${path.basename(occupied[0] as string)}.before-restore-<date>), never deleted.`,
      );
    }
    for (const dir of [staging.db, staging.storage]) if (dir) fs.mkdirSync(dir, { recursive: true });

    let manifest: Manifest;
    try {
      manifest = await unpack(archive, staging, path.join(scratch, MANIFEST_NAME));
    } catch (error) {
      if (error instanceof ArchiveError) {
        throw new RestoreError(`${archive} cannot be restored: ${error.message} Nothing was changed.`);
      }
      throw error;
    }
    if (manifest.nelly.migrations > knownMigrations()) {
      throw new RestoreError(
        `${archive} was made by a newer Nelly (${manifest.nelly.version}, ${manifest.nelly.migrations} migrations; ` +
          `this one knows ${knownMigrations()}). Update Nelly, then restore. Nothing was changed.`,
      );
    }
    const notes: string[] = [];
    if (embedded && manifest.database !== "pglite") {
      throw new RestoreError(
        `${archive} holds no database: it was made with DATABASE_URL set (PostgreSQL). Restore that database ` +
          "with pg_restore, and these files with DATABASE_URL set too (docs/operations.md). Nothing was changed.",
      );
    }
    if (!embedded && manifest.database === "pglite") {
      notes.push("The archive's embedded database was not restored: DATABASE_URL is set (unset it to restore it).");
    }
    if (staging.db) {
      // Proves the copy opens and is the database that was backed up.
      const { counts } = await readDatabase(staging.db);
      if (JSON.stringify(counts) !== JSON.stringify(manifest.counts)) {
        throw new RestoreError(
          `${archive} cannot be restored: its database holds ${describeCounts(counts)} where the manifest says ` +
            `${manifest.counts ? describeCounts(manifest.counts) : "none"}. Nothing was changed.`,
        );
      }
    }
    if (manifest.storage === "s3") notes.push("This backup holds no uploaded files: they were in an S3 bucket.");
    if (config.storage.driver === "s3") {
      notes.push(
        `STORAGE_DRIVER is s3: the files went to ${config.storageDir}; copy them into the bucket with ` +
          `aws s3 sync "${config.storageDir}" s3://${config.storage.bucket}/ (docs/operations.md).`,
      );
    }

    // Same-filesystem renames, each instant; should one fail, the ones made are undone.
    const keptAside: string[] = [];
    const moved: [string, string][] = [];
    const move = (from: string, to: string) => {
      fs.renameSync(from, to);
      moved.unshift([to, from]);
    };
    try {
      for (const [from, to] of [
        [staging.db, dbDir],
        [staging.storage, config.storageDir],
      ] as const) {
        if (!from) continue;
        if (holdsData(to)) {
          move(to, `${to}.before-restore-${at}`);
          keptAside.push(`${to}.before-restore-${at}`);
        } else if (fs.existsSync(to)) fs.rmdirSync(to);
        move(from, to);
      }
    } catch (error) {
      for (const [from, to] of moved) fs.renameSync(from, to);
      throw error;
    }
    done = true;
    const stored = manifest.files.filter((f) => f.path.startsWith("storage/"));
    return {
      manifest,
      database: staging.db ? dbDir : null,
      storageDir: config.storageDir,
      storedFiles: stored.length,
      storedBytes: stored.reduce((sum, f) => sum + f.size, 0),
      keptAside,
      notes,
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!done) {
      for (const dir of [staging.db, staging.storage]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
    release();
    if (!done && !dataDirExisted) fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
}

const USAGE = "Usage: npm run restore -- FILE [--force]";

async function main() {
  let positionals: string[];
  let force: boolean | undefined;
  try {
    const args = parseArgs({
      args: process.argv.slice(2),
      options: { force: { type: "boolean" } },
      allowPositionals: true,
    });
    positionals = args.positionals;
    force = args.values.force;
  } catch (error) {
    throw new RestoreError(`${(error as Error).message}\n${USAGE}`);
  }
  if (positionals.length !== 1) throw new RestoreError(USAGE);
  // `npm run` works in the package's folder; the file is named from where npm was started.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0] as string);
  const result = await restore(loadConfig(), file, { force });
  const { manifest } = result;
  console.log(`Restored the backup made ${manifest.createdAt} by Nelly ${manifest.nelly.version}:`);
  if (result.database && manifest.counts) {
    console.log(`  database: ${describeCounts(manifest.counts)} -> ${result.database}`);
  }
  console.log(
    `  files: ${plural(result.storedFiles, "stored file")} (${megabytes(result.storedBytes)}) -> ${result.storageDir}`,
  );
  for (const aside of result.keptAside) console.log(`  kept aside: ${aside}`);
  for (const note of result.notes) console.log(note);
  console.log("Start Nelly as usual (npm start); it applies any newer migrations.");
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  main().catch((error) => {
    const known = error instanceof RestoreError || error instanceof ConfigError;
    console.error(known ? error.message : error instanceof Error ? `Restore failed: ${error.message}` : error);
    process.exit(1);
  });
}
