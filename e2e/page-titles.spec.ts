import { expect } from "@playwright/test";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

test("signed-out pages have their titles", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Iniciar sesión | Nelly");
  await page.getByRole("link", { name: "Crear cuenta" }).click();
  await expect(page).toHaveTitle("Crear cuenta | Nelly");
  await page.goto("/");
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page).toHaveTitle("Recuperar contraseña | Nelly");
  await page.goto("/reset-password");
  await expect(page).toHaveTitle("Nueva contraseña | Nelly");
});

test("every owner page sets its title, following the sidebar", async ({ page }) => {
  await signedInOwner(page, "titles");
  await expect(page).toHaveTitle("Landings | Nelly");

  const sidebar = page.getByRole("navigation", { name: "Navegación principal" });
  const pages = [
    ["Reservaciones", /\/reservation$/, "Reservaciones | Nelly"],
    ["Clientes", /\/customers$/, "Clientes | Nelly"],
    ["Características", /\/feature-view$/, "Características | Nelly"],
    ["Localizaciones", /\/location-reservaction$/, "Localizaciones | Nelly"],
    ["Papelera", /\/history$/, "Papelera | Nelly"],
    ["Ayuda", /\/help$/, "Ayuda | Nelly"],
    ["Landings", /\/landings$/, "Landings | Nelly"],
  ] as const;
  for (const [link, url, title] of pages) {
    await sidebar.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(url);
    await expect(page).toHaveTitle(title);
    await expect(sidebar.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(link);
  }

  await page.getByRole("link", { name: "Configuración de usuario", exact: true }).click();
  await expect(page).toHaveURL(/\/user-config$/);
  await expect(page).toHaveTitle("Configuración de usuario | Nelly");

  await page.goto("/landings/no-such-page");
  await expect(page).toHaveTitle("Página no encontrada | Nelly");
  await expect(page.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeVisible();
  await page.getByRole("link", { name: "Volver a Landings" }).click();
  await expect(page).toHaveURL(/\/landings$/);
});
