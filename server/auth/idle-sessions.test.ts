import path from "node:path";
import { IDLE_REQUEST_HEADER, SESSION_EXTEND_STEP_MS, SESSION_MAX_MS, SESSION_TTL_MS } from "@domain/limits";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { rowsOf } from "../db/rows";
import { sessions } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, browser, createLandingFor, type Owner, signIn, signUp } from "../test/factories";

/**
 * Issue 25.3: an owner was signed out an hour after signing in, while working. The hour of SPEC §4
 * is now an idle limit: every call the owner makes moves the end an hour ahead, at most once a
 * minute, never past 12 hours after signing in; the dashboard's calls made while nobody touches
 * the page (the idle header) and the live stream move nothing.
 */
const { app, clock, db, config } = await createTestApp();

const MINUTE = 60 * 1000;
const idle = { [IDLE_REQUEST_HEADER]: "1" };

/** The session row of a token: its end, and `xmin`, which changes with every UPDATE of the row. */
async function storedSession(owner: Owner) {
  const rows = await rowsOf<{ expires_at: string | Date; version: string }>(
    db,
    sql`select ${sessions.expiresAt} as expires_at, xmin::text as version from ${sessions} where ${sessions.userId} = ${owner.id}`,
  );
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error("no session row");
  return { expiresAt: new Date(row.expires_at).getTime(), version: row.version };
}

const session = (owner: Owner, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: "/api/session", headers: { ...bearer(owner), ...headers } });

describe("an owner at work (issue 25.3)", () => {
  it("stays signed in past the hour, and the session ends an hour after their last call", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const signedInAt = clock.now().getTime();

    clock.advance(50 * MINUTE);
    // Reading their landing from the browser is the owner at work.
    const read = await app.inject({
      method: "GET",
      url: `/api/landings/${owner.id}/${landing.id}`,
      headers: browser(owner),
    });
    expect(read.statusCode).toBe(200);
    const workedAt = clock.now().getTime();
    expect((await storedSession(owner)).expiresAt).toBe(workedAt + SESSION_TTL_MS);

    // Past the hour since signing in: still signed in, and told until when.
    clock.advance(20 * MINUTE);
    const me = await session(owner, idle);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user_id: owner.id,
      expires_at: new Date(workedAt + SESSION_TTL_MS).toISOString(),
      absolute_expires_at: new Date(signedInAt + SESSION_MAX_MS).toISOString(),
    });

    // An hour after the last call, the session has ended, for reads and writes alike.
    clock.advance(workedAt + SESSION_TTL_MS - clock.now().getTime());
    expect((await session(owner)).statusCode).toBe(401);
    const write = await app.inject({
      method: "POST",
      url: "/api/special-features",
      payload: { name: "Rack", description: "Two bikes" },
      headers: browser(owner),
    });
    expect(write.statusCode).toBe(401);
  });

  it("moves the end at most once a minute, however many calls are made", async () => {
    const owner = await signUp(app);
    const first = await storedSession(owner);

    // Within the first minute nothing is written, whatever the number of calls.
    for (const step of [1000, 20_000, 38_000]) {
      clock.advance(step);
      expect((await session(owner)).statusCode).toBe(200);
    }
    expect(await storedSession(owner)).toEqual(first);

    // A minute after the last write, one call writes the new end once...
    clock.advance(SESSION_EXTEND_STEP_MS - 59_000);
    const callAt = clock.now().getTime();
    await session(owner);
    const moved = await storedSession(owner);
    expect(moved.expiresAt).toBe(callAt + SESSION_TTL_MS);
    expect(moved.version).not.toBe(first.version);

    // ...and the calls right after it write nothing.
    clock.advance(30_000);
    for (let call = 0; call < 5; call++) expect((await session(owner)).statusCode).toBe(200);
    expect(await storedSession(owner)).toEqual(moved);
  });

  it("never lasts past 12 hours after signing in, however busy the owner is", async () => {
    const owner = await signUp(app);
    const signedInAt = clock.now().getTime();
    while (clock.now().getTime() + 30 * MINUTE < signedInAt + SESSION_MAX_MS) {
      clock.advance(30 * MINUTE);
      expect((await session(owner)).statusCode).toBe(200);
    }
    const last = await session(owner);
    expect(last.json().expires_at).toBe(new Date(signedInAt + SESSION_MAX_MS).toISOString());

    clock.advance(signedInAt + SESSION_MAX_MS - 1000 - clock.now().getTime());
    expect((await session(owner)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await session(owner)).statusCode).toBe(401);
  });

  it("answers both ends when signing in, and the cookie lasts until the absolute one", async () => {
    const owner = await signUp(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/login-nelly",
      payload: { email: owner.email, password: "correct-horse-42" },
    });
    const now = clock.now().getTime();
    expect(response.json()).toMatchObject({
      expires_at: new Date(now + SESSION_TTL_MS).toISOString(),
      absolute_expires_at: new Date(now + SESSION_MAX_MS).toISOString(),
    });
    // A cookie's Expires has whole seconds: up to a second early, never late.
    const cookieEnd = response.cookies.find((cookie) => cookie.name === "nelly_session")?.expires?.getTime() ?? 0;
    expect(now + SESSION_MAX_MS - cookieEnd).toBeGreaterThanOrEqual(0);
    expect(now + SESSION_MAX_MS - cookieEnd).toBeLessThan(1000);
  });
});

describe("calls nobody made (issue 25.3)", () => {
  it("do not keep the session open: the dashboard's idle calls move nothing", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const signedInAt = clock.now().getTime();
    const before = await storedSession(owner);

    // A minute-by-minute poll of an open, untouched dashboard for most of the hour.
    for (let elapsed = 7; elapsed < 60; elapsed += 7) {
      clock.advance(7 * MINUTE);
      expect((await session(owner, idle)).statusCode).toBe(200);
      const poll = await app.inject({
        method: "GET",
        url: `/api/landings/${owner.id}/${landing.id}`,
        headers: { ...browser(owner), ...idle },
      });
      expect(poll.statusCode).toBe(200);
    }
    expect(await storedSession(owner)).toEqual(before);

    clock.advance(signedInAt + SESSION_TTL_MS - clock.now().getTime());
    expect((await session(owner, idle)).statusCode).toBe(401);
  });

  it("other values of the header are the owner at work", async () => {
    const owner = await signUp(app);
    clock.advance(10 * MINUTE);
    await session(owner, { [IDLE_REQUEST_HEADER]: "0" });
    expect((await storedSession(owner)).expiresAt).toBe(clock.now().getTime() + SESSION_TTL_MS);
  });
});

// A second app on the same database: what one instance extends, the other honours.
const other = await buildApp(app.deps, { webDir: path.join(config.dataDir, "no-web-build"), mailWorker: false });
await other.ready();
afterAll(() => other.close());

describe("several instances (issue 25.3)", () => {
  it("keeps a session open on every instance when the owner works through one", async () => {
    const owner = await signUp(app);
    const phone = await signIn(app, owner);
    clock.advance(45 * MINUTE);
    expect((await other.inject({ method: "GET", url: "/api/session", headers: bearer(owner) })).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await session(owner, idle)).statusCode).toBe(200);
    // Another session of the same owner, idle all along, has ended: each session has its own end.
    expect((await session(phone, idle)).statusCode).toBe(401);
  });
});
