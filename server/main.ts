import { availableParallelism } from "node:os";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { type OpeningDeps, openDepsInBackground } from "./open";
import { warmNextTick } from "./warm-next-tick";

/**
 * Threads that render the public pages (server/ssr/render-threads.ts): one a core, as the server's
 * own thread only reads their data and sends them, up to four (each holds its own renderer and
 * what it keeps of the landings' pages). One core renders on the server's thread.
 */
function renderThreadCount() {
  const cores = availableParallelism();
  return cores > 1 ? Math.min(cores, 4) : 0;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  // Until the server listens, a timer holds Node's event loop. Without it the loop runs out of
  // handles while PGlite's WebAssembly compiles (V8's own threads, no handle of Node's): Node then
  // drains every V8 background task before it turns again, and the rest of the start ran inside
  // that drain, the first connection waiting 100-170 ms after listening for the optimizing
  // compiler's jobs to finish (issue 29, docs/performance.md).
  const holdLoop = setInterval(() => {}, 60_000);
  await warmNextTick(); // before the database opens: see why in warm-next-tick.ts
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // The app's code loads while PGlite's WebAssembly compiles off the main thread; then the app is
  // built while PGlite starts (docs/performance.md). Nothing listens before the database is open
  // and migrated, so the first healthy answer still means ready.
  const loadingApp = import("./app");
  loadingApp.catch(() => {}); // reported below, once awaited
  let opened: OpeningDeps;
  try {
    opened = await openDepsInBackground(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`Could not open the database: ${(error as Error).message}`);
  }
  opened.ready.catch(() => {}); // reported below, once awaited
  const { buildApp } = await loadingApp;
  const app = await buildApp(
    { ...opened.deps, listen: opened.handle.listen },
    {
      logger: { level: config.logLevel },
      renderThreads: {
        // Built, the thread's file is beside this one (scripts/build-server.mjs); `npm run dev` runs its source through tsx.
        file: new URL(
          import.meta.url.endsWith(".ts") ? "./ssr/render-worker-tsx.mjs" : "./render-worker.mjs",
          import.meta.url,
        ),
        count: renderThreadCount(),
      },
    },
  );

  try {
    await opened.ready;
  } catch (error) {
    fail(`Could not open the database: ${(error as Error).message}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const forceExit = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    forceExit.unref();
    try {
      await app.close();
    } finally {
      // Closing PGlite cleanly matters: an unclean close can corrupt the embedded database.
      await opened.close();
    }
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));

  // The demo only seeds the embedded database: a PostgreSQL deployment starts empty.
  const demo =
    !config.databaseUrl && config.demoSeed ? await (await import("./demo/seed")).seedDemo(opened.deps) : null;

  await app.listen({ port: config.port, host: config.host });
  clearInterval(holdLoop);
  // A key being rotated out: seal what it sealed again with the new one (docs/operations.md).
  if (config.previousSecretsKeys.length > 0) {
    const { resealSecrets } = await import("./payments");
    resealSecrets(opened.deps).then(
      (counts) => app.log.info(counts, "secrets sealed again with SECRETS_KEY"),
      (error: unknown) => app.log.error({ err: error }, "could not seal secrets again with SECRETS_KEY"),
    );
  }
  const where = config.databaseUrl ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
  console.log(`\nNelly is running at ${config.publicBaseUrl} (on ${where}).`);
  if (demo) {
    console.log(
      `A demo owner was created. Sign in at ${config.publicBaseUrl}/ with ${demo.email} / ${demo.password}` +
        ` (shown once); its published landing is "${demo.landing}". Set DEMO_SEED=false to start empty.`,
    );
  }
  console.log("");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
