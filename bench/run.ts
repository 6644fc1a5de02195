// `npm run bench`: speed and size goals, measured rather than asserted in tests.
// Starts the real server on the embedded database in a temp folder, drives it from this process
// over loopback with a bounded number of requests, and weighs the built dashboard.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { deskGoals, type Goal } from "./desk";

const PORT = 3200;
const BASE = `http://127.0.0.1:${PORT}`;

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

const gzippedBytes = (file: string) => gzipSync(fs.readFileSync(file)).length;

/** The files the public site's build wrote (public-manifest.json), so the dashboard's own can be told apart. */
function publicSiteFiles(webDir: string): Set<string> {
  const manifest = path.join(webDir, "public-manifest.json");
  if (!fs.existsSync(manifest)) return new Set();
  const entries = Object.values(
    JSON.parse(fs.readFileSync(manifest, "utf8")) as Record<string, { file: string; css?: string[] }>,
  );
  return new Set(entries.flatMap((entry) => [entry.file, ...(entry.css ?? [])]).map((file) => path.basename(file)));
}

/** The dashboard's built stylesheets, gzipped, in KB. */
function dashboardCssKb(webDir: string): number {
  const dir = path.join(webDir, "assets");
  if (!fs.existsSync(dir)) return Number.NaN;
  const publicFiles = publicSiteFiles(webDir);
  const bytes = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".css") && !publicFiles.has(file))
    .reduce((sum, file) => sum + gzippedBytes(path.join(dir, file)), 0);
  return bytes / 1024;
}

/**
 * What the dashboard's first screen downloads, gzipped, in KB: the entry script and the chunks
 * index.html preloads. Screens that need more (the charts) load their own chunk when opened.
 */
function dashboardInitialJsKb(webDir: string): number {
  const index = path.join(webDir, "index.html");
  if (!fs.existsSync(index)) return Number.NaN;
  const html = fs.readFileSync(index, "utf8");
  const files = [
    ...html.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g),
  ];
  return files.reduce((sum, match) => sum + gzippedBytes(path.join(webDir, match[1] ?? "")), 0) / 1024;
}

/**
 * What a visitor's browser downloads for a public page, gzipped, in KB: the scripts or the
 * stylesheets its HTML links (the entry and every preloaded chunk), read from the built files.
 */
async function publicPageKb(webDir: string, url: string, kind: "script" | "style"): Promise<number> {
  const html = await (await fetch(url)).text();
  const pattern =
    kind === "script"
      ? /<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g
      : /<link rel="stylesheet" href="([^"]+)"/g;
  const files = [...html.matchAll(pattern)].map((match) => path.join(webDir, match[1] ?? ""));
  if (files.length === 0) return Number.NaN;
  return files.reduce((sum, file) => sum + gzippedBytes(file), 0) / 1024;
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
    const webDir = path.resolve(process.env.WEB_DIR ?? "dist/web");
    // The demo landing the first start publishes (server/demo/seed.ts), searched as a visitor would.
    const home = `${BASE}/caribe-autos-demo`;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const list = `${home}/vehicle?pickup=Santiago&dropoff=Santiago&from=${day(7)}&fromTime=10:00&to=${day(10)}&toTime=10:00&seats=2`;

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
      {
        name: "GET public home p95 (300 requests, 10 at a time; rendered once per content version)",
        unit: "ms",
        budget: 40,
        measure: () => p95(300, 10, () => fetch(home)),
      },
      {
        name: "GET public vehicle list with a search p95 (200 requests, 10 at a time; availability per request)",
        unit: "ms",
        budget: 150,
        measure: () => p95(200, 10, () => fetch(list)),
      },
      {
        name: "Public home JavaScript, gzipped",
        unit: "KB",
        budget: 100,
        measure: () => publicPageKb(webDir, home, "script"),
      },
      { name: "Public home CSS, gzipped", unit: "KB", budget: 20, measure: () => publicPageKb(webDir, home, "style") },
      {
        name: "Public vehicle list JavaScript, gzipped",
        unit: "KB",
        budget: 100,
        measure: () => publicPageKb(webDir, list, "script"),
      },
      {
        name: "Dashboard first screen JavaScript (entry and preloads), gzipped",
        unit: "KB",
        budget: 250,
        measure: async () => dashboardInitialJsKb(webDir),
      },
      { name: "Dashboard CSS, gzipped", unit: "KB", budget: 30, measure: async () => dashboardCssKb(webDir) },
      ...deskGoals(BASE, { email, password: "bench-password-1", token }, p95),
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
