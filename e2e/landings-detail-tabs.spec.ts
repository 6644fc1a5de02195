import { expect, test } from "@playwright/test";
import { createLandingViaApi, createVehicleViaApi, sessionDrafts } from "./support/landings";
import { signedInOwner } from "./support/owners";

// The Vehículos tab keeps its open form in the address (`?vehicle=new`, `?vehicle=12`) so a reload
// comes back to it. Switching to another tab of the landing closes it: coming back to Vehículos
// shows the table, not a form the owner left.

test("switching tabs closes the vehicle form, so Vehículos shows its table again", async ({ page }) => {
  const owner = await signedInOwner(page, "detail-tabs");
  const landing = await createLandingViaApi(page, owner.id);
  await createVehicleViaApi(page, landing.id, "Kia Sportage 2024", "52");
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  const tab = (name: string) => page.getByRole("main").getByRole("tab", { name: new RegExp(`^${name}`) });

  // A new vehicle's form, left for Configuración without typing anything.
  await panel.getByRole("button", { name: "Agregar vehículo" }).first().click();
  await expect(panel.getByRole("heading", { level: 2, name: "Agregar vehículo" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]vehicle=new/);
  await tab("Configuración").click();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=settings$`));
  await tab("Vehículos").click();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=vehicles$`));
  await expect(panel.getByRole("row").filter({ hasText: "Kia Sportage 2024" })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Agregar vehículo" })).toHaveCount(0);

  // An open vehicle, left for SEO: the same.
  await panel.getByRole("button", { name: "Editar Kia Sportage 2024" }).click();
  await expect(panel.getByRole("heading", { level: 2, name: "Editar vehículo" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]vehicle=\d+/);
  await tab("SEO").click();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=seo$`));
  await tab("Vehículos").click();
  await expect(panel.getByRole("heading", { name: "Editar vehículo" })).toHaveCount(0);
  await expect(panel.getByRole("row").filter({ hasText: "Kia Sportage 2024" })).toBeVisible();
  // A reload stays on the table too; nothing was typed, so nothing is kept.
  await page.reload();
  await expect(panel.getByRole("row").filter({ hasText: "Kia Sportage 2024" })).toBeVisible();
  expect(await sessionDrafts(page)).toBe("{}");
});
