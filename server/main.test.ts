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
  let running = true;
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running = false;
      resolve(code);
    }),
  );
  return { child, exited, output: () => output, running: () => running };
}

/**
 * Waits for the server to say it is running; false if the process stopped first. The process runs
 * its TypeScript through tsx, which compiles the server at start: on a slow two-core machine with
 * the other test workers busy, a start was seen to take over 75 s (2026-11-27), so two minutes.
 */
async function started(server: ReturnType<typeof start>, ms = 120_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!server.output().includes("Nelly is running at")) {
    if (!server.running()) return false;
    if (Date.now() > until) throw new Error(`the server did not start within ${ms / 1000} s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * The server on a free port, and on another if that one was taken before the server listened: the
 * kernel may hand a port `freePort` found free to another process's outgoing connection, and the
 * server then stops at once (EADDRINUSE), which once left this test waiting out its whole budget.
 */
async function startListening(dataDir: string) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = start(dataDir, port);
    if (await started(server)) return { ...server, port };
    if (!server.output().includes("EADDRINUSE") || attempt === 3) {
      throw new Error(`the server stopped before it answered:\n${server.output()}`);
    }
  }
}

describe.skipIf(process.env.NELLY_TEST_DATABASE === "postgres")("the server process", () => {
  it("refuses a second process on the same data directory, and shuts down cleanly on SIGTERM", {
    timeout: 300_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-main-"));
    let firstChild: ChildProcess | undefined;
    try {
      const first = await startListening(dataDir);
      firstChild = first.child;
      expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

      const second = start(dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("is already in use by another Nelly process");

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      firstChild = undefined;
      expect(fs.existsSync(path.join(dataDir, "nelly.lock"))).toBe(false);

      // The database closed cleanly: a new process opens it and answers.
      const third = await startListening(dataDir);
      firstChild = third.child;
      expect((await fetch(`http://127.0.0.1:${third.port}/api/health`)).status).toBe(200);
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
