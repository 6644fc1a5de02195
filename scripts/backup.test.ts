import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "@server/app";
import { loadConfig } from "@server/config";
import { reservationAddons, reservations, vehicleImages } from "@server/db/schema";
import type { OpenedDeps } from "@server/open";
import { openDeps } from "@server/open";
import {
  bearer,
  bookingPayload,
  createBookableLanding,
  createVehicleFor,
  photos,
  signUp,
} from "@server/test/factories";
import { asc } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";

const environment = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  STORAGE_DIR: "",
  STORAGE_DRIVER: "local",
  DEMO_SEED: "false",
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_MINUTE: "100000",
  RESERVATION_RATE_LIMIT: "100000",
  SIGNUP_RATE_LIMIT: "100000",
});

/** The command as `npm run backup` / `npm run restore` runs it (tsx, from source). */
function runWith(env: Record<string, string>, script: "backup" | "restore", ...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
}
const run = (script: "backup" | "restore", dataDir: string, ...args: string[]): SpawnSyncReturns<string> =>
  runWith(environment(dataDir), script, ...args);

/** Every file under `dir` with its SHA-256: two equal digests are the same bytes in the same places. */
function digest(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isFile()) files[name] = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
  }
  return files;
}

/** What a restore must bring back, read through the app's own database handle. */
async function snapshot(opened: OpenedDeps) {
  const { db } = opened.deps;
  return {
    reservations: await db.select().from(reservations).orderBy(asc(reservations.id)),
    addons: await db.select().from(reservationAddons).orderBy(asc(reservationAddons.id)),
    images: await db.select().from(vehicleImages).orderBy(asc(vehicleImages.id)),
  };
}

async function open(dataDir: string) {
  const opened = await openDeps(loadConfig(environment(dataDir)));
  const app = await buildApp(opened.deps, { mailWorker: false });
  await app.ready();
  return {
    opened,
    app,
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

// The embedded database's backup; on the PostgreSQL run it is reported as skipped (pg_dump's job).
describe.skipIf(process.env.NELLY_TEST_DATABASE === "postgres")("npm run backup / npm run restore", () => {
  it("brings back every reservation and every photo, and refuses what would lose data", {
    // Seven runs of the scripts, each starting tsx and opening PGlite, and two opens here: 24 to
    // 51 s with the rest of the suite beside it, 111 s once on a machine twice as slow as usual
    // (a clean-clone run of 2026-11-28). A hang still fails, at three minutes.
    timeout: 180_000,
  }, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-backup-"));
    onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
    const dataDir = path.join(root, "data");
    const archive = path.join(root, "nelly.tar.gz");

    // A real data folder: an owner, a landing with two vehicles and their photos, six bookings.
    const first = await open(dataDir);
    const owner = await signUp(first.app);
    const landing = await createBookableLanding(first.app, owner, { units: "5" });
    const van = await createVehicleFor(first.app, owner, landing.id, await photos(3, 640, 480), { units: "2" });
    const booked: string[] = [];
    for (let index = 0; index < 6; index++) {
      const payload = bookingPayload(
        landing,
        new Date(),
        { id_vehicle: index % 2 ? van.id : landing.vehicle.id, email: `guest${index}@example.com` },
        { start: 10 + index * 3, length: 2 },
      );
      const response = await first.app.inject({ method: "POST", url: "/api/reservations", payload });
      expect(response.statusCode, response.body).toBe(201);
      booked.push(response.json().reference);
    }
    const before = await snapshot(first.opened);
    expect(before.reservations.map((r) => r.reference)).toEqual(booked);
    expect(before.images.length).toBeGreaterThanOrEqual(5);
    const storageBefore = digest(path.join(dataDir, "storage"));
    expect(Object.keys(storageBefore).length).toBeGreaterThanOrEqual(before.images.length);

    // While the server holds the folder, the backup refuses instead of copying a live database.
    const live = run("backup", dataDir, "--out", archive);
    expect(live.status).toBe(1);
    expect(live.stderr).toContain("Stop the server, then run the backup again");
    expect(fs.existsSync(archive)).toBe(false);
    await first.close();

    const made = run("backup", dataDir, "--out", archive);
    expect(made.stderr).toBe("");
    expect(made.stdout).toMatch(
      /^Backed up the embedded database \(6 reservations, 2 vehicles \(\d+ photos\), 1 landing, 1 owner\)/,
    );
    expect(made.status).toBe(0);

    // The folder is gone (moved away); the restore fills a fresh one.
    fs.renameSync(dataDir, path.join(root, "lost"));
    const restoredDir = path.join(root, "restored");
    const restored = run("restore", restoredDir, archive);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain("database: 6 reservations, 2 vehicles");
    expect(restored.status).toBe(0);

    const second = await open(restoredDir);
    expect(await snapshot(second.opened)).toEqual(before);
    expect(digest(path.join(restoredDir, "storage"))).toEqual(storageBefore);
    // The app serves them again: the owner's session, the bookings and a photo.
    const listed = await second.app.inject({
      method: "GET",
      url: `/api/reservations/${landing.id}`,
      headers: bearer(owner),
    });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .reservations.map((r: { reference: string }) => r.reference)
        .sort(),
    ).toEqual([...booked].sort());
    const photo = Object.values(before.images[0]?.variants ?? {})[0] as string;
    const served = await second.app.inject({ method: "GET", url: `/storage/${photo}` });
    expect(served.rawPayload.equals(fs.readFileSync(path.join(root, "lost", "storage", photo)))).toBe(true);
    await second.close();

    const untouched = digest(restoredDir);
    const refused = (result: SpawnSyncReturns<string>, message: string) => {
      expect(result.stderr).toContain(message);
      expect(result.status).toBe(1);
      expect(digest(restoredDir)).toEqual(untouched);
      expect(fs.readdirSync(restoredDir).sort()).toEqual(["db", "storage"]);
    };
    // Over existing data without --force: refused, nothing changed.
    refused(run("restore", restoredDir, archive), "already hold data. Nothing was changed.");
    // A truncated archive and one whose photo was swapped after the backup: refused even with --force.
    const truncated = path.join(root, "truncated.tar.gz");
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size * 0.6)));
    refused(run("restore", restoredDir, truncated, "--force"), "the archive is truncated");
    const unpacked = path.join(root, "unpacked");
    fs.mkdirSync(unpacked);
    expect(spawnSync("tar", ["xzf", archive, "-C", unpacked]).status).toBe(0);
    fs.writeFileSync(path.join(unpacked, "storage", photo), "not the photo");
    const tampered = path.join(root, "tampered.tar.gz");
    expect(spawnSync("tar", ["czf", tampered, "-C", unpacked, "db", "storage", "manifest.json"]).status).toBe(0);
    refused(run("restore", restoredDir, tampered, "--force"), `storage/${photo} does not match the manifest`);

    // With --force the current data is kept aside, not deleted.
    const forced = run("restore", restoredDir, archive, "--force");
    expect(forced.status).toBe(0);
    const aside = fs.readdirSync(restoredDir).filter((name) => name.includes(".before-restore-"));
    expect(aside.map((name) => name.replace(/-\d{8}-\d{6}$/, "")).sort()).toEqual([
      "db.before-restore",
      "storage.before-restore",
    ]);
    expect(digest(path.join(restoredDir, aside.find((n) => n.startsWith("storage")) as string))).toEqual(storageBefore);
  });
});

// No database is reached here: with DATABASE_URL set, only the files are archived.
describe("npm run backup with DATABASE_URL set", () => {
  it("archives the stored files only, prints the pg_dump command and restores the files", {
    // Two runs of the scripts, each starting tsx: 13 s with the rest of the suite beside it, past
    // the default 20 s once with a browser walk on the same two cores (2026-12-02).
    timeout: 90_000,
  }, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-backup-pg-"));
    onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
    const postgres = (dataDir: string) => ({
      ...environment(dataDir),
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/nelly",
    });
    const storage = path.join(root, "data", "storage", "vehicles");
    fs.mkdirSync(storage, { recursive: true });
    fs.writeFileSync(path.join(storage, "photo.webp"), Buffer.from([0, 1, 2, 255, 254, 253]));
    const archive = path.join(root, "files.tar.gz");

    const made = runWith(postgres(path.join(root, "data")), "backup", "--out", archive);
    expect(made.stdout).toContain("Backed up 1 stored file (0.0 MB)");
    expect(made.stdout).toContain("pg_dump --format=custom --file=nelly-db-");
    expect(made.status).toBe(0);

    const embedded = run("restore", path.join(root, "embedded"), archive);
    expect(embedded.stderr).toContain("holds no database: it was made with DATABASE_URL set");
    expect(embedded.status).toBe(1);
    expect(fs.existsSync(path.join(root, "embedded"))).toBe(false);

    const restored = runWith(postgres(path.join(root, "other")), "restore", archive);
    expect(restored.status).toBe(0);
    expect(digest(path.join(root, "other", "storage"))).toEqual(digest(path.join(root, "data", "storage")));
  });
});
