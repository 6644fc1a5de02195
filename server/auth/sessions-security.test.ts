import { IDLE_REQUEST_HEADER, SESSION_TTL_MS } from "@domain/limits";
import { translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { landings, sessions, specialFeatures } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  browser,
  createLandingFor,
  multipart,
  type Owner,
  PASSWORD,
  signIn,
  signUp,
  uniqueEmail,
} from "../test/factories";

/**
 * Issue 13.7: sessions end when they should, for browsers (cookie + CSRF) as for API clients, on
 * data routes and not only on /api/session; and their cookies carry the flags that keep scripts and
 * other sites away from them. What auth.test.ts and users.test.ts already prove (bearer expiry on
 * /api/session, bearer logout, a bearer password change ending other tokens) is not repeated here.
 */
const { app, clock, db } = await createTestApp();

const ended = { message: translate("en", "unauthenticated") };
const get = (url: string, headers: Record<string, string>) => app.inject({ method: "GET", url, headers });
const sessionCookieOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === "nelly_session");

/**
 * The owner's session answers on /api/session, on a read of their data and on a write from a
 * browser. `idle`: calls the dashboard makes while nobody touches it, which keep no session open.
 */
async function sessionWorks(owner: Owner, landingId: number, idle: Record<string, string> = {}) {
  const me = await get("/api/session", { cookie: owner.cookie, ...idle });
  const read = await get(`/api/landings/${owner.id}/${landingId}`, { cookie: owner.cookie, ...idle });
  return {
    me: me.statusCode,
    read: read.statusCode,
    bearer: (await get(`/api/users/${owner.id}`, { ...bearer(owner), ...idle })).statusCode,
  };
}

/** A write from the owner's browser (cookie + CSRF pair): a special feature, looked up afterwards. */
async function writeFromBrowser(owner: Owner) {
  const name = `Roof rack ${Math.random().toString(36).slice(2, 8)}`;
  const response = await app.inject({
    method: "POST",
    url: "/api/special-features",
    payload: { name, description: "Fits two bikes" },
    headers: browser(owner),
  });
  const stored = await db.select().from(specialFeatures).where(eq(specialFeatures.name, name));
  return { status: response.statusCode, body: response.json(), stored: stored.length };
}

async function changePassword(owner: Owner, headers: Record<string, string>, current = PASSWORD) {
  const body = await multipart({
    name: "Owner",
    email: owner.email,
    password: "a-brand-new-pass-9",
    password_confirmation: "a-brand-new-pass-9",
    current_password: current,
  });
  return app.inject({
    method: "POST",
    url: `/api/users-update/${owner.id}`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

describe("a browser session past its hour (issue 13.7)", () => {
  it("gets 401 on /api/session, on reads and on writes, stores nothing; its cookie lasts until the 12-hour end", async () => {
    const owner = await signUp(app);
    const login = await app.inject({
      method: "POST",
      url: "/api/login-nelly",
      payload: { email: owner.email, password: PASSWORD },
    });
    const browserOwner: Owner = {
      ...owner,
      token: login.json().token,
      cookie: `nelly_session=${sessionCookieOf(login)?.value}`,
    };
    const landing = await createLandingFor(app, owner);
    // Activity moves the session's end without a new cookie (issue 25.3), so the browser keeps the
    // cookie until the latest end the session can have; the server decides before that.
    // (A cookie's Expires has whole seconds: it may go up to a second early, never late.)
    const dropped = sessionCookieOf(login)?.expires?.getTime() ?? 0;
    const absoluteEnd = Date.parse(login.json().absolute_expires_at);
    expect(absoluteEnd - dropped).toBeGreaterThanOrEqual(0);
    expect(absoluteEnd - dropped).toBeLessThan(1000);

    const idle = { [IDLE_REQUEST_HEADER]: "1" };
    clock.advance(SESSION_TTL_MS - 1000);
    expect(await sessionWorks(browserOwner, landing.id, idle)).toEqual({ me: 200, read: 200, bearer: 200 });
    clock.advance(1000);
    expect(await sessionWorks(browserOwner, landing.id)).toEqual({ me: 401, read: 401, bearer: 401 });
    expect((await get("/api/session", { cookie: browserOwner.cookie })).json()).toEqual(ended);

    const before = (await db.select().from(landings).where(eq(landings.id, landing.id)))[0];
    const rules = await app.inject({
      method: "PUT",
      url: `/api/landings/${owner.id}/${landing.id}/rules`,
      payload: { version: before?.version, min_days: "5" },
      headers: browser(browserOwner),
    });
    expect(rules.statusCode).toBe(401);
    expect((await db.select().from(landings).where(eq(landings.id, landing.id)))[0]).toEqual(before);
    const write = await writeFromBrowser(browserOwner);
    expect({ status: write.status, stored: write.stored }).toEqual({ status: 401, stored: 0 });
  });
});

describe("logging out from a browser (issue 13.7)", () => {
  it("ends that session only: its cookie and token get 401 everywhere, the cookie is cleared, other devices stay", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const otherDevice = await signIn(app, owner);

    const logout = await app.inject({ method: "POST", url: "/api/nelly-logout", headers: browser(owner) });
    expect(logout.statusCode).toBe(200);
    const cleared = sessionCookieOf(logout);
    expect(cleared).toMatchObject({ value: "", path: "/" });
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());

    expect(await sessionWorks(owner, landing.id)).toEqual({ me: 401, read: 401, bearer: 401 });
    const write = await writeFromBrowser(owner);
    expect({ status: write.status, stored: write.stored }).toEqual({ status: 401, stored: 0 });
    // Logging out is not "log out everywhere": the owner's phone is still signed in.
    expect(await sessionWorks(otherDevice, landing.id)).toEqual({ me: 200, read: 200, bearer: 200 });
    expect((await writeFromBrowser(otherDevice)).stored).toBe(1);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(1);
  });

  it("answers 401 to a second logout with the same cookie, ending nobody else's session", async () => {
    const owner = await signUp(app);
    const otherDevice = await signIn(app, owner);
    expect((await app.inject({ method: "POST", url: "/api/nelly-logout", headers: browser(owner) })).statusCode).toBe(
      200,
    );
    const again = await app.inject({ method: "POST", url: "/api/nelly-logout", headers: browser(owner) });
    expect(again.statusCode).toBe(401);
    expect((await get("/api/session", bearer(otherDevice))).statusCode).toBe(200);
  });
});

describe("changing the password from a browser (issue 13.7)", () => {
  it("ends every session, the caller's old one too, and signs the caller in again with a new cookie", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const laptop = await signIn(app, owner);
    const apiClient = await signIn(app, owner);

    const changed = await changePassword(owner, browser(owner));
    expect(changed.statusCode, changed.body).toBe(200);
    // Decision (users/service.ts, PRODUCT §"Sessions"): the person who changed the password stays
    // signed in, on a new session; every session that existed before, theirs included, ends.
    const fresh = sessionCookieOf(changed);
    expect(fresh).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(fresh?.value).toBe(changed.json().session.token);
    expect(`nelly_session=${fresh?.value}`).not.toBe(owner.cookie);

    for (const old of [owner, laptop, apiClient]) {
      expect(await sessionWorks(old, landing.id)).toEqual({ me: 401, read: 401, bearer: 401 });
      expect((await writeFromBrowser(old)).stored).toBe(0);
    }
    const renewed: Owner = { ...owner, token: changed.json().session.token, cookie: `nelly_session=${fresh?.value}` };
    expect(await sessionWorks(renewed, landing.id)).toEqual({ me: 200, read: 200, bearer: 200 });
    expect((await writeFromBrowser(renewed)).stored).toBe(1);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(rows).toHaveLength(1);
  });

  it("ends no session when the change is refused (wrong current password, or no CSRF header)", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const laptop = await signIn(app, owner);
    const wrong = await changePassword(owner, browser(owner), "not-my-password");
    expect(wrong.statusCode).toBe(422);
    const forged = await changePassword(owner, { cookie: browser(owner).cookie });
    expect(forged.statusCode).toBe(403);
    for (const still of [owner, laptop]) {
      expect(await sessionWorks(still, landing.id)).toEqual({ me: 200, read: 200, bearer: 200 });
    }
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(2);
  });
});

describe("signing in with a planted session cookie (issue 13.7)", () => {
  it("issues a new session and never adopts the planted value", async () => {
    const owner = await signUp(app);
    const planted = "planted-by-someone-else-0000000000000000000";
    const response = await app.inject({
      method: "POST",
      url: "/api/login-nelly",
      payload: { email: owner.email, password: PASSWORD },
      headers: { cookie: `nelly_session=${planted}; XSRF-TOKEN=t`, "x-xsrf-token": "t" },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)?.value).not.toBe(planted);
    expect((await get("/api/session", { cookie: `nelly_session=${planted}` })).statusCode).toBe(401);
  });
});

describe("session and CSRF cookies of the real app (issue 13.7)", () => {
  const setups: { name: string; env: Record<string, string>; secure: boolean }[] = [
    { name: "http (the default)", env: {}, secure: false },
    { name: "PUBLIC_BASE_URL https", env: { PUBLIC_BASE_URL: "https://book.example.com" }, secure: true },
    { name: "COOKIE_SECURE=true behind an http base", env: { COOKIE_SECURE: "true" }, secure: true },
  ];

  it.each(setups)(
    "are HttpOnly (session), SameSite=Lax, Secure only when served over https: $name",
    async ({ env, secure }) => {
      const { app: instance } = await createTestApp(env);
      const email = uniqueEmail();
      const registered = await instance.inject({
        method: "POST",
        url: "/api/register-nelly",
        payload: { name: "Ana", email, password: PASSWORD, password_confirmation: PASSWORD },
      });
      const loggedIn = await instance.inject({
        method: "POST",
        url: "/api/login-nelly",
        payload: { email, password: PASSWORD },
      });
      const owner: Owner = {
        id: registered.json().user_id,
        email,
        token: loggedIn.json().token,
        cookie: `nelly_session=${sessionCookieOf(loggedIn)?.value}`,
      };
      const body = await multipart({
        name: "Ana",
        email,
        password: "another-pass-77",
        password_confirmation: "another-pass-77",
        current_password: PASSWORD,
      });
      const changed = await instance.inject({
        method: "POST",
        url: `/api/users-update/${owner.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...browser(owner) },
      });
      expect(changed.statusCode, changed.body).toBe(200);

      for (const [step, response] of [
        ["sign-up", registered],
        ["login", loggedIn],
        ["password change", changed],
      ] as const) {
        const cookie = sessionCookieOf(response);
        expect(cookie, step).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
        expect(Boolean(cookie?.secure), step).toBe(secure);
        expect(response.headers["set-cookie"]?.toString().includes("Secure"), step).toBe(secure);
      }
      const csrf = await instance.inject({ method: "GET", url: "/api/sanctum/csrf-cookie" });
      const xsrf = csrf.cookies.find((c) => c.name === "XSRF-TOKEN");
      // The page's script must read it to echo it; a script of another site cannot.
      expect(xsrf?.httpOnly).toBeFalsy();
      expect(xsrf).toMatchObject({ sameSite: "Lax", path: "/" });
      expect(Boolean(xsrf?.secure)).toBe(secure);
    },
  );
});
