import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { toast } from "./support/fleet";
import { fillLogin, newOwner, registerViaApi } from "./support/owners";
import { emailedResetLink } from "./support/password-reset";
import { test } from "./support/test";

// Issue 25.20: after the ten-failure lockout there was no way back in. "¿Olvidaste tu contraseña?"
// sends a link by email (the same answer whatever the email), the link chooses a new password once,
// signs the owner in and signs every other session out.

const NEW_PASSWORD = "otra-clave-segura-9";

async function askForLink(page: Page, email: string) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Revisa tu correo" })).toBeFocused();
}

test("an owner who forgot the password gets a link by email, chooses a new one and is signed in", async ({
  page,
  browser,
}) => {
  test.slow();
  const owner = newOwner("forgot");
  await registerViaApi(owner);
  // Signed in on another device, which the new password signs out.
  const laptop = await browser.newContext();
  const laptopLogin = await laptop.request.post("/api/login-nelly", {
    data: { email: owner.email, password: owner.password },
  });
  expect(laptopLogin.status()).toBe(200);

  await page.goto("/");
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "¿Olvidaste tu contraseña?" })).toBeVisible();
  await expectNoSeriousViolations(page, "forgot password");

  // An email without an account gets exactly the same answer.
  await askForLink(page, "nadie-tiene-esta-cuenta@e2e.example");
  const answer = await page.getByRole("main").textContent();
  expect(answer).toContain("Si hay una cuenta con ese correo, te enviamos un enlace");
  await page.getByRole("button", { name: "Enviar otro enlace" }).click();
  await askForLink(page, owner.email);
  expect((await page.getByRole("main").textContent())?.replace(owner.email, "")).toBe(
    answer?.replace("nadie-tiene-esta-cuenta@e2e.example", ""),
  );
  await expectNoSeriousViolations(page, "link sent");

  // The link opens the page, which takes the token out of the address bar.
  const link = await emailedResetLink(owner.email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Elige una contraseña nueva" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(owner.email);
  await expectNoSeriousViolations(page, "reset password");

  await page.getByLabel("Contraseña nueva", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("no-coincide-1");
  await page.getByRole("button", { name: "Guardar y entrar" }).click();
  await expect(page.getByLabel("Confirmar contraseña", { exact: true })).toHaveAccessibleDescription(
    "Las contraseñas no coinciden.",
  );
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Guardar y entrar" }).click();
  await expect(page).toHaveURL(/\/landings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Landings" })).toBeVisible();
  await expect(toast(page, "Listo: tu contraseña cambió y ya estás dentro.")).toBeVisible();

  // The other device is signed out; the old password no longer works, the new one does.
  expect((await laptop.request.get("/api/session")).status()).toBe(401);
  await laptop.close();
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await fillLogin(page, owner.email, owner.password);
  await expect(page.getByText("Estas credenciales no coinciden con nuestros registros.").first()).toBeVisible();
  await fillLogin(page, owner.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/landings$/);

  // The link worked once.
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace ya no sirve" })).toBeFocused();
  await expect(page.getByRole("main")).toContainText("Los enlaces valen una hora y sirven una sola vez.");
  await page.getByRole("link", { name: "Pedir un enlace nuevo" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a link asked for in English is an English email that opens the page in English", async ({ page }) => {
  const owner = newOwner("forgot-en");
  await registerViaApi(owner);
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "English" }).click();
  await page.getByLabel("Email").fill(owner.email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();

  const link = await emailedResetLink(owner.email);
  expect(link).toMatch(/&lang=en$/);
  // A phone that has never opened Nelly shows the page in the language of the link.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save and sign in" }).click();
  await expect(page).toHaveURL(/\/landings$/);
});
