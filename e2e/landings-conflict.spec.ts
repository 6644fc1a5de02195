import { expect, type Page } from "@playwright/test";
import { createLandingViaApi, fetchLanding } from "./support/landings";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
// Two tabs and several saves each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const staleAlert = (page: Page) =>
  page.getByRole("alert").filter({ hasText: "Estos datos cambiaron en otra pestaña o por otra persona." });

test("two tabs on Configuración: the later save is refused, keeps what was typed, and Recargar shows the saved data", async ({
  page,
  context,
}) => {
  const owner = await signedInOwner(page, "conflict-config");
  const landing = await createLandingViaApi(page, owner.id, { primary: "#0f766e" });
  const tabB = await context.newPage();
  await page.goto(`/view-landing/${landing.id}?tab=settings`);
  await tabB.goto(`/view-landing/${landing.id}?tab=settings`);
  await expect(tabB.getByLabel("Nombre de tu empresa")).toHaveValue(landing.display_name);

  // Tab A saves a colour.
  await page.getByLabel("Color principal", { exact: true }).fill("#7c3aed");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(toast(page, "Landing actualizada con éxito.")).toBeVisible();

  // Tab B, still showing the old data, saves a name: refused, nothing overwritten, its text kept.
  await tabB.getByLabel("Nombre de tu empresa").fill("Renta Caribe & Tours");
  await tabB.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(staleAlert(tabB)).toBeVisible();
  await expect(tabB.getByLabel("Nombre de tu empresa")).toHaveValue("Renta Caribe & Tours");
  await expect(tabB.getByLabel("Color principal", { exact: true })).toHaveValue("#0f766e");
  await expect(tabB.locator("[data-sonner-toast]")).toHaveCount(0);
  const stored = await fetchLanding(tabB, owner.id, landing.id);
  expect(stored).toMatchObject({ color_primary: "#7c3aed", display_name: landing.display_name });
  expect(stored.version).toBe(landing.version + 1);

  // Recargar shows what is saved; B's change then goes through on top of A's.
  await staleAlert(tabB).getByRole("button", { name: "Recargar datos" }).click();
  await expect(staleAlert(tabB)).toBeHidden();
  await expect(tabB.getByLabel("Nombre de tu empresa")).toHaveValue(landing.display_name);
  await expect(tabB.getByLabel("Color principal", { exact: true })).toHaveValue("#7c3aed");
  await tabB.getByLabel("Nombre de tu empresa").fill("Renta Caribe & Tours");
  await tabB.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(toast(tabB, "Landing actualizada con éxito.")).toBeVisible();
  expect(await fetchLanding(tabB, owner.id, landing.id)).toMatchObject({
    color_primary: "#7c3aed",
    display_name: "Renta Caribe & Tours",
    version: landing.version + 2,
  });
});

test("two tabs on SEO: the later save is refused and keeps what was typed until Recargar", async ({
  page,
  context,
}) => {
  const owner = await signedInOwner(page, "conflict-seo");
  const landing = await createLandingViaApi(page, owner.id);
  const tabB = await context.newPage();
  await page.goto(`/view-landing/${landing.id}?tab=seo`);
  await tabB.goto(`/view-landing/${landing.id}?tab=seo`);
  await expect(tabB.getByRole("button", { name: "Guardar SEO" })).toBeVisible();

  const fill = async (tab: Page, title: string) => {
    await tab.getByLabel("Título (meta title)").fill(title);
    await tab.getByLabel("Descripción (meta description)").fill("Autos en Punta Cana con precio claro.");
    await tab.getByLabel("Descripción al compartir (og:description)").fill("Tu auto listo al llegar.");
    await tab.getByRole("button", { name: "Guardar SEO" }).click();
  };
  await fill(page, "Alquiler de autos en Punta Cana");
  await expect(toast(page, "SEO actualizado con éxito.")).toBeVisible();

  await fill(tabB, "Renta de vehículos en Bávaro");
  await expect(staleAlert(tabB)).toBeVisible();
  await expect(tabB.getByLabel("Título (meta title)")).toHaveValue("Renta de vehículos en Bávaro");
  await expect(tabB.locator("[data-sonner-toast]")).toHaveCount(0);
  expect((await fetchLanding(tabB, owner.id, landing.id)).meta_title).toBe("Alquiler de autos en Punta Cana");

  await staleAlert(tabB).getByRole("button", { name: "Recargar datos" }).click();
  await expect(tabB.getByLabel("Título (meta title)")).toHaveValue("Alquiler de autos en Punta Cana");
  await expect(staleAlert(tabB)).toBeHidden();
});
