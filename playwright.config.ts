import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two runs share a machine; each builds the dashboard into its own folder.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
// The Stripe stand-in the server calls instead of api.stripe.com (docs/testing.md): the port after the app's.
const STRIPE_STAND_IN_URL = `http://127.0.0.1:${PORT + 1}`;
// The DNS stand-in a custom domain's test starts (UDP), two after the app's (e2e/support/dns.ts).
const DNS_STAND_IN_PORT = PORT + 2;

// One fresh data folder per run. Workers re-read this file, so the name is fixed once in the env.
process.env.NELLY_E2E_DATA_DIR ??= path.join(os.tmpdir(), `nelly-e2e-${Date.now()}-${process.pid}`);
// With TEST_DATABASE_URL set (CI), the server keeps its data in PostgreSQL, as a deployment with
// DATABASE_URL does, on a database of the run's own beside that one (named after the port, so two
// runs on one machine keep apart), emptied before the server starts. Without it, the embedded one.
// PostgreSQL does in native code what PGlite does in the server's own thread: the server used a
// third less CPU on the same journeys (docs/testing.md).
const DATABASE_URL = process.env.TEST_DATABASE_URL
  ? Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: `/nelly_e2e_${PORT}` }).toString()
  : "";

export default defineConfig({
  testDir: "e2e",
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: true,
  // Three workers on two cores: while one journey waits (a dialog closing, a poll, the network going
  // idle) the others use the CPU. On 2026-11-25 that took the suite from 6.9 to 6.1 minutes; four
  // were slower (docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry, for Chromium's rare stall and nothing else in mind: on a CPU-saturated two-core
  // machine, about one full run in seven stops a journey at its limit inside Playwright's own
  // "visible, enabled and editable" check with no retry logged (no animation frame came), each time
  // a different journey, never reproduced when repeated (docs/testing.md). A journey that fails
  // twice still fails the run; one that passes on its retry is named as flaky at the end of
  // `npm test`, so it is seen, not hidden.
  retries: 1,
  reporter: "list",
  // A minute a journey: on a machine twice as slow as usual (2026-11-27: 60 of 213 journeys over
  // 20 s, one stopped at 30 s with its dialog's button on screen) a journey is still judged on what
  // it checks, not on the machine's speed. A journey that really hangs still fails.
  timeout: 60_000,
  // What a journey waits for to show: 15 s, not 7. On 2026-11-29's AMD EPYC (the whole suite twice
  // as slow as on other machines of its kind) a second tab's screen took over 7 s to draw while the
  // other workers ran, and failed a journey that checks nothing about speed. A passing check waits
  // only as long as the page takes; a missing element still fails.
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // Debian's Chromium, never a downloaded browser: its headless shell (package
        // chromium-headless-shell), which runs the suite in half the time of the full browser
        // (12.7 min against 22.7 min for 174 tests on two cores) with the same Blink engine.
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: "npx tsx scripts/stripe-stand-in.ts",
      url: `${STRIPE_STAND_IN_URL}/__stand-in/events`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { STRIPE_STAND_IN_PORT: String(PORT + 1) },
    },
    {
      command: `${DATABASE_URL ? "npx tsx scripts/fresh-database.ts && " : ""}npm run build --silent && node dist/server/main.mjs`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        WEB_DIR: `dist/e2e-${PORT}`,
        DATA_DIR: process.env.NELLY_E2E_DATA_DIR,
        DATABASE_URL,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PER_MINUTE: "100000",
        RESERVATION_RATE_LIMIT: "100000",
        SIGNUP_RATE_LIMIT: "100000",
        // Page views are written every 5 s by default; the home page's funnel test reads them sooner.
        PAGE_VIEW_FLUSH_MS: "250",
        STRIPE_API_URL: STRIPE_STAND_IN_URL,
        // The custom domain's verification asks the DNS stand-in the test that needs it starts there.
        DNS_SERVERS: `127.0.0.1:${DNS_STAND_IN_PORT}`,
      },
    },
  ],
});
