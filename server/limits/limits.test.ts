import { randomInt } from "node:crypto";
import { Socket } from "node:net";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { customers, landings, rateLimitCounts, reservations, users } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, signUp } from "../test/factories";
import { connectRedis } from "./counters";

/** A second Nelly process on the same database (and Redis, when given): another instance. */
async function secondInstance(first: TestApp, env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: first.config.dataDir, ...env });
  const app = await buildApp(
    { config, db: first.db, clock: first.clock, storage: first.storage },
    { mailWorker: false },
  );
  await app.ready();
  afterAll(() => app.close());
  return app;
}

// Addresses of their own per run: the PGlite and PostgreSQL runs may share one Redis.
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function redisReachable() {
  try {
    const redis = await connectRedis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
    await redis.quit();
    return true;
  } catch {
    return false;
  }
}

const sharedBy: { name: string; env: Record<string, string> }[] = [
  { name: "the database", env: {} },
  { name: "Redis", env: { REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" } },
];

for (const { name, env } of sharedBy) {
  const available = name === "the database" || (await redisReachable());
  describe.skipIf(!available)(`limits shared by two instances through ${name} (issue 13)`, async () => {
    // A skipped describe still runs its body to collect the tests: connect to nothing then.
    if (!available) {
      it("needs a Redis server (TEST_REDIS_URL, default redis://127.0.0.1:6379)", () => {});
      return;
    }
    it("counts API calls from one address on every instance, in the caller's language, per minute", async () => {
      const first = await createTestApp({ ...env, RATE_LIMIT_PER_MINUTE: "6" });
      const instances = [first.app, await secondInstance(first, { ...env, RATE_LIMIT_PER_MINUTE: "6" })];
      const address = someAddress();
      const call = (index: number, language = "es") =>
        instances[index % 2]?.inject({
          method: "GET",
          url: "/api/publicLanding/no-such-landing",
          remoteAddress: address,
          headers: { "accept-language": language },
        });
      const statuses = [];
      for (let index = 0; index < 6; index++) statuses.push((await call(index))?.statusCode);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
      const refused = await call(6);
      expect(refused?.statusCode).toBe(429);
      expect(refused?.json()).toEqual({ message: "Demasiadas solicitudes. Espera un momento e inténtalo de nuevo." });
      expect((await call(7, "en"))?.json()).toEqual({ message: "Too many requests. Wait a moment and try again." });
      // Another address is not held back, and the next minute starts afresh.
      const other = await first.app.inject({ method: "GET", url: "/api/health", remoteAddress: someAddress() });
      expect(other.statusCode).toBe(200);
      first.clock.advance(60_000);
      expect((await call(8))?.statusCode).toBe(404);
    });

    // The API limit stays out of the way here: the set-up itself makes calls from one address.
    const limits = { RATE_LIMIT_PER_MINUTE: "100000", RESERVATION_RATE_LIMIT: "2" };
    const first = await createTestApp({ ...env, ...limits });
    const instances = [first.app, await secondInstance(first, { ...env, ...limits })];

    it("lets one address make RESERVATION_RATE_LIMIT reservations an hour across instances, and no more", async () => {
      const owner = await signUp(first.app);
      const landing = await createBookableLanding(first.app, owner);
      const address = someAddress();
      const stored = async () =>
        (await first.db.select({ n: count() }).from(reservations).where(eq(reservations.landingId, landing.id)))[0]?.n;
      let periods = 0;
      // Periods of their own, so no booking is refused for the vehicle being taken.
      const nextPeriod = () => ({ start: 10 + 5 * ++periods, length: 2 });
      const book = (index: number, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
        instances[index % 2]?.inject({
          method: "POST",
          url: "/api/reservations",
          remoteAddress: address,
          headers: { "accept-language": "es", ...headers },
          payload: bookingPayload(landing, first.clock.now(), overrides, nextPeriod()),
        });

      // A refused booking and a retry of a booking made do not count.
      expect((await book(0, { place_of_departure: "Narnia" }))?.statusCode).toBe(422);
      const once = (index: number) =>
        instances[index]?.inject({
          method: "POST",
          url: "/api/reservations",
          remoteAddress: address,
          headers: { "idempotency-key": "flood-test-key-1" },
          payload: bookingPayload(landing, first.clock.now(), {}, { start: 8, length: 2 }),
        });
      const made = await once(0);
      expect(made?.statusCode).toBe(201);
      const retry = await once(1);
      expect(retry?.json().reference).toBe(made?.json().reference);
      expect((await book(1))?.statusCode).toBe(201);
      expect(await stored()).toBe(2);

      const refused = await book(0);
      expect(refused?.statusCode).toBe(429);
      expect(refused?.json().message).toMatch(
        // The landing gives no phone: only when to try again.
        /^Se han hecho demasiadas reservas desde esta conexión\. Inténtalo de nuevo en \d+ min\.$/,
      );
      // The same minutes, for a program, in seconds.
      const minutes = Number(/en (\d+) min/.exec(refused?.json().message)?.[1]);
      expect(refused?.headers["retry-after"]).toBe(String(minutes * 60));
      const refusedEn = await book(1, {}, { "accept-language": "en" });
      expect(refusedEn?.json().message).toMatch(/^Too many reservations have been made from this connection\./);
      expect(await stored()).toBe(2);

      // Another address books; the same one can again in the next hour.
      const elsewhere = await first.app.inject({
        method: "POST",
        url: "/api/reservations",
        remoteAddress: someAddress(),
        payload: bookingPayload(landing, first.clock.now(), {}, nextPeriod()),
      });
      expect(elsewhere.statusCode).toBe(201);
      first.clock.advance(60 * 60_000);
      expect((await book(1))?.statusCode).toBe(201);
      expect(await stored()).toBe(4);
    });

    it("never lets a burst of concurrent bookings from one address past the limit", async () => {
      const owner = await signUp(first.app);
      const landing = await createBookableLanding(first.app, owner, { units: "20" });
      const address = someAddress();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          instances[index % 2]?.inject({
            method: "POST",
            url: "/api/reservations",
            remoteAddress: address,
            payload: bookingPayload(landing, first.clock.now(), {}, { start: 10 + index * 4, length: 2 }),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer?.statusCode).sort();
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429, 429, 429]);
      const [row] = await first.db
        .select({ n: count() })
        .from(reservations)
        .where(eq(reservations.landingId, landing.id));
      expect(row?.n).toBe(2);
    });
  });
}

describe("the reservation flood limit, counted in the database", () => {
  it("counts a booking once its checks pass: a refused one (taken, invalid) never touches the count", async () => {
    const { app, db, clock } = await createTestApp({ RESERVATION_RATE_LIMIT: "5" });
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "1" });
    const [made, taken, invalid] = [someAddress(), someAddress(), someAddress()];
    const book = (address: string, overrides: Record<string, unknown> = {}) =>
      app.inject({
        method: "POST",
        url: "/api/reservations",
        remoteAddress: address,
        payload: bookingPayload(landing, clock.now(), overrides, { start: 12, length: 2 }),
      });
    expect((await book(made)).statusCode).toBe(201);
    expect((await book(taken)).statusCode).toBe(409);
    expect((await book(invalid, { place_of_departure: "Narnia" })).statusCode).toBe(422);
    const keys = [made, taken, invalid].map((address) => `reservations:${address}`);
    const counts = await db
      .select({ key: rateLimitCounts.key, hits: rateLimitCounts.hits })
      .from(rateLimitCounts)
      .where(inArray(rateLimitCounts.key, keys));
    // No row at all for the refused ones: not a count taken and given back (issue 29: two round trips each).
    expect(counts).toEqual([{ key: `reservations:${made}`, hits: 1 }]);
  });

  // Issue 29: each write to PostgreSQL's socket wakes its process; the count went out alone before.
  it.runIf(process.env.NELLY_TEST_DATABASE === "postgres")(
    "counts on the booking's own connection, in the write that begins its transaction",
    async () => {
      const { app, clock } = await createTestApp({ RESERVATION_RATE_LIMIT: "5" });
      const owner = await signUp(app);
      const landing = await createBookableLanding(app, owner, { units: "5" });
      const address = someAddress();
      const spies = [vi.spyOn(Socket.prototype, "_writev"), vi.spyOn(Socket.prototype, "_write")];
      try {
        const made = await app.inject({
          method: "POST",
          url: "/api/reservations",
          remoteAddress: address,
          payload: bookingPayload(landing, clock.now(), {}, { start: 10, length: 2 }),
        });
        expect(made.statusCode, made.body).toBe(201);
        // What went out to PostgreSQL, a write each, as text.
        const writes = spies.flatMap((spy) =>
          spy.mock.calls.map(([sent]) =>
            (Array.isArray(sent) ? sent.map((chunk) => (chunk as { chunk?: Buffer }).chunk ?? chunk) : [sent])
              .map((chunk) => Buffer.from(chunk as Buffer).toString("latin1"))
              .join(""),
          ),
        );
        const counting = writes.filter((sent) => sent.includes(`reservations:${address}`));
        expect(counting).toHaveLength(1);
        // The count first, then BEGIN and the vehicle's lock: the count stands on its own.
        const [sent = ""] = counting;
        expect(sent.indexOf("begin")).toBeGreaterThan(sent.indexOf(`reservations:${address}`));
        expect(sent).toMatch(/for update/i);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    },
  );

  it("gives the count back when the booking is refused in its transaction, and lets the next one through", async () => {
    const { app, db, clock } = await createTestApp({ RESERVATION_RATE_LIMIT: "1" });
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "3" });
    const address = someAddress();
    const book = (who: Record<string, unknown>, start: number) =>
      app.inject({
        method: "POST",
        url: "/api/reservations",
        remoteAddress: address,
        payload: bookingPayload(landing, clock.now(), who, { start, length: 2 }),
      });
    // The address's count this hour, whichever windows it was kept in.
    const counted = async () =>
      (
        await db
          .select({ hits: rateLimitCounts.hits })
          .from(rateLimitCounts)
          .where(eq(rateLimitCounts.key, `reservations:${address}`))
      ).reduce((sum, row) => sum + row.hits, 0);
    const flagged = { email: "flagged@example.com", phone: "+1 809 555 0606" };
    expect((await book(flagged, 10)).statusCode).toBe(201);
    await db.update(customers).set({ doNotRent: true }).where(eq(customers.ownerId, owner.id));
    // The next hour, the flagged customer passes the checks and is refused inside the booking's
    // transaction (server/customers/link.ts), after the count was taken.
    clock.advance(60 * 60_000);
    expect((await book(flagged, 20)).statusCode).toBe(403);
    expect(await counted()).toBe(1);
    // That count was given back: another customer books from the address this hour, then the hour is full.
    const other = await book({ email: "otra@example.com", phone: "+1 809 555 0707" }, 30);
    expect(other.statusCode, other.body).toBe(201);
    expect(await counted()).toBe(2);
    expect((await book({ email: "tercera@example.com", phone: "+1 809 555 0808" }, 40)).statusCode).toBe(429);
  });

  // The traveller's walk: a landing with no phone told the visitor to call it.
  it("tells the visitor to call only a landing with a phone, to write on WhatsApp, or only when to try again", async () => {
    const { app, db, clock } = await createTestApp({ RESERVATION_RATE_LIMIT: "1" });
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner, { units: "9" });
    const address = someAddress();
    let start = 10;
    const refusal = async (lang: string) => {
      const answer = await app.inject({
        method: "POST",
        url: "/api/reservations",
        remoteAddress: address,
        headers: { "accept-language": lang },
        payload: bookingPayload(landing, clock.now(), { language: lang }, { start: start++, length: 2 }),
      });
      expect(answer.statusCode, answer.body).toBe(429);
      return answer.json().message as string;
    };
    const contacts = async (rules: Record<string, string>) => {
      const [row] = await db.select({ version: landings.version }).from(landings).where(eq(landings.id, landing.id));
      const saved = await app.inject({
        method: "PUT",
        url: `/api/landings/${owner.id}/${landing.id}/rules`,
        payload: { version: row?.version, ...rules },
        headers: bearer(owner),
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const first = await app.inject({
      method: "POST",
      url: "/api/reservations",
      remoteAddress: address,
      payload: bookingPayload(landing, clock.now(), {}, { start: start++, length: 2 }),
    });
    expect(first.statusCode, first.body).toBe(201);

    expect(await refusal("es")).toMatch(
      /^Se han hecho demasiadas reservas desde esta conexión\. Inténtalo de nuevo en \d+ min\.$/,
    );
    expect(await refusal("en")).toMatch(/^Too many reservations .* Try again in \d+ min\.$/);
    await contacts({ whatsapp: "+1 809 555 0199" });
    expect(await refusal("es")).toMatch(/min o escribe a la empresa por WhatsApp\.$/);
    expect(await refusal("en")).toMatch(/min or message the company on WhatsApp\.$/);
    await contacts({ contact_phone: "+1 809 555 0101", whatsapp: "+1 809 555 0199" });
    expect(await refusal("es")).toMatch(/min o llama a la empresa\.$/);
    expect(await refusal("en")).toMatch(/min or call the company\.$/);
  });
});

describe("the sign-up limit", () => {
  // An attacker's walk (2026-12-06) created 200 accounts from one address in a minute, each a
  // password hash, and learned from each taken email that its account exists.
  it("lets one address try SIGNUP_RATE_LIMIT sign-ups an hour, taken emails counted, then refuses without creating", async () => {
    const { app, db, clock } = await createTestApp({ SIGNUP_RATE_LIMIT: "3" });
    const address = someAddress();
    const register = (email: string, language = "es", remoteAddress = address) =>
      app.inject({
        method: "POST",
        url: "/api/register-nelly",
        headers: { "accept-language": language },
        remoteAddress,
        payload: { name: "Ana", email, password: "a-long-secret-1", password_confirmation: "a-long-secret-1" },
      });
    const email = (label: string) => `${label}-${randomInt(1e9)}@flood.example`;
    const first = email("first");
    expect((await register(first)).statusCode).toBe(201);
    expect((await register(first)).statusCode).toBe(422);
    expect((await register(email("second"))).statusCode).toBe(201);

    const refusedEmail = email("refused");
    const refused = await register(refusedEmail, "en");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many accounts were tried from this connection\. Try again in \d+ min\.$/,
    );
    expect((await register(email("again"), "es")).json().message).toMatch(
      /^Se intentaron crear demasiadas cuentas desde esta conexión\. Inténtalo de nuevo en \d+ min\.$/,
    );
    const [stored] = await db.select({ n: count() }).from(users).where(eq(users.email, refusedEmail));
    expect(stored?.n).toBe(0);

    expect((await register(email("elsewhere"), "es", someAddress())).statusCode).toBe(201);
    clock.advance(60 * 60 * 1000);
    expect((await register(refusedEmail)).statusCode).toBe(201);
    await app.close();
  });
});
