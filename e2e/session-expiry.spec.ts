import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { fillLogin, newOwner, registerViaApi, signedInOwner, storedSession } from "./support/owners";

// Sessions last one hour (SPEC §4). The page's clock is moved past that; the server keeps real time.
const PAST_EXPIRY_MS = 61 * 60 * 1000;

test("an expired session is caught at the next navigation", async ({ page }) => {
  await page.clock.install();
  await signedInOwner(page, "expired");
  await page.clock.setSystemTime(Date.now() + PAST_EXPIRY_MS);

  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Ayuda" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("NellyUserId"))).toBeNull();
});

test("the session is re-checked every minute while the page stays open", async ({ page }) => {
  await page.clock.install();
  await signedInOwner(page, "interval");

  // Jumping ahead fires the 60-second check once, which finds the session expired.
  await page.clock.fastForward(PAST_EXPIRY_MS);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByText("Tu sesión ha terminado. Inicia sesión de nuevo.")).toBeVisible();
});

test("a tampered expiry in storage is treated as expired", async ({ page }) => {
  await signedInOwner(page, "tampered");
  // Wait for the first server check, whose answer would otherwise restore the real expiry.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName(`${location.origin}/api/session`).length))
    .toBeGreaterThan(0);
  // ...and for React to apply it (effects run after the next paint).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() => localStorage.setItem("nelly.expiresAt", new Date(Date.now() - 60_000).toISOString()));

  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Papelera" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a session the server no longer knows ends with a message", async ({ page, context }) => {
  await signedInOwner(page, "cookieless");
  await context.clearCookies();

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Tu sesión ha terminado. Inicia sesión de nuevo.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("nelly.user"))).toBeNull();
});

// Issue 7, item 9: a warning before the end, signing in again in place, and back to the page after.
const BEFORE_WARNING_MS = 54 * 60 * 1000;
const INTO_WARNING_MS = 56 * 60 * 1000;

test("five minutes before the end a dialog signs the owner in again without leaving the page", async ({ page }) => {
  // A long journey: on a busy machine it needs more than the default 30 s.
  test.slow();
  await page.clock.install();
  const owner = await signedInOwner(page, "renew");
  await page.goto("/user-config");
  await page.getByLabel("Nombre").fill("Texto a medio escribir");
  const before = (await storedSession(page)).expiresAt;

  await page.clock.fastForward(BEFORE_WARNING_MS);
  const dialog = page.getByRole("dialog", { name: "Tu sesión está por terminar" });
  await expect(dialog).toHaveCount(0);

  await page.clock.fastForward(INTO_WARNING_MS - BEFORE_WARNING_MS);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("timer")).toHaveText(/La sesión termina en [34]:\d\d/);
  await expect(dialog).toContainText(owner.email);
  await expectNoSeriousViolations(page, "expiry dialog");

  // A wrong password is said under the field; the dialog stays.
  const password = dialog.getByLabel("Contraseña", { exact: true });
  await expect(password).toBeFocused();
  await password.fill("not-the-password");
  await dialog.getByRole("button", { name: "Seguir conectado" }).click();
  await expect(password).toHaveAccessibleDescription("Estas credenciales no coinciden con nuestros registros.");

  await password.fill(owner.password);
  await dialog.getByRole("button", { name: "Seguir conectado" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Listo: tu sesión sigue abierta una hora más.")).toBeVisible();
  // Same page, same typed text, a later expiry, and the server knows the new session.
  await expect(page).toHaveURL(/\/user-config$/);
  await expect(page.getByLabel("Nombre")).toHaveValue("Texto a medio escribir");
  await expect.poll(async () => (await storedSession(page)).expiresAt).not.toBe(before);
  expect((await page.request.get("/api/session")).status()).toBe(200);

  // The new hour counts from now on this page's clock: no warning 50 minutes later...
  await page.clock.fastForward(50 * 60 * 1000);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/user-config$/);
  // ...and the warning again before its end.
  await page.clock.fastForward(6 * 60 * 1000);
  await expect(dialog).toBeVisible();
});

test("after the session ends, signing in again returns to the page with the unsaved text", async ({ page }) => {
  // A long journey: on a busy machine it needs more than the default 30 s.
  test.slow();
  await page.clock.install();
  const owner = await signedInOwner(page, "return");
  await page.goto("/user-config");
  await page.getByLabel("Nombre").fill("Lo que estaba escribiendo");

  await page.clock.fastForward(INTO_WARNING_MS);
  const dialog = page.getByRole("dialog", { name: "Tu sesión está por terminar" });
  await dialog.getByRole("button", { name: "Ahora no" }).click();
  await expect(dialog).toBeHidden();

  await page.clock.fastForward(5 * 60 * 1000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Tu sesión ha terminado. Inicia sesión de nuevo.")).toBeVisible();

  await fillLogin(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/user-config$/);
  await expect(page.getByLabel("Nombre")).toHaveValue("Lo que estaba escribiendo");
  await expect(page.getByText("Recuperamos los cambios que no habías guardado")).toBeVisible();
});

test("the page asked for while signed out opens after signing in, with its query", async ({ page }) => {
  const owner = newOwner("deep-link");
  await registerViaApi(owner);
  await page.goto("/help?from=mail#help-faq");
  await expect(page).toHaveURL(/\/$/);
  await fillLogin(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/help\?from=mail$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();

  // Only once: the next sign-in goes to the landings.
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  await fillLogin(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/landings$/);
});

test("a return address that is not a page of this site, or another owner's, is ignored", async ({ page }) => {
  // A long journey: on a busy machine it needs more than the default 30 s.
  test.slow();
  const owner = newOwner("unsafe-return");
  const session = await registerViaApi(owner);
  await page.goto("/");
  for (const stored of [
    { path: "//evil.example/landings", userId: null },
    { path: "https://evil.example/", userId: null },
    { path: "/\\evil.example", userId: null },
    { path: "/help", userId: session.user_id + 1 },
  ]) {
    await page.evaluate((value) => sessionStorage.setItem("nelly.returnTo", JSON.stringify(value)), stored);
    await fillLogin(page, owner.email, owner.password);
    await expect(page, JSON.stringify(stored)).toHaveURL(/\/landings$/);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});
