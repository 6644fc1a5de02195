import { expect, test } from "@playwright/test";
import { signedInOwner } from "./support/owners";

const pastIso = () => new Date(Date.now() - 60_000).toISOString();

test("an expired stored session is caught at the next navigation", async ({ page }) => {
  await signedInOwner(page, "expired");
  await page.evaluate((past) => localStorage.setItem("nelly.expiresAt", past), pastIso());

  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Ayuda" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("NellyUserId"))).toBeNull();
});

test("a session the server no longer knows ends with a message", async ({ page, context }) => {
  await signedInOwner(page, "cookieless");
  await context.clearCookies();

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Tu sesión ha terminado. Inicia sesión de nuevo.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("nelly.user"))).toBeNull();
});

test("the session is re-checked every minute while the page stays open", async ({ page }) => {
  await page.clock.install();
  await signedInOwner(page, "interval");
  await page.evaluate((past) => localStorage.setItem("nelly.expiresAt", past), pastIso());

  // Nothing happens until the 60-second check runs.
  await expect(page.getByRole("heading", { level: 1, name: "Landings" })).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
});
