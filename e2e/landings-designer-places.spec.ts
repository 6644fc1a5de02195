import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { createLanding, createVehicle, setDraftLanding, test, toast } from "./support/fleet";

// Issue 25.10: the designer asks where vehicles are picked up and returned, so that it ends
// published, and the review's "Agregar una localización" leads back into the designer.

test("the designer's places step adds a place without leaving it, and the wizard ends published", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("designer-places");
  const landing = await createLanding(owner, "Autos Año Nuevo");
  await createVehicle(owner, landing.id);
  await setDraftLanding(page, landing);

  await page.goto("/layout-designer/add-vehicles");
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/layout-designer\/places$/);
  await expect(
    page.getByRole("navigation", { name: "Pasos del diseñador" }).locator("[aria-current=step]"),
  ).toContainText("Lugares");
  await expect(main.getByRole("heading", { name: "Lugares de recogida y devolución" })).toBeVisible();
  const next = main.getByRole("button", { name: "Continuar" });
  await expect(next).toBeDisabled();
  await expect(next).toHaveAccessibleDescription("Agrega al menos una localización para continuar.");

  await main.getByRole("button", { name: "Agregar localización" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar localización" });
  await dialog.getByLabel("Lugar de recogida").fill("Aeropuerto de Santiago");
  await dialog.getByLabel("Lugar de devolución").fill("Aeropuerto de Santiago");
  await dialog.getByRole("button", { name: "Agregar localización" }).click();
  await expect(toast(page, "Localización agregada.")).toBeVisible();
  await expect(main.getByText("1 localización lista. Puedes agregar más ahora o más adelante.")).toBeVisible();
  await expectNoSeriousViolations(page);

  await next.click();
  await expect(page).toHaveURL(/\/layout-designer\/review$/);
  await expect(page.getByTestId("publish-requirements")).toHaveCount(0);
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page).toHaveURL(new RegExp(`/published\\?landing=${landing.id}$`));
  const saved = await owner.api.get(`/api/landings/${owner.id}/${landing.id}`);
  expect(await saved.json()).toMatchObject({ status: "published", locations_count: 1, vehicles_count: 1 });
});

test("a review that still needs a place leads back to the designer's places step, and back again", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("designer-places-back");
  const landing = await createLanding(owner, "Sin lugares");
  await createVehicle(owner, landing.id);
  await setDraftLanding(page, landing);

  await page.goto("/layout-designer/review");
  await expect(page.getByRole("button", { name: "Publicar" })).toBeDisabled();
  await page.getByRole("link", { name: "Agregar una localización" }).click();
  await expect(page).toHaveURL(/\/layout-designer\/places$/);
  await page.getByRole("main").getByRole("link", { name: "Volver a los vehículos" }).click();
  await expect(page).toHaveURL(/\/layout-designer\/add-vehicles$/);
});
