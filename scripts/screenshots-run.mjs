// `npm run screenshots`: builds the dashboard, starts a server on a fresh embedded database and
// captures every screen (shell, landings, fleet, reservations, the public site, the rental rules,
// the owner's desk: manual bookings, home page, planner, live updates; the emails a booking sends;
// the session's warnings and account recovery; the payments tab; the rental counter; the customers)
// at desktop and phone sizes in es and en into ./screenshots, for a person to look at.
// `npm run screenshots -- rules landings` takes only the scripts whose names hold those words.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = Number(process.env.SCREENSHOTS_PORT ?? 3150);
const baseUrl = `http://localhost:${port}`;
const env = { ...process.env, WEB_DIR: "dist/screenshots", BASE_URL: baseUrl };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-screens-"));
// The emails' script reads the messages the server writes to DATA_DIR/outbox.
env.SCREENSHOTS_DATA_DIR = dataDir;

execSync("npm run build --silent", { stdio: "inherit", env });
const server = spawn(process.execPath, ["dist/server/main.mjs"], {
  env: {
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000",
    RESERVATION_RATE_LIMIT: "100000",
    SIGNUP_RATE_LIMIT: "100000",
    // The home page's visits funnel is shot right after its page views are made.
    PAGE_VIEW_FLUSH_MS: "200",
    DATABASE_URL: "",
    // screenshots-payments.ts answers as Stripe there while it runs.
    STRIPE_API_URL: `http://127.0.0.1:${env.STRIPE_STAND_IN_PORT ?? 3151}`,
  },
  stdio: "inherit",
});

async function waitForHealth() {
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
}

let failed = false;
try {
  await waitForHealth();
  const only = process.argv.slice(2);
  const scripts = [
    "screenshots.ts",
    "screenshots-landings.ts",
    "screenshots-fleet.ts",
    "screenshots-reservations.ts",
    "screenshots-public.ts",
    "screenshots-rules.ts",
    "screenshots-manual-booking.ts",
    "screenshots-desk-views.ts",
    "screenshots-live.ts",
    "screenshots-emails.ts",
    "screenshots-places.ts",
    "screenshots-account.ts",
    "screenshots-payments.ts",
    "screenshots-counter.ts",
    "screenshots-customers.ts",
    "screenshots-planner-overdue.ts",
  ].filter((script) => only.length === 0 || only.some((word) => script.includes(word)));
  for (const script of scripts) {
    try {
      execSync(`npx tsx scripts/${script}`, { stdio: "inherit", env });
    } catch {
      failed = true;
    }
  }
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
