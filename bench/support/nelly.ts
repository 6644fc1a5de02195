// Nelly's production server for the bench: started as `npm start` starts it (built already),
// timed from spawn to its first healthy answer, its resident memory read from /proc.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export type Nelly = {
  base: string;
  /** Milliseconds from spawn to the first healthy answer. */
  startupMs: number;
  /** Resident memory of the server process, in MB. */
  rssMb: () => number;
  stop: () => Promise<void>;
};

export type NellyOptions = { port: number; dataDir: string; databaseUrl?: string; demo?: boolean };

export async function startNelly(options: NellyOptions): Promise<Nelly> {
  const base = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  // `npm start` without npm's own start-up: ensure-build is a no-op once built, then the built server.
  // BENCH_PROFILE_DIR=folder writes a V8 CPU profile of each server run there (open it in Chrome's
  // DevTools): how the causes of the figures in docs/performance.md were found.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const server: ChildProcess = spawn(process.execPath, [...profile, "dist/server/main.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      DEMO_SEED: options.demo ? "true" : "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "100000000",
      RESERVATION_RATE_LIMIT: "100000000",
      SIGNUP_RATE_LIMIT: "100000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<never>((_, reject) =>
    server.once("exit", (code) => reject(new Error(`the server stopped (exit ${code})`))),
  );
  await Promise.race([waitForUrl(`${base}/api/health`), exited]);
  const startupMs = performance.now() - started;
  exited.catch(() => {});
  return {
    base,
    startupMs,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
    },
    stop: async () => {
      if (server.exitCode !== null) return;
      const gone = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await gone;
    },
  };
}
