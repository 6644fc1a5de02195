import fs from "node:fs";
import path from "node:path";
import { formatDateTime } from "@domain/date-format";
import { toLocal } from "@domain/rental-time";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { landings, outbox, sessions, users } from "../db/schema";
import { createTestApp } from "../test/app";
import {
  bearer,
  browser,
  createLandingFor,
  jpegWithExif,
  multipart,
  PASSWORD,
  signUp,
  uniqueEmail,
} from "../test/factories";

const { app, db, storage, clock } = await createTestApp();

const update = async (
  owner: { id: number; token: string },
  fields: Parameters<typeof multipart>[0],
  headers: Record<string, string> = {},
) => {
  const body = await multipart(fields);
  return app.inject({
    method: "POST",
    url: `/api/users-update/${owner.id}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(owner as never), ...headers },
  });
};

const storedFile = (url: string) => path.join(storage.root, url.replace(/^\/storage\//, ""));

describe("GET /api/users/{id}", () => {
  it("answers the signed-in owner's profile", async () => {
    const owner = await signUp(app, { name: "Luis" });
    const response = await app.inject({ method: "GET", url: `/api/users/${owner.id}`, headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: owner.id, name: "Luis", email: owner.email });
    expect(response.json()).not.toHaveProperty("passwordHash");
  });

  it("answers 403 for another user's id and 422 for a malformed id", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const response = await app.inject({ method: "GET", url: `/api/users/${other.id}`, headers: bearer(owner) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "You do not have permission to access this resource." });
    const malformed = await app.inject({ method: "GET", url: "/api/users/abc", headers: bearer(owner) });
    expect(malformed.statusCode).toBe(422);
  });
});

describe("POST /api/users-update/{id}", () => {
  it("updates name, email and phone", async () => {
    const owner = await signUp(app);
    const response = await update(
      owner,
      { name: "Rent Santiago", email: `NEW-${owner.email}`, phone: "+1 (809) 555-0101", current_password: PASSWORD },
      { "accept-language": "es" },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: "Usuario actualizado correctamente.",
      user: { name: "Rent Santiago", email: `new-${owner.email}`, phone: "+1 (809) 555-0101" },
      session: null,
    });
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored).toMatchObject({ name: "Rent Santiago", email: `new-${owner.email}` });
  });

  it("refuses a change made from a profile read before another save (two tabs), and changes nothing", async () => {
    const owner = await signUp(app, { name: "Luis" });
    const read = (await app.inject({ method: "GET", url: `/api/users/${owner.id}`, headers: bearer(owner) })).json();
    clock.advance(1_000);
    // Tab 1 renames the owner; tab 2, read before that, then saves a phone with the old name.
    const first = await update(owner, { name: "Luis Peña", email: owner.email, updated_at: read.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.updated_at).not.toBe(read.updated_at);
    const second = await update(
      owner,
      { name: "Luis", email: owner.email, phone: "809 555 0101", updated_at: read.updated_at },
      { "accept-language": "es" },
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Tu perfil se guardó en otra pestaña mientras lo editabas\./);
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored).toMatchObject({ name: "Luis Peña", phone: null });
    // Read again, the same change saves.
    const fresh = first.json().user.updated_at;
    const third = await update(owner, {
      name: "Luis Peña",
      email: owner.email,
      phone: "809 555 0101",
      updated_at: fresh,
    });
    expect(third.statusCode, third.body).toBe(200);
  });

  it("answers 403 for another user's id and changes nothing", async () => {
    const owner = await signUp(app);
    const other = await signUp(app, { name: "Victim" });
    const body = await multipart({ name: "Hacked", email: other.email });
    const response = await app.inject({
      method: "POST",
      url: `/api/users-update/${other.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    expect(response.statusCode).toBe(403);
    const [stored] = await db.select().from(users).where(eq(users.id, other.id));
    expect(stored?.name).toBe("Victim");
  });

  it("answers 422 per field and changes nothing", async () => {
    const owner = await signUp(app, { name: "Before" });
    const taken = await signUp(app);
    const response = await update(owner, { name: "After", email: taken.email, phone: "call me maybe" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      phone: [
        "Enter the phone number with only digits, spaces, dashes, parentheses and dots, and + only at the start.",
      ],
    });
    const emailTaken = await update(owner, { name: "After", email: taken.email, current_password: PASSWORD });
    expect(emailTaken.json().errors).toEqual({ email: ["An account with this email already exists."] });
    const shortPassword = await update(owner, {
      name: "After",
      email: owner.email,
      password: "short",
      password_confirmation: "short",
    });
    expect(shortPassword.json().errors).toEqual({ password: ["The password must be at least 8 characters."] });
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored?.name).toBe("Before");
  });

  it("re-encodes an avatar to a 256 px WebP without metadata, and removes the replaced one", async () => {
    const owner = await signUp(app);
    const jpeg = await jpegWithExif();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const first = await update(owner, {
      name: "A",
      email: owner.email,
      avatar: { data: jpeg, filename: "me.jpg", type: "image/jpeg" },
    });
    expect(first.statusCode).toBe(200);
    const avatarUrl: string = first.json().user.avatar;
    expect(avatarUrl).toMatch(/^\/storage\/avatars\/[\w-]+\.webp$/);
    const stored = fs.readFileSync(storedFile(avatarUrl));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("secret-camera-owner"))).toBe(false);

    const served = await app.inject({ method: "GET", url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toContain("immutable");

    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#0af" } })
      .png()
      .toBuffer();
    const second = await update(owner, {
      name: "A",
      email: owner.email,
      avatar: { data: png, filename: "new.png", type: "image/png" },
    });
    expect(second.statusCode).toBe(200);
    expect(fs.existsSync(storedFile(avatarUrl))).toBe(false);
    expect(fs.existsSync(storedFile(second.json().user.avatar))).toBe(true);
  });

  it("removes the avatar and its file on request", async () => {
    const owner = await signUp(app);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#f00" } })
      .png()
      .toBuffer();
    const withAvatar = await update(owner, {
      name: "A",
      email: owner.email,
      avatar: { data: png, filename: "a.png", type: "image/png" },
    });
    const avatarUrl: string = withAvatar.json().user.avatar;
    const removed = await update(owner, { name: "A", email: owner.email, remove_avatar: "1" });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatar).toBeNull();
    expect(fs.existsSync(storedFile(avatarUrl))).toBe(false);
  });

  it("refuses a non-image and a renamed executable, keeping the old avatar", async () => {
    const owner = await signUp(app);
    const avatars = () =>
      fs.existsSync(path.join(storage.root, "avatars")) ? fs.readdirSync(path.join(storage.root, "avatars")) : [];
    const before = avatars();
    const text = Buffer.from("just some text, not a picture");
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 1)]);
    for (const avatar of [
      { data: text, filename: "notes.png", type: "image/png" },
      { data: elf, filename: "photo.jpg", type: "image/jpeg" },
    ]) {
      const response = await update(owner, { name: "A", email: owner.email, avatar }, { "accept-language": "es" });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        avatar: ["El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF)."],
      });
    }
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored?.avatar).toBeNull();
    // Nothing was written: stored names are random, so the folder is compared whole (a check for
    // the owner's id in the names failed when a random name held its digits).
    expect(avatars()).toEqual(before);
  });

  it("refuses an avatar over 5 MB with 422", async () => {
    const owner = await signUp(app);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 0xff);
    const response = await update(owner, {
      name: "A",
      email: owner.email,
      avatar: { data: huge, filename: "big.jpg", type: "image/jpeg" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ avatar: ["The image is too large (at most 5 MB)."] });
  });

  it("ends every session on a password change and opens a new one for the caller", async () => {
    const owner = await signUp(app);
    const otherDevice = (
      await app.inject({ method: "POST", url: "/api/login-nelly", payload: { email: owner.email, password: PASSWORD } })
    ).json().token as string;
    const response = await update(owner, {
      name: "A",
      email: owner.email,
      password: "brand-new-pass-1",
      password_confirmation: "brand-new-pass-1",
      current_password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().session.token as string;
    const check = (token: string) =>
      app.inject({ method: "GET", url: "/api/session", headers: { authorization: `Bearer ${token}` } });
    expect((await check(owner.token)).statusCode).toBe(401);
    expect((await check(otherDevice)).statusCode).toBe(401);
    expect((await check(fresh)).statusCode).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(1);
    const relogin = await app.inject({
      method: "POST",
      url: "/api/login-nelly",
      payload: { email: owner.email, password: "brand-new-pass-1" },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it("works from a browser session with the CSRF pair", async () => {
    const owner = await signUp(app);
    const body = await multipart({ name: "From browser", email: owner.email });
    const response = await app.inject({
      method: "POST",
      url: `/api/users-update/${owner.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...browser(owner) },
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored?.name).toBe("From browser");
  });
});

describe("changing the password or the email needs the current password (issue 7.13)", () => {
  it("answers 422 under current_password when it is missing or wrong, and changes nothing", async () => {
    const owner = await signUp(app, { name: "Ana" });
    const missing = await update(
      owner,
      { name: "Ana", email: owner.email, password: "stolen-session-1", password_confirmation: "stolen-session-1" },
      { "accept-language": "es" },
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ["Este campo es obligatorio."] });
    const wrong = await update(
      owner,
      { name: "Ana", email: `thief-${owner.email}`, current_password: "not-the-password" },
      { "accept-language": "es" },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ["La contraseña actual no es correcta."] });
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored?.email).toBe(owner.email);
    const login = await app.inject({
      method: "POST",
      url: "/api/login-nelly",
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it("needs nothing more for a name, phone or avatar change", async () => {
    const owner = await signUp(app);
    const response = await update(owner, {
      name: "Nuevo nombre",
      email: owner.email.toUpperCase(),
      phone: "809 555 0101",
    });
    expect(response.statusCode).toBe(200);
  });

  it("is not locked by a stranger's failures at the sign-in", async () => {
    const owner = await signUp(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await app.inject({
        method: "POST",
        url: "/api/login-nelly",
        remoteAddress: `192.0.2.${attempt + 1}`,
        payload: { email: owner.email, password: `guess-${attempt}` },
      });
      expect(failed.statusCode).toBe(422);
    }
    // A new email asks for the current password, as a new password does.
    const newEmail = `still-${owner.email}`;
    const response = await update(owner, { name: "Still mine", email: newEmail, current_password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored?.email).toBe(newEmail);
  });

  it("keeps a browser known to the account through a change of its email", async () => {
    const owner = await signUp(app);
    const signIn = (email: string, password: string, headers: Record<string, string> = {}, at = "192.0.2.50") =>
      app.inject({ method: "POST", url: "/api/login-nelly", remoteAddress: at, headers, payload: { email, password } });
    const cookie = (await signIn(owner.email, PASSWORD)).cookies.find((c) => c.name === "nelly_browser");
    const newEmail = `moved-${owner.email}`;
    expect((await update(owner, { name: "Ana", email: newEmail, current_password: PASSWORD })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(newEmail, `guess-${attempt}`, {}, `192.0.2.${60 + attempt}`)).statusCode).toBe(422);
    }
    expect((await signIn(newEmail, PASSWORD)).statusCode).toBe(429);
    expect((await signIn(newEmail, PASSWORD, { cookie: `nelly_browser=${cookie?.value}` })).statusCode).toBe(200);
  });

  it("locks out guessing after the login's limit of failures", async () => {
    const owner = await signUp(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      await update(owner, {
        name: "A",
        email: owner.email,
        password: "guess-1234",
        password_confirmation: "guess-1234",
        current_password: `guess-${attempt}`,
      });
    }
    const locked = await update(owner, {
      name: "A",
      email: owner.email,
      password: "guess-1234",
      password_confirmation: "guess-1234",
      current_password: PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^\S.* \d+ \S+\.$/);
    expect(locked.json().message).not.toContain("{{");
    const [stored] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(stored?.name).not.toBe("A");
  });
});

/**
 * Whoever took a session and knew the password could change the account's sign-in email or its
 * password unheard. Each change now queues a notice, in the outbox with the change itself, to the
 * address the account had before it, in the owner's language; a refused change queues nothing.
 */
describe("a changed sign-in email or password is told to the account's address", () => {
  const mailsTo = (email: string) =>
    db.select().from(outbox).where(eq(outbox.recipient, email.toLowerCase())).orderBy(outbox.id);
  const setLanguage = (owner: { id: number; token: string }, language: "es" | "en") =>
    app.inject({
      method: "PUT",
      url: `/api/users/${owner.id}/language`,
      payload: { language },
      headers: bearer(owner as never),
    });
  const NEW_PASSWORD = "brand-new-pass-1";
  /** "05-03-2027 2:05 PM" (es) or "Mar 5, 2027 2:05 PM" (en), as the dashboard shows a date and time. */
  const atUtc = (at: Date, language: "es" | "en") =>
    formatDateTime(at.toISOString().slice(0, 10), at.toISOString().slice(11, 16), language);
  /** Ana's password changed from the settings, her email as it was. */
  const changePassword = (owner: Awaited<ReturnType<typeof signUp>>) =>
    update(owner, {
      name: "Ana",
      email: owner.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      current_password: PASSWORD,
    });
  const expectNoSecrets = (mail: { subject: string; html: string; text: string } | undefined, ...secrets: string[]) => {
    for (const secret of [PASSWORD, NEW_PASSWORD, ...secrets]) {
      expect(`${mail?.subject}${mail?.html}${mail?.text}`).not.toContain(secret);
    }
  };

  it("tells a Spanish owner's previous address, in Spanish, the new address and when, and nothing to the new one", async () => {
    const owner = await signUp(app, { name: "Ana" });
    const newEmail = uniqueEmail("o'brien");
    const response = await update(owner, { name: "Ana", email: newEmail, current_password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);

    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ kind: "account.email-changed", subject: "Cambió el correo de tu cuenta de Nelly" });
    expect(mail?.text).toContain("Hola Ana:");
    expect(mail?.text).toContain(`La dirección nueva es:\n${newEmail}`);
    expect(mail?.text).toContain(`Cuándo: ${atUtc(clock.now(), "es")} (UTC)`);
    expect(mail?.html).toContain(newEmail.replace("'", "&#39;"));
    expect(mail?.html).not.toContain(newEmail);
    expect(mail?.html).toContain('<html lang="es">');
    expectNoSecrets(mail, owner.token, response.json().session?.token ?? owner.token);
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it("writes it in English for an English owner", async () => {
    const owner = await signUp(app, { name: "Ann" });
    expect((await setLanguage(owner, "en")).statusCode).toBe(200);
    const newEmail = uniqueEmail("moved");
    const response = await update(owner, { name: "Ann", email: newEmail, current_password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);

    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: "account.email-changed",
      subject: "The email of your Nelly account changed",
    });
    expect(mails[0]?.text).toContain(`The new address is:\n${newEmail}`);
    expect(mails[0]?.text).toContain(`When: ${atUtc(clock.now(), "en")} (UTC)`);
    expect(mails[0]?.html).toContain('<html lang="en">');
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it("says when on the clock of the owner's landing, once they have one", async () => {
    const owner = await signUp(app, { name: "Ana" });
    const landing = await createLandingFor(app, owner);
    await db.update(landings).set({ timeZone: "Asia/Tokyo" }).where(eq(landings.id, landing.id));
    const response = await changePassword(owner);
    expect(response.statusCode, response.body).toBe(200);
    const local = toLocal(clock.now(), "Asia/Tokyo");
    const [mail] = await mailsTo(owner.email);
    expect(mail?.text).toContain(`Cuándo: ${formatDateTime(local.date, local.time, "es")} (hora de Tokyo)`);
  });

  it("tells the account's address that its password changed, once, without the password", async () => {
    const owner = await signUp(app, { name: "Ana" });
    const response = await changePassword(owner);
    expect(response.statusCode, response.body).toBe(200);

    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      kind: "account.password-changed",
      subject: "Cambió la contraseña de tu cuenta de Nelly",
    });
    expect(mail?.text).toContain("se cambió desde Configuración de usuario.");
    expect(mail?.text).toContain("Se cerraron las sesiones abiertas en otros dispositivos.");
    expect(mail?.text).toMatch(/Recuperar contraseña: http:\/\/localhost:\d+\/forgot-password$/m);
    expectNoSecrets(mail, owner.token, response.json().session.token);
  });

  // A walk's finding: renamed in the same save, the notice still greeted the name before it.
  it("greets the owner by the name saved with the new password", async () => {
    const owner = await signUp(app, { name: "Ana" });
    const response = await update(owner, {
      name: "Ana Lucía Pérez",
      email: owner.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      current_password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsTo(owner.email);
    expect(mail?.text.split("\n")[0]).toBe("Hola Ana Lucía Pérez:");
  });

  it("tells only the previous address when the email and the password change in one save", async () => {
    const owner = await signUp(app);
    const newEmail = uniqueEmail("both");
    const response = await update(owner, {
      name: "A",
      email: newEmail,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      current_password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["account.email-changed"]);
    expect(mails[0]?.text).toContain("En el mismo cambio se eligió una contraseña nueva");
    expectNoSecrets(mails[0], response.json().session.token);
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it("queues nothing for a refused change (wrong current password, taken email, bad field) or a name change, one once accepted", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const thief = uniqueEmail("thief");
    const refused = [
      await update(owner, { name: "A", email: thief, current_password: "not-the-password" }),
      await update(owner, {
        name: "A",
        email: owner.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        current_password: "not-the-password",
      }),
      await update(owner, { name: "A", email: other.email, current_password: PASSWORD }),
      await update(owner, { name: "A", email: thief, phone: "x", current_password: PASSWORD }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([422, 422, 422, 422]);
    expect((await update(owner, { name: "Renamed", email: owner.email, phone: "809 555 0101" })).statusCode).toBe(200);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await mailsTo(thief)).toEqual([]);
    expect(await mailsTo(other.email)).toEqual([]);
    // The same change, accepted, is told once: the refusals above left nothing behind to be sent later.
    expect((await update(owner, { name: "A", email: thief, current_password: PASSWORD })).statusCode).toBe(200);
    expect((await mailsTo(owner.email)).map((mail) => mail.kind)).toEqual(["account.email-changed"]);
  });
});
