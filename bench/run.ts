// `npm run bench`: speed and size goals, measured rather than asserted in tests.
// Starts the real server on the embedded database in a temp folder, drives it from this process
// over loopback with a bounded number of requests, and weighs the built dashboard.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const PORT = 3200;
const BASE = `http://127.0.0.1:${PORT}`;

type Goal = { name: string; measure: () => Promise<number>; unit: string; budget: number };

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

/** p95 latency in ms of `count` requests, `concurrency` at a time. */
async function p95(count: number, concurrency: number, send: () => Promise<Response>): Promise<number> {
  const timings: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const started = performance.now();
      const response = await send();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`request failed with ${response.status}`);
      timings.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  timings.sort((a, b) => a - b);
  return timings[Math.floor(timings.length * 0.95)] ?? Number.NaN;
}

function gzippedKb(dir: string, extension: string): number {
  if (!fs.existsSync(dir)) return Number.NaN;
  const bytes = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(extension))
    .reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dir, file))).length, 0);
  return bytes / 1024;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-bench-"));
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "1000000",
      DATABASE_URL: "",
    },
    stdio: "ignore",
  });
  try {
    await waitForHealth();
    const email = `bench-${Date.now()}@example.com`;
    const signUp = await fetch(`${BASE}/api/register-nelly`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Bench",
        email,
        password: "bench-password-1",
        password_confirmation: "bench-password-1",
      }),
    });
    const { token } = (await signUp.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const assets = path.resolve("dist/web/assets");

    const goals: Goal[] = [
      {
        name: "GET /api/health p95 (500 requests, 10 at a time)",
        unit: "ms",
        budget: 25,
        measure: () => p95(500, 10, () => fetch(`${BASE}/api/health`)),
      },
      {
        name: "GET /api/session p95 (500 requests, 10 at a time)",
        unit: "ms",
        budget: 40,
        measure: () => p95(500, 10, () => fetch(`${BASE}/api/session`, { headers: auth })),
      },
      {
        name: "POST /api/login-nelly p95 (40 requests, 4 at a time; argon2id by design)",
        unit: "ms",
        budget: 400,
        measure: () =>
          p95(40, 4, () =>
            fetch(`${BASE}/api/login-nelly`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email, password: "bench-password-1" }),
            }),
          ),
      },
      { name: "Dashboard JavaScript, gzipped", unit: "KB", budget: 250, measure: async () => gzippedKb(assets, ".js") },
      { name: "Dashboard CSS, gzipped", unit: "KB", budget: 30, measure: async () => gzippedKb(assets, ".css") },
    ];

    let over = 0;
    for (const goal of goals) {
      const value = await goal.measure();
      const ok = value <= goal.budget;
      if (!ok) over++;
      console.log(
        `${ok ? "ok  " : "OVER"}  ${goal.name}: ${value.toFixed(1)} ${goal.unit} (budget ${goal.budget} ${goal.unit})`,
      );
    }
    process.exitCode = over > 0 ? 1 : 0;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
