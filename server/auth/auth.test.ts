import {
  IDLE_REQUEST_HEADER,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  SESSION_TTL_MS,
} from "@domain/limits";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { landings, sessions, users, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  bookingPayload,
  browser,
  createBookableLanding,
  createPublishableLanding,
  PASSWORD,
  signUp,
  uniqueEmail,
} from "../test/factories";

const { app, clock, db } = await createTestApp();

// Each call from its own address unless told, so failures here never lock out another test.
const randomAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
const login = (
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = randomAddress(),
) => app.inject({ method: "POST", url: "/api/login-nelly", payload: { email, password }, headers, remoteAddress });

describe("sign-up", () => {
  it("creates the owner, hashes the password with argon2id and signs in", async () => {
    const email = uniqueEmail();
    const response = await app.inject({
      method: "POST",
      url: "/api/register-nelly",
      payload: { name: "Ana Pérez", email: email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ name: "Ana Pérez", email, phone: null, avatar: null });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const [stored] = await db.select().from(users).where(eq(users.id, body.user_id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const cookie = response.cookies.find((c) => c.name === "nelly_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });

  it("refuses an email already taken, whatever its case", async () => {
    const owner = await signUp(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/register-nelly",
      headers: { "accept-language": "es-DO,es;q=0.9" },
      payload: { name: "Otro", email: owner.email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: "Ya existe una cuenta con este correo electrónico.",
      errors: { email: ["Ya existe una cuenta con este correo electrónico."] },
    });
  });

  it("answers 422 with a message per field, in the caller's language", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/register-nelly",
      headers: { "accept-language": "es" },
      payload: { name: "  ", email: "not-an-email", password: "short", password_confirmation: "other" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ["Este campo es obligatorio."],
      email: ["Introduce un correo electrónico válido."],
      password: ["La contraseña debe tener al menos 8 caracteres."],
      password_confirmation: ["Las contraseñas no coinciden."],
    });
    const mismatch = await app.inject({
      method: "POST",
      url: "/api/register-nelly",
      payload: { name: "A", email: uniqueEmail(), password: PASSWORD, password_confirmation: "different-1" },
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["The passwords do not match."] });
  });

  it("answers 400, not 500, to text the database cannot store (a NUL byte)", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/register-nelly",
      payload: { name: "Ana\u0000", email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The request is not valid." });
  });

  it("answers 422, not 500, to a body of the wrong shape", async () => {
    for (const payload of ["[]", '"text"', "null", '{"name":{"$gt":""}}']) {
      const response = await app.inject({
        method: "POST",
        url: "/api/register-nelly",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(422);
      expect(response.json(), payload).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    }
    const broken = await app.inject({
      method: "POST",
      url: "/api/register-nelly",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe("login", () => {
  it("answers token, user id, user and an expiry one hour ahead", async () => {
    const owner = await signUp(app);
    const response = await login(owner.email, PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ user_id: owner.id, user: { id: owner.id, email: owner.email } });
    expect(new Date(body.expires_at).getTime()).toBe(clock.now().getTime() + SESSION_TTL_MS);
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, owner.id)).limit(1);
    expect(row?.tokenHash).not.toContain(body.token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 422 under email for a wrong password and for an unknown email alike", async () => {
    const owner = await signUp(app);
    const wrong = await login(owner.email, "wrong-password");
    const unknown = await login(uniqueEmail("nobody"), PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: "These credentials do not match our records.",
        errors: { email: ["These credentials do not match our records."] },
      });
      expect(response.cookies.find((c) => c.name === "nelly_session")).toBeUndefined();
    }
  });

  it("answers 422 with field errors for a malformed email and a missing password", async () => {
    const response = await login("ana@", "", { "accept-language": "es" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: "Introduce un correo electrónico válido.",
      errors: { email: ["Introduce un correo electrónico válido."], password: ["Este campo es obligatorio."] },
    });
  });
});

describe("sessions", () => {
  it("expire one hour after login when the owner does nothing (issue 25.3: calls move the end)", async () => {
    const owner = await signUp(app);
    // The dashboard's own checks while nobody touches the page carry the idle header.
    const me = () =>
      app.inject({ method: "GET", url: "/api/session", headers: { ...bearer(owner), [IDLE_REQUEST_HEADER]: "1" } });
    expect((await me()).statusCode).toBe(200);
    clock.advance(SESSION_TTL_MS - 1000);
    expect((await me()).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await me();
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Your session has ended. Please sign in again." });
  });

  it("end on logout: the token no longer works", async () => {
    const owner = await signUp(app);
    const logout = await app.inject({ method: "POST", url: "/api/nelly-logout", headers: bearer(owner) });
    expect(logout.statusCode).toBe(200);
    const after = await app.inject({ method: "GET", url: `/api/users/${owner.id}`, headers: bearer(owner) });
    expect(after.statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(0);
  });

  it("accept a bearer token without cookies or CSRF header", async () => {
    const owner = await signUp(app);
    const response = await app.inject({ method: "POST", url: "/api/nelly-logout", headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    // The call really ran as that owner: their session is gone.
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(0);
  });

  it("refuse 401 without credentials or with a made-up token", async () => {
    expect((await app.inject({ method: "GET", url: "/api/session" })).statusCode).toBe(401);
    const forged = await app.inject({
      method: "GET",
      url: "/api/session",
      headers: { authorization: "Bearer forged" },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe("CSRF", () => {
  it("sets a readable XSRF-TOKEN cookie", async () => {
    const response = await app.inject({ method: "GET", url: "/api/sanctum/csrf-cookie" });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === "XSRF-TOKEN");
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it("lets a browser that kept the session across a restart book on a public landing (the token is kept as long)", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const signedIn = await login(owner.email, PASSWORD);
    // A restarted browser keeps the cookies that have an end, and drops the rest.
    const kept = signedIn.cookies.filter((cookie) => cookie.expires);
    expect(kept.map((cookie) => cookie.name).sort()).toEqual(["XSRF-TOKEN", "nelly_browser", "nelly_session"]);
    const session = kept.find((cookie) => cookie.name === "nelly_session");
    expect(kept.find((cookie) => cookie.name === "XSRF-TOKEN")?.expires).toEqual(session?.expires);
    // The public pages echo the cookie they have, never asking the server for one (web/public/lib/api.ts).
    const xsrf = kept.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
    const booked = await app.inject({
      method: "POST",
      url: "/api/reservations",
      headers: {
        cookie: kept.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
        "x-xsrf-token": xsrf,
      },
      payload: bookingPayload(landing, clock.now()),
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it("refuses a cookie-session request on an unsafe method without the header", async () => {
    const owner = await signUp(app);
    const without = await app.inject({ method: "POST", url: "/api/nelly-logout", headers: { cookie: owner.cookie } });
    expect(without.statusCode).toBe(403);
    expect(without.json().message).toMatch(/CSRF/);
    const mismatched = await app.inject({
      method: "POST",
      url: "/api/nelly-logout",
      headers: { ...browser(owner), "x-xsrf-token": "something-else" },
    });
    expect(mismatched.statusCode).toBe(403);
    // The session survived both refusals.
    expect(
      (await app.inject({ method: "GET", url: "/api/session", headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(200);
    const withHeader = await app.inject({ method: "POST", url: "/api/nelly-logout", headers: browser(owner) });
    expect(withHeader.statusCode).toBe(200);
  });

  it("refuses PUT, PATCH and DELETE from a cookie session without the header, changing nothing (issue 14.1)", async () => {
    const owner = await signUp(app);
    const landing = await createPublishableLanding(app, owner);
    const cookieOnly = { cookie: `${owner.cookie}; XSRF-TOKEN=abc` };
    const calls = [
      { method: "PUT", url: `/api/vehicles/${landing.id}/${landing.vehicle.id}`, payload: { name: "Hijacked" } },
      { method: "PATCH", url: "/api/landing/status", payload: { landing_id: landing.id } },
      { method: "DELETE", url: `/api/landing/${landing.id}` },
      { method: "DELETE", url: `/api/vehicle/${landing.vehicle.id}` },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: cookieOnly });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json().message).toMatch(/CSRF/);
    }
    const [row] = await db.select().from(landings).where(eq(landings.id, landing.id));
    expect(row).toMatchObject({ status: "draft", deletedAt: null });
    expect(await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id))).toHaveLength(1);
  });
});

describe("login throttling", () => {
  it("answers 429 after 10 failures for one account, until the window passes", async () => {
    const owner = await signUp(app);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      // From a different address each time: the account's own count is what locks it.
      expect((await login(owner.email, `wrong-${i}`, {}, `198.51.100.${i}`)).statusCode).toBe(422);
    }
    const locked = await login(owner.email, PASSWORD, { "accept-language": "es" }, "198.51.100.200");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe("Demasiados intentos de inicio de sesión. Inténtalo de nuevo en 15 min.");
    expect(locked.headers["retry-after"]).toBe("900");
    clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it("forgets the account's failures after a successful login (issue 14.5)", async () => {
    const owner = await signUp(app);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      expect((await login(owner.email, `wrong-${i}`)).statusCode).toBe(422);
    }
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(owner.email, "wrong-again")).statusCode).toBe(422);
    // Nine earlier failures and one new one would lock the account if the success had not cleared them.
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
  });

  // An attacker's walk: ten wrong passwords from any address kept the owner out for 15 minutes, again
  // and again. A browser the owner signed in from before is judged by its own failures.
  it("lets a browser that signed in before past a stranger's failures, and counts its own", async () => {
    const owner = await signUp(app);
    const first = await login(owner.email, PASSWORD);
    const remembered = first.cookies.find((c) => c.name === "nelly_browser");
    expect(remembered).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/login-nelly" });
    const known = { cookie: `nelly_browser=${remembered?.value}` };
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login(owner.email, `wrong-${i}`)).statusCode).toBe(422);
    }
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(429);
    // Another account's cookie, or one altered, is no browser of this account's.
    const other = await signUp(app);
    const othersCookie = (await login(other.email, PASSWORD)).cookies.find((c) => c.name === "nelly_browser");
    for (const cookie of [`nelly_browser=${othersCookie?.value}`, `${known.cookie}x`, "nelly_browser=a.b"]) {
      expect((await login(owner.email, PASSWORD, { cookie })).statusCode).toBe(429);
    }
    expect((await login(owner.email, PASSWORD, known)).statusCode).toBe(200);
    // Its own wrong guesses still lock it, and the account's count still stands for everyone else.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login(owner.email, `wrong-again-${i}`, known)).statusCode).toBe(422);
    }
    expect((await login(owner.email, PASSWORD, known)).statusCode).toBe(429);
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(429);
  });

  it("answers 429 after 30 failures from one address across accounts", async () => {
    const { app: other } = await createTestApp();
    const owner = await signUp(other);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      const response = await other.inject({
        method: "POST",
        url: "/api/login-nelly",
        remoteAddress: "203.0.113.9",
        payload: { email: uniqueEmail("guess"), password: "whatever-1" },
      });
      expect(response.statusCode).toBe(422);
    }
    const locked = await other.inject({
      method: "POST",
      url: "/api/login-nelly",
      remoteAddress: "203.0.113.9",
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    const elsewhere = await other.inject({
      method: "POST",
      url: "/api/login-nelly",
      remoteAddress: "203.0.113.10",
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
