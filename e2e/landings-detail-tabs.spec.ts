import { expect } from "@playwright/test";
import { createLandingViaApi, createVehicleViaApi, sessionDrafts } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// The Vehículos tab keeps its open form in the address (`?vehicle=new`, `?vehicle=12`) so a reload
// comes back to it. Switching to another tab of the landing closes it: coming back to Vehículos
// shows the table, not a form the owner left.

test("switching tabs closes the vehicle form, so Vehículos shows its table again", async ({ page }) => {
  const owner = await signedInOwner(page, "detail-tabs", { open: false });
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

// A slow phone draws a tab a moment after the address has changed. A quick click back in that
// moment used to be lost (Radix ignores a click on the tab it still shows as selected), and a form
// opened then was put under the wrong tab. The CPU is slowed twelvefold to open that moment wide.
test("on a slow phone, a quick click back to Vehículos and on a vehicle lands where it was aimed", async ({ page }) => {
  // Twelve times slower on purpose: on a slow two-core machine the journey outgrows the default 30 s.
  test.setTimeout(60_000);
  const owner = await signedInOwner(page, "detail-tabs-slow", { open: false });
  const landing = await createLandingViaApi(page, owner.id);
  await createVehicleViaApi(page, landing.id, "Kia Sportage 2024", "52");
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  const tab = (name: string) => page.getByRole("main").getByRole("tab", { name: new RegExp(`^${name}`) });
  await expect(panel.getByRole("row").filter({ hasText: "Kia Sportage 2024" })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });

  // The address changes first: that is the moment the click back comes in.
  await tab("Configuración").click();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=settings$`));
  await tab("Vehículos").click();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=vehicles$`));
  await panel.getByRole("button", { name: "Editar Kia Sportage 2024" }).click();
  await expect(panel.getByRole("heading", { level: 2, name: "Editar vehículo" })).toBeVisible({ timeout: 15_000 });
  await expect(tab("Vehículos")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=vehicles&vehicle=\\d+$`));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});
