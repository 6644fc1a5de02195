import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is a single-process database: two servers writing one data directory corrupt it.
 * A lock file holding our pid makes the second process fail fast instead.
 */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "nelly.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is already in use by another Nelly process (pid ${holder}). ` +
            "Stop that process, or give this one its own DATA_DIR, or set DATABASE_URL to use PostgreSQL.",
        );
      }
      // The holder died without cleaning up: take the lock over.
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}.`);
}
