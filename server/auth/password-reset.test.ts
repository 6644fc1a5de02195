import { createHash } from "node:crypto";
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  PASSWORD_RESET_EMAILS_PER_ACCOUNT,
  PASSWORD_RESET_REQUESTS_PER_ADDRESS,
  PASSWORD_RESET_TTL_MS,
} from "@domain/limits";
import { translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, passwordResets, sessions } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, type Owner, PASSWORD, signIn, signUp, uniqueEmail } from "../test/factories";

/**
 * Issue 25.20: after the lockout there was no way back in. An owner asks for a link by email; the
 * answer never tells whether the email has an account; the link works once, for an hour; using it
 * sets the password, ends every session, lifts the lockout and signs the owner in.
 */
const { app, clock, db } = await createTestApp({ PUBLIC_BASE_URL: "https://nelly.example" });

const NEW_PASSWORD = "a-brand-new-secret-7";
let lastAddress = 0;
/** Each call from its own address unless told, so the address limit is only met where tested. */
const nextAddress = () => `198.19.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

function forgot(email: string, language = "es", remoteAddress = nextAddress()) {
  return app.inject({
    method: "POST",
    url: "/api/forgot-password",
    payload: { email },
    headers: { "accept-language": language },
    remoteAddress,
  });
}

const check = (token: string, language = "es") =>
  app.inject({
    method: "POST",
    url: "/api/reset-password/check",
    payload: { token },
    headers: { "accept-language": language },
  });

const reset = (token: string, password = NEW_PASSWORD, language = "es") =>
  app.inject({
    method: "POST",
    url: "/api/reset-password",
    payload: { token, password, password_confirmation: password },
    headers: { "accept-language": language },
  });

const login = (email: string, password: string) =>
  app.inject({ method: "POST", url: "/api/login-nelly", payload: { email, password }, remoteAddress: nextAddress() });

const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);

/** The token of the last link emailed to `email`, once the work after the answer is done. */
async function emailedToken(email: string) {
  await app.afterReply.settled();
  const mails = await mailsTo(email);
  const link = mails.at(-1)?.text.match(/https:\/\/nelly\.example\/reset-password\?t=([\w-]+)&lang=(es|en)/);
  expect(link, `a link in the email to ${email}`).toBeTruthy();
  return link?.[1] ?? "";
}

const sessionStatus = async (owner: Owner) =>
  (await app.inject({ method: "GET", url: "/api/session", headers: bearer(owner) })).statusCode;

describe("asking for a link (issue 25.20)", () => {
  it("answers the same whether or not the email has an account, and emails only the account", async () => {
    const owner = await signUp(app);
    const nobody = uniqueEmail("nobody");
    const linksBefore = (await db.select().from(passwordResets)).length;

    const known = await forgot(owner.email.toUpperCase());
    const unknown = await forgot(nobody);
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: translate("es", "passwordResetSent") });
      expect(response.cookies).toEqual([]);
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

    const token = await emailedToken(owner.email);
    expect(await mailsTo(nobody)).toEqual([]);
    const [mail] = await mailsTo(owner.email);
    expect(mail).toMatchObject({ kind: "account.password-reset", subject: "Elige una contraseña nueva para Nelly" });
    expect(mail?.text).toContain("El enlace vale 60 minutos y sirve una sola vez.");
    expect(mail?.html).toContain(`href="https://nelly.example/reset-password?t=${token}&#38;lang=es"`);
    // One link stored, by the SHA-256 of its token only, for an hour.
    const links = await db.select().from(passwordResets);
    expect(links).toHaveLength(linksBefore + 1);
    const [stored] = await db.select().from(passwordResets).where(eq(passwordResets.userId, owner.id));
    expect(stored?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(links)).not.toContain(token);
    expect((stored?.expiresAt.getTime() ?? 0) - clock.now().getTime()).toBe(PASSWORD_RESET_TTL_MS);
  });

  it("writes the email in the language the owner asked in", async () => {
    const owner = await signUp(app);
    expect((await forgot(owner.email, "en")).json()).toEqual({ message: translate("en", "passwordResetSent") });
    const token = await emailedToken(owner.email);
    const [mail] = await mailsTo(owner.email);
    expect(mail?.subject).toBe("Choose a new password for Nelly");
    expect(mail?.text).toContain(`https://nelly.example/reset-password?t=${token}&lang=en`);
  });

  it("refuses a malformed email under its field, in the caller's language", async () => {
    const response = await forgot("ana@", "es");
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ["Introduce un correo electrónico válido."] });
  });

  it("lets one address ask a few times an hour, for any email alike", async () => {
    const owner = await signUp(app);
    const address = "203.0.113.77";
    for (let call = 0; call < PASSWORD_RESET_REQUESTS_PER_ADDRESS; call++) {
      expect((await forgot(call % 2 ? owner.email : uniqueEmail("guess"), "es", address)).statusCode).toBe(202);
    }
    for (const email of [owner.email, uniqueEmail("guess")]) {
      const refused = await forgot(email, "en", address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^Too many links were requested from this connection\. Try again in \d+ min\.$/,
      );
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect((await forgot(owner.email, "es", "203.0.113.78")).statusCode).toBe(202);
    clock.advance(60 * 60 * 1000);
    expect((await forgot(owner.email, "es", address)).statusCode).toBe(202);
    await app.afterReply.settled();
  });

  it("sends one account a few emails an hour at most, answering the same beyond that", async () => {
    const owner = await signUp(app);
    for (let call = 0; call < PASSWORD_RESET_EMAILS_PER_ACCOUNT + 2; call++) {
      const response = await forgot(owner.email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: translate("es", "passwordResetSent") });
    }
    await app.afterReply.settled();
    expect(await mailsTo(owner.email)).toHaveLength(PASSWORD_RESET_EMAILS_PER_ACCOUNT);
  });
});

describe("using a link (issue 25.20)", () => {
  it("sets the new password, ends every session, signs this browser in, and works only once", async () => {
    const owner = await signUp(app);
    const laptop = await signIn(app, owner);
    await forgot(owner.email);
    const token = await emailedToken(owner.email);

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: owner.email });

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ user_id: owner.id, user: { email: owner.email } });
    const cookie = done.cookies.find((c) => c.name === "nelly_session");
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: "Lax" });

    // Whoever was signed in before (maybe whoever knew the old password) is out; this browser is in.
    expect(await sessionStatus(owner)).toBe(401);
    expect(await sessionStatus(laptop)).toBe(401);
    expect(await sessionStatus({ ...owner, token: body.token })).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(1);
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(422);
    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);

    // Once used, the link is gone: checking or using it again is refused, and changes nothing.
    const again = await reset(token, "yet-another-secret-1");
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: translate("es", "resetLinkInvalid"),
      errors: { token: [translate("es", "resetLinkInvalid")] },
    });
    expect((await check(token, "en")).json().errors).toEqual({ token: [translate("en", "resetLinkInvalid")] });
    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("stops working after an hour", async () => {
    const owner = await signUp(app);
    await forgot(owner.email);
    const token = await emailedToken(owner.email);
    clock.advance(PASSWORD_RESET_TTL_MS - 1000);
    expect((await check(token)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await check(token)).statusCode).toBe(422);
    expect((await reset(token)).statusCode).toBe(422);
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it("lifts the lockout of ten failed sign-ins", async () => {
    const owner = await signUp(app);
    for (let failure = 0; failure < LOGIN_MAX_FAILURES_PER_ACCOUNT; failure++) {
      expect((await login(owner.email, `wrong-${failure}`)).statusCode).toBe(422);
    }
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(429);
    await forgot(owner.email);
    expect((await reset(await emailedToken(owner.email))).statusCode).toBe(200);
    expect((await login(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("ends the account's other links once one is used", async () => {
    const owner = await signUp(app);
    await forgot(owner.email);
    const first = await emailedToken(owner.email);
    await forgot(owner.email);
    const second = await emailedToken(owner.email);
    expect(second).not.toBe(first);
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, "another-secret-22")).statusCode).toBe(422);
    expect(await db.select().from(passwordResets).where(eq(passwordResets.userId, owner.id))).toEqual([]);
  });

  it("refuses a made-up token and a weak or mismatched password, changing nothing", async () => {
    const owner = await signUp(app);
    await forgot(owner.email);
    const token = await emailedToken(owner.email);
    expect((await reset("made-up-token")).json().errors).toEqual({ token: [translate("es", "resetLinkInvalid")] });
    expect((await reset("<script>")).json().errors).toEqual({ token: [translate("es", "resetLinkInvalid")] });
    expect((await reset(token, "short")).json().errors).toEqual({ password: [translate("es", "passwordMin")] });
    const mismatch = await app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: NEW_PASSWORD, password_confirmation: "something-else-1" },
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: [translate("en", "passwordMismatch")] });
    // The link still works: a refused try does not use it up.
    expect((await check(token)).statusCode).toBe(200);
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe("the notice that a link changed the password", () => {
  const notices = async (email: string) =>
    (await mailsTo(email)).filter((mail) => mail.kind === "account.password-changed");

  it("tells the account's address, in the owner's language, once the link is used, with neither password nor token", async () => {
    const owner = await signUp(app, { name: "Ana" });
    await forgot(owner.email, "en");
    const token = await emailedToken(owner.email);
    expect(await notices(owner.email)).toEqual([]);

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    const sent = await notices(owner.email);
    expect(sent).toHaveLength(1);
    // The link was asked for in English; the owner's own language (Spanish, the sign-up's default) wins.
    const [notice] = sent;
    expect(notice?.subject).toBe("Cambió la contraseña de tu cuenta de Nelly");
    expect(notice?.text).toContain(`La contraseña de tu cuenta de Nelly (${owner.email}) se cambió con un enlace`);
    expect(notice?.text).toContain("Recuperar contraseña: https://nelly.example/forgot-password");
    for (const secret of [token, NEW_PASSWORD, PASSWORD, done.json().token]) {
      expect(`${notice?.subject}${notice?.html}${notice?.text}`).not.toContain(secret);
    }
  });

  it("is written in English for an English owner", async () => {
    const owner = await signUp(app, { name: "Ann" });
    const language = await app.inject({
      method: "PUT",
      url: `/api/users/${owner.id}/language`,
      payload: { language: "en" },
      headers: bearer(owner),
    });
    expect(language.statusCode).toBe(200);
    await forgot(owner.email, "es");
    expect((await reset(await emailedToken(owner.email))).statusCode).toBe(200);
    const sent = await notices(owner.email);
    expect(sent.map((mail) => mail.subject)).toEqual(["The password of your Nelly account changed"]);
    expect(sent[0]?.text).toContain("was changed with a recovery link sent to this address.");
  });

  it("is not sent when the link or the new password is refused, and once when it is used", async () => {
    const owner = await signUp(app);
    await forgot(owner.email);
    const token = await emailedToken(owner.email);
    expect((await reset("made-up-token")).statusCode).toBe(422);
    expect((await reset(token, "short")).statusCode).toBe(422);
    expect(await notices(owner.email)).toEqual([]);
    // The same link, used with a good password, is told once: the refusals above left nothing queued.
    expect((await reset(token)).statusCode).toBe(200);
    expect(await notices(owner.email)).toHaveLength(1);
  });
});
