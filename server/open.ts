import path from "node:path";
import { systemClock } from "./clock";
import type { Config } from "./config";
import { type DatabaseHandle, openPglite, openPostgres } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import type { AppDeps } from "./deps";
import { openStorage } from "./storage/open-storage";

export type OpenedDeps = { deps: AppDeps; handle: DatabaseHandle; close(): Promise<void> };

/** Deps whose database is still opening: `ready` settles once it is open and migrated. */
export type OpeningDeps = OpenedDeps & { ready: Promise<void> };

/**
 * Starts opening the database the configuration names (PGlite in DATA_DIR/db by default) and hands
 * back its deps at once, so the app can be built while PGlite starts (queries wait for it). `ready`
 * rejects when the database cannot be opened or migrated, with the database closed and the data
 * directory released; nothing may be served before it settles.
 */
export async function openDepsInBackground(config: Config): Promise<OpeningDeps> {
  let release = () => {};
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await openPostgres(config.databaseUrl);
  } else {
    release = lockDataDir(config.dataDir);
    try {
      handle = await openPglite(path.join(config.dataDir, "db"));
    } catch (error) {
      release();
      throw error;
    }
  }
  const ready = (async () => {
    try {
      await handle.opened;
    } catch (error) {
      release();
      throw error;
    }
    try {
      await handle.migrate();
    } catch (error) {
      await handle.close();
      release();
      throw error;
    }
  })();
  return {
    deps: { config, db: handle.db, clock: systemClock, storage: openStorage(config) },
    handle,
    ready,
    async close() {
      await handle.close();
      release();
    },
  };
}

/** Opens and migrates the database the configuration names (PGlite in DATA_DIR/db by default). */
export async function openDeps(config: Config): Promise<OpenedDeps> {
  const opening = await openDepsInBackground(config);
  await opening.ready;
  return opening;
}
