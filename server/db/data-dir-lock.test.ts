import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

describe("lockDataDir", () => {
  it("refuses a second process while the first holds the lock, and frees it on release", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-lock-"));
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "nelly.lock"), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already in use by another Nelly process/);
    } finally {
      holder.kill();
    }
    await new Promise((resolve) => holder.once("exit", resolve));
    // The holder died without cleaning up: the lock is taken over.
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "nelly.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "nelly.lock"))).toBe(false);
  });
});
