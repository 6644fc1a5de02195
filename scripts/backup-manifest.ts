// What `npm run backup` and `npm run restore` share: the manifest written last in every archive,
// the row counts that prove a restored database is the one backed up, and the data-dir lock.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder, pgliteOptions } from "@server/db/client";
import { DataDirLockedError, lockDataDir } from "@server/db/data-dir-lock";
import { z } from "zod";

export const MANIFEST_NAME = "manifest.json";

const countsSchema = z.object({
  owners: z.number().int(),
  landings: z.number().int(),
  vehicles: z.number().int(),
  vehicleImages: z.number().int(),
  reservations: z.number().int(),
});
export type Counts = z.infer<typeof countsSchema>;

export const manifestSchema = z.object({
  format: z.literal("nelly-backup"),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  nelly: z.object({ version: z.string(), migrations: z.number().int() }),
  /** "pglite": the embedded database is under db/; "postgresql": not in the archive (pg_dump). */
  database: z.enum(["pglite", "postgresql"]),
  /** "local": the uploaded files are under storage/; "s3": they stay in the bucket. */
  storage: z.enum(["local", "s3"]),
  counts: countsSchema.nullable(),
  files: z.array(z.object({ path: z.string(), size: z.number().int(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function nellyVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return String(pkg.version);
}

/** How many migrations this Nelly knows: a backup with more was made by a newer version. */
export function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  return journal.entries.length;
}

/** `20250314-091502`: local time, for file names. */
export function stamp(date = new Date()) {
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** An embedded database folder: PostgreSQL's PG_VERSION marks one. */
export const hasDatabase = (dbDir: string) => fs.existsSync(path.join(dbDir, "PG_VERSION"));

/**
 * Opens the embedded database just long enough to count what matters and closes it cleanly (a
 * clean close leaves the folder consistent on disk, ready to be copied). Never migrates.
 */
export async function readDatabase(dbDir: string): Promise<{ counts: Counts; migrations: number }> {
  const client = await PGlite.create(dbDir, pgliteOptions());
  try {
    const { rows } = await client.query<Record<keyof Counts | "migrations", number>>(
      `select (select count(*) from users)::int as "owners",
              (select count(*) from landings)::int as "landings",
              (select count(*) from vehicles)::int as "vehicles",
              (select count(*) from vehicle_images)::int as "vehicleImages",
              (select count(*) from reservations)::int as "reservations",
              (select count(*) from drizzle.__drizzle_migrations)::int as "migrations"`,
    );
    const { migrations, ...counts } = rows[0] as Record<keyof Counts | "migrations", number>;
    return { counts, migrations };
  } finally {
    await client.close();
  }
}

/**
 * Takes the data-dir lock the server takes, so no server starts on the folder meanwhile; answers
 * null (with the reason) when a server already holds it.
 */
export function lockForMaintenance(dataDir: string): { release: () => void } | { runningPid: string } {
  try {
    return { release: lockDataDir(dataDir) };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    let pid = "?";
    try {
      pid = fs.readFileSync(path.join(dataDir, "nelly.lock"), "utf8").trim();
    } catch {
      // released in between: the message still holds
    }
    return { runningPid: pid };
  }
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const describeCounts = (counts: Counts) =>
  `${plural(counts.reservations, "reservation")}, ${plural(counts.vehicles, "vehicle")} ` +
  `(${plural(counts.vehicleImages, "photo")}), ${plural(counts.landings, "landing")}, ${plural(counts.owners, "owner")}`;

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
