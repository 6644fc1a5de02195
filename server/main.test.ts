import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort } from "./test/free-port";

/** The server's sources, run through tsx as `npm run dev` runs them. */
const SOURCES = ["--import", "tsx", "server/main.ts"];

/**
 * Starts the real server process on the embedded database and collects what it prints; its
 * stdout into `stdoutFile` when one is named: what V8 itself prints goes through C's stdout, and
 * through a pipe it was seen cut short.
 */
function start(dataDir: string, port: number, nodeArgs = SOURCES, stdoutFile?: string) {
  const stdout = stdoutFile ? fs.openSync(stdoutFile, "w") : "pipe";
  const child = spawn(process.execPath, nodeArgs, {
    stdio: ["ignore", stdout, "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      DEMO_SEED: "false",
    },
  });
  if (typeof stdout === "number") fs.closeSync(stdout); // the child has its own
  let output = "";
  let running = true;
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  // "close" comes once the process has exited and what it printed has all been read.
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => {
      running = false;
      resolve(code);
    }),
  );
  const printed = () => (stdoutFile ? fs.readFileSync(stdoutFile, "utf8") : "") + output;
  return { child, exited, output: printed, running: () => running };
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
async function startListening(dataDir: string, nodeArgs = SOURCES, stdoutFile?: string) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = start(dataDir, port, nodeArgs, stdoutFile);
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

  // The built server as `npm start` runs it: run through tsx, the server's start goes differently
  // and never showed the problem (server/warm-next-tick.ts says what it is). V8's own debug print
  // of `nextTick` shows what V8 remembers at each key of a tick; "MEGAMORPHIC" there sends every
  // tick through V8's runtime, and that was what the embedded server's start left without the
  // warm-up, in every start tried.
  it("starts with process.nextTick's ticks as V8 expects them, so they stay fast", { timeout: 300_000 }, async () => {
    const build = path.join("dist", `main-test-${process.pid}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-main-"));
    const probe = path.join(dataDir, "probe.mjs");
    fs.writeFileSync(
      probe,
      // C's stdout keeps its last few kilobytes until the process exits: printed three times, the
      // first print is written out in full at once.
      'process.on("SIGUSR2", () => { for (let i = 0; i < 3; i++) new Function("f", "%DebugPrint(f)")(process.nextTick); });',
    );
    let child: ChildProcess | undefined;
    try {
      await new Promise<void>((resolve, reject) =>
        spawn(process.execPath, ["scripts/build-server.mjs", build], { stdio: "inherit" }).once("exit", (code) =>
          code === 0 ? resolve() : reject(new Error(`the server's build failed (exit ${code})`)),
        ),
      );
      const server = await startListening(
        dataDir,
        ["--allow-natives-syntax", "--import", pathToFileURL(probe).href, path.join(build, "main.mjs")],
        path.join(dataDir, "stdout.txt"),
      );
      child = server.child;
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
      server.child.kill("SIGUSR2");
      const remembered = () =>
        [...server.output().matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]);
      // The tick's four keys, printed once at least.
      await expect.poll(() => remembered().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
      expect(remembered().filter((state) => state !== "MONOMORPHIC")).toEqual([]);
    } finally {
      child?.kill("SIGKILL");
      fs.rmSync(build, { recursive: true, force: true });
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
