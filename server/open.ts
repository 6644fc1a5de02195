import path from "node:path";
import { systemClock } from "./clock";
import type { Config } from "./config";
import { type DatabaseHandle, openPglite, openPostgres } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import type { AppDeps } from "./deps";
import { openStorage } from "./storage/open-storage";

export type OpenedDeps = { deps: AppDeps; handle: DatabaseHandle; close(): Promise<void> };

/** Opens and migrates the database the configuration names (PGlite in DATA_DIR/db by default). */
export async function openDeps(config: Config): Promise<OpenedDeps> {
  let release = () => {};
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await openPostgres(config.databaseUrl);
  } else {
    const dbDir = path.join(config.dataDir, "db");
    release = lockDataDir(config.dataDir);
    try {
      handle = await openPglite(dbDir);
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    release();
    throw error;
  }
  return {
    deps: { config, db: handle.db, clock: systemClock, storage: openStorage(config) },
    handle,
    async close() {
      await handle.close();
      release();
    },
  };
}
