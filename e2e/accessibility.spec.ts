import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signedInOwner } from "./support/owners";

test("login and sign-up, with and without errors, have no serious accessibility problems", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Este campo es obligatorio.").first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/register");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("Este campo es obligatorio.").first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the shell, settings and help have no serious accessibility problems", async ({ page }) => {
  await signedInOwner(page, "a11y");
  await expectNoSeriousViolations(page);

  await page.goto("/user-config");
  await expect(page.getByLabel("Nombre")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/help");
  await page.getByText("¿Cómo se calcula el precio de una reserva?").click();
  await expectNoSeriousViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the open drawer has no serious accessibility problems", async ({ page }) => {
    await signedInOwner(page, "a11y-phone");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
