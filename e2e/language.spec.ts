import { expect, test } from "@playwright/test";
import { newOwner, registerViaApi } from "./support/owners";

test("the dashboard starts in Spanish and remembers a switch to English", async ({ page }) => {
  const owner = newOwner("language");
  await registerViaApi(owner);

  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page).toHaveTitle("Sign in | Nelly");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("nelly.lang"))).toBe("en");

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  // The server answers in the dashboard's language too (Accept-Language).
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("These credentials do not match our records.");

  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/landings$/);
  await expect(page.getByRole("link", { name: "Reservations" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  // Back to Spanish from the shell.
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("link", { name: "Reservaciones" })).toBeVisible();
  await expect(page).toHaveTitle("Landings | Nelly");
  await page.reload();
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
});

test("client-side validation messages follow the language", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "English" }).click();
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    /The password must be at least 8 characters\./,
  );
});
