import { expect } from "@playwright/test";
import { createLandingViaApi } from "./support/landings";
import { doubleTheText, setTextSize } from "./support/layout";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("on a phone the sidebar opens as a drawer and closes after navigating", async ({ page }) => {
  const owner = await signedInOwner(page, "mobile");
  // The desktop rail is hidden; a top bar carries the menu button.
  await expect(page.getByRole("complementary")).toBeHidden();
  const menuButton = page.getByRole("button", { name: "Abrir menú" });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");

  await menuButton.click();
  const drawer = page.getByRole("dialog", { name: "Menú" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Landings", exact: true })).toHaveAttribute("aria-current", "page");
  // It opens on where the owner is, not on the first control in it.
  await expect(drawer.getByRole("link", { name: "Landings", exact: true })).toBeFocused();

  await drawer.getByRole("link", { name: "Ayuda" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();

  // Escape closes it and focus returns to the menu button.
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Ayuda" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Nothing overflows sideways at phone width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A landing's own page is in Landings: the menu marks that link and opens on it.
  const landing = await createLandingViaApi(page, owner.id);
  await page.goto(`/view-landing/${landing.id}`);
  await expect(page.getByRole("heading", { level: 1, name: landing.display_name })).toBeVisible();
  await menuButton.click();
  await expect(drawer.getByRole("link", { name: "Landings", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(drawer.getByRole("link", { name: "Landings", exact: true })).toBeFocused();
  await expect(drawer.locator('[aria-current="page"]')).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await menuButton.click();
  await drawer.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saliendo..." })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("the phone top bar's avatar opens the user settings", async ({ page }) => {
  await signedInOwner(page, "mobile-avatar");
  await page
    .getByRole("banner")
    .getByRole("link", { name: /configuración de usuario/ })
    .click();
  await expect(page).toHaveURL(/\/user-config$/);
  await expect(page.getByRole("heading", { level: 1, name: "Configuración de usuario" })).toBeVisible();
});

// At 200 % text on a 320 px phone the wordmark pushed the account's button off the screen.
test("at 200 % text on a 320 px phone the top bar keeps its three controls on screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await doubleTheText(page);
  const owner = await signedInOwner(page, "mobile-large-text");
  const bar = page.getByRole("banner");
  for (const control of [
    bar.getByRole("button", { name: "Abrir menú" }),
    bar.getByRole("link", { name: "Nelly: ir a Landings" }),
    bar.getByRole("link", { name: `${owner.name}: configuración de usuario` }),
  ]) {
    const box = await control.boundingBox();
    expect(box, "on screen").not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
  }
  // The word comes back where there is room for it.
  await expect(bar.getByText("Nelly", { exact: true })).toBeHidden();
  await setTextSize(page, 1);
  await expect(bar.getByText("Nelly", { exact: true })).toBeVisible();
});
