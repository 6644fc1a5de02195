import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { reservations } from "./db/schema";
import { openDeps } from "./open";
import { bookingPayload, createBookableLanding, signUp } from "./test/factories";
import { freePort } from "./test/free-port";

const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";
const environment = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: onPostgres ? (process.env.TEST_DATABASE_URL ?? "") : "",
  DEMO_SEED: "false",
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_MINUTE: "100000",
  RESERVATION_RATE_LIMIT: "100000",
  SIGNUP_RATE_LIMIT: "100000",
});

/** The real server process (as `npm start` runs it, from source), and what it prints. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, ...environment(dataDir), PORT: String(port) },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = async () => {
    for (const until = Date.now() + 90_000; !output.includes("Nelly is running at"); ) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, exited, running, output: () => output };
}

/** The owner's bookable landing, made through the real app before the server process takes over. */
async function seed(dataDir: string) {
  const opened = await openDeps(loadConfig(environment(dataDir)));
  const app = await buildApp(opened.deps, { mailWorker: false });
  await app.ready();
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { units: "60" });
  await app.close();
  await opened.close();
  return landing;
}

/**
 * SIGKILL in the middle of a reservation load, then a restart (issue 13.6): the database opens
 * cleanly and every reservation that was answered 201 is there, once.
 */
describe("a server killed while taking reservations", () => {
  it("comes back with every confirmed reservation stored exactly once", { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nelly-crash-"));
    const port = await freePort();
    const landing = await seed(dataDir);
    const server = startServer(dataDir, port);
    await server.running();

    const confirmed: string[] = [];
    let next = 0;
    let killed = false;
    // Eight visitors booking distinct periods until the process dies under them.
    const visitor = async () => {
      while (!killed && next < 2_000) {
        const index = next++;
        const payload = bookingPayload(landing, new Date(), {}, { start: 5 + (index % 600), length: 1 });
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/reservations`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(payload),
          });
          if (response.status === 201) confirmed.push((await response.json()).reference);
          else expect([201, 409]).toContain(response.status);
        } catch {
          // The connection died with the process: the visitor never heard a 201.
        }
      }
    };
    const visitors = Array.from({ length: 8 }, visitor);
    for (const until = Date.now() + 60_000; confirmed.length < 60 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.child.kill("SIGKILL");
    killed = true;
    await server.exited;
    await Promise.all(visitors);
    expect(confirmed.length).toBeGreaterThanOrEqual(60);

    // A new process opens the same database and serves (on a port the kernel says is free: the one
    // next to the first was taken at times by another process's connection, EADDRINUSE).
    const againPort = await freePort();
    const again = startServer(dataDir, againPort);
    await again.running();
    expect((await fetch(`http://127.0.0.1:${againPort}/api/health`)).status).toBe(200);
    again.child.kill("SIGTERM");
    await again.exited;

    const opened = await openDeps(loadConfig(environment(dataDir)));
    const stored = await opened.deps.db
      .select({ reference: reservations.reference })
      .from(reservations)
      .where(eq(reservations.landingId, landing.id));
    await opened.close();
    const references = stored.map((row) => row.reference);
    expect(new Set(references).size).toBe(references.length);
    expect(confirmed.filter((reference) => !references.includes(reference))).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
