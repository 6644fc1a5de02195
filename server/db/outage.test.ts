import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestApp } from "../test/app";
import { bearer, createBookableLanding, signUp } from "../test/factories";
import { startTcpProxy } from "../test/tcp-proxy";
import { openPostgres } from "./client";

const onPostgres = process.env.NELLY_TEST_DATABASE === "postgres";

/**
 * PostgreSQL restarted under load (issue 13.6), as Nelly sees it: every connection dropped and new
 * ones refused for a while. Requests must fail fast with a translated 503 (an HTML page for a
 * browser) and succeed again once the database is back, with no restart of Nelly.
 */
describe.skipIf(!onPostgres)("PostgreSQL going away and coming back", async () => {
  // A skipped describe still runs its body to collect the tests: open nothing then.
  if (!onPostgres) {
    it("runs on PostgreSQL only", () => {});
    return;
  }
  const seeding = await createTestApp();
  const target = new URL(process.env.TEST_DATABASE_URL ?? "postgres://127.0.0.1:5432/x");
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(target);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  const handle = await openPostgres(throughProxy.toString());
  const config = loadConfig({ DATA_DIR: seeding.config.dataDir, RATE_LIMIT_PER_MINUTE: "100000" });
  const app = await buildApp(
    { config, db: handle.db, clock: seeding.clock, storage: seeding.storage },
    { mailWorker: false },
  );
  await app.ready();
  afterAll(async () => {
    await app.close();
    await handle.close();
    await proxy.close();
  });

  it("answers 503 quickly while it is away, and serves again when it returns", async () => {
    const owner = await signUp(seeding.app);
    const landing = await createBookableLanding(seeding.app, owner);
    const detail = () =>
      app.inject({
        method: "GET",
        url: `/api/landings/${owner.id}/${landing.id}`,
        headers: { ...bearer(owner), "accept-language": "es" },
      });
    const page = () =>
      app.inject({ method: "GET", url: `/${landing.name}`, headers: { accept: "text/html", "accept-language": "en" } });
    // Under load: eight requests at a time before, during and after the outage.
    const burst = () => Promise.all(Array.from({ length: 8 }, detail));
    expect((await burst()).map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));

    await proxy.cut();
    const started = Date.now();
    const during = await burst();
    expect(Date.now() - started).toBeLessThan(7_000);
    expect(new Set(during.map((answer) => answer.statusCode))).toEqual(new Set([503]));
    expect(during[0]?.json()).toEqual({
      message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
    });
    expect(during[0]?.headers["retry-after"]).toBe("5");
    const pageDuring = await page();
    expect(pageDuring.statusCode).toBe(503);
    expect(pageDuring.headers["content-type"]).toContain("text/html");
    expect(pageDuring.body).toContain("Back in a moment");
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);

    await proxy.restore();
    const after = await burst();
    expect(after.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(after[0]?.json().name).toBe(landing.name);
    expect((await page()).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  }, 30_000);
});
