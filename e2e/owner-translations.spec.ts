import { expect } from "@playwright/test";
import { setDraftLanding, test, toast } from "./support/fleet";
import { createPublicLanding, hydrated, PHONE, searchQuery } from "./support/public";

/**
 * Issue 24.3: the owner writes the SEO texts and a vehicle's description in English too, and an
 * English visitor on a phone reads them (and the add-ons' English names); a Spanish one the Spanish.
 */
test("what the owner writes in English is what English pages show", async ({ page, signedInOwner }) => {
  test.slow();
  const owner = await signedInOwner("translations");
  const site = await createPublicLanding(owner, "Bilingüe");

  await page.goto(`/view-landing/${site.id}?tab=seo`);
  await page.getByLabel("Título (meta title)").fill("Autos en Punta Cana");
  await page.getByLabel("Descripción (meta description)").fill("Alquila un auto en Punta Cana.");
  await page.getByLabel("Descripción al compartir (og:description)").fill("Tu auto listo al llegar.");
  await expect(page.getByRole("heading", { name: "Textos en inglés" })).toBeVisible();
  await page.getByLabel("Título en inglés (meta title)").fill("Cars in Punta Cana");
  await page.getByLabel("Descripción en inglés (meta description)").fill("Rent a car in Punta Cana.");
  await page.getByRole("button", { name: "Guardar SEO" }).click();
  await expect(toast(page, "SEO actualizado con éxito.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Título en inglés (meta title)")).toHaveValue("Cars in Punta Cana");

  await setDraftLanding(page, site);
  await page.goto(`/layout-designer/add-vehicles/update-form/${site.corolla.id}`);
  const main = page.getByRole("main");
  await main.getByLabel("Descripción", { exact: true }).fill("Sedán cómodo para la ciudad.");
  await main.getByLabel(/^Descripción en inglés/).fill("A comfortable city sedan.");
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  const stored = await owner.api.get(`/api/vehicles/${site.id}/${site.corolla.id}`);
  expect(((await stored.json()) as { translations: unknown }).translations).toEqual({
    en: { description: "A comfortable city sedan." },
  });

  await page.setViewportSize(PHONE);
  await page.goto(`/${site.name}/vehicles/${site.corolla.id}?${searchQuery(6, 3, { lang: "en" })}`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByText("A comfortable city sedan.")).toBeVisible();
  await expect(page.getByText("Sedán cómodo para la ciudad.")).toHaveCount(0);
  await page.goto(`/${site.name}/additions?${searchQuery(6, 3, { vehicle: String(site.corolla.id), lang: "en" })}`);
  await hydrated(page);
  await expect(page.getByText("Baby seat", { exact: true })).toBeVisible();
  await page.goto(`/${site.name}?lang=en`);
  await expect(page).toHaveTitle(/Cars in Punta Cana/);

  await page.getByTestId("language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(/Autos en Punta Cana/);
});
