import { expect } from "@playwright/test";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

const PROTECTED = [
  "/landings",
  "/reservation",
  "/user-config",
  "/help",
  "/history",
  "/view-landing/1",
  "/landings/nope",
];

test("a signed-out visitor is sent to the login page from every owner route", async ({ page }) => {
  for (const path of PROTECTED) {
    await page.goto(path);
    await expect(page, `${path} should redirect`).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  }
});

test("a signed-in owner is sent from login and sign-up to the landings", async ({ page }) => {
  await signedInOwner(page, "guard", { open: false });
  for (const path of ["/", "/register"]) {
    await page.goto(path);
    await expect(page, `${path} should redirect`).toHaveURL(/\/landings$/);
  }
});

test("account recovery opens whether or not someone is signed in (an emailed link may land anywhere)", async ({
  page,
}) => {
  await signedInOwner(page, "guard-recovery", { open: false });
  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "¿Olvidaste tu contraseña?" })).toBeVisible();
  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace ya no sirve" })).toBeVisible();
});
