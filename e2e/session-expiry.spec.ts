import { expect, test } from "@playwright/test";
import { signedInOwner } from "./support/owners";

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
