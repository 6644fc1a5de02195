import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "./test/free-port";

/** Starts the real server process on the embedded database and collects what it prints. */
function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      DEMO_SEED: "false",
    },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exited, output: () => output };
}

/**
 * The process runs its TypeScript through tsx, which compiles the server (and each render thread
 * its pages) at start: on a slow two-core machine with the other test worker busy, a start was seen
 * to take over 75 s (2026-11-27), so each start may take two minutes.
 */
async function waitFor(check: () => boolean, ms = 120_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(process.env.NELLY_TEST_DATABASE === "postgres")("the server process", () => {
  it("refuses a second process on the same data directory, and shuts down cleanly on SIGTERM", {
    timeout: 300_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-main-"));
    const port = await freePort();
    const first = start(dataDir, port);
    let firstChild: ChildProcess | undefined = first.child;
    try {
      await waitFor(() => first.output().includes("Nelly is running at"));
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      const second = start(dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("is already in use by another Nelly process");

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      firstChild = undefined;
      expect(fs.existsSync(path.join(dataDir, "nelly.lock"))).toBe(false);

      // The database closed cleanly: a new process opens it and answers.
      const thirdPort = await freePort();
      const third = start(dataDir, thirdPort);
      firstChild = third.child;
      await waitFor(() => third.output().includes("Nelly is running at"));
      expect((await fetch(`http://127.0.0.1:${thirdPort}/api/health`)).status).toBe(200);
      third.child.kill("SIGINT");
      expect(await third.exited).toBe(0);
      firstChild = undefined;
    } finally {
      firstChild?.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("stops with a clear message for a bad setting", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: "not-a-port" },
    });
    let output = "";
    child.stderr?.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("PORT must be a number");
  });
});
