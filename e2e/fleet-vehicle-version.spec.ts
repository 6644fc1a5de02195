import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import {
  createLanding,
  createVehicle,
  photoTiles,
  setDraftLanding,
  storedVehicle,
  test,
  toast,
  vehicleFields,
} from "./support/fleet";

test("a vehicle saved elsewhere since the form opened is not overwritten; Reload shows the saved data", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("vehicle-version");
  const landing = await createLanding(owner, "Versiones");
  const jeep = await createVehicle(owner, landing.id, { name: "Jeep Wrangler 2024", price: "45.50" }, 2);
  expect(jeep.version).toBe(1);

  // Tab A: the edit form, loaded at version 1.
  await setDraftLanding(page, landing);
  await page.goto(`/layout-designer/add-vehicles/update-form/${jeep.id}`);
  const main = page.getByRole("main");
  await expect(main.getByLabel("Nombre", { exact: true })).toHaveValue("Jeep Wrangler 2024");
  await expect(photoTiles(page)).toHaveCount(2);

  // Tab B saves first: a new name and price (version 2).
  const elsewhere = await owner.api.put(`/api/vehicles/${landing.id}/${jeep.id}`, {
    data: {
      ...vehicleFields({ name: "Jeep Wrangler Sahara", price: "60" }),
      features: [{ name: "color", value: "Rojo" }],
      version: 1,
    },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  expect((await storedVehicle(owner, landing.id, jeep.id)).version).toBe(2);

  // Tab A saves what it typed: refused, said so, and nothing typed is lost.
  await main.getByLabel("Descripción", { exact: true }).fill("Escrito en la pestaña A.");
  await main.getByLabel("Precio por día").fill("70");
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  const alert = main
    .getByRole("alert")
    .filter({ hasText: "Estos datos cambiaron en otra pestaña o por otra persona." });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/update-form/${jeep.id}$`));
  await expect(main.getByLabel("Descripción", { exact: true })).toHaveValue("Escrito en la pestaña A.");
  await expect(main.getByLabel("Precio por día")).toHaveValue("70.00");
  // One message for one problem: the alert, no toast beside it.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  expect(await storedVehicle(owner, landing.id, jeep.id)).toMatchObject({
    name: "Jeep Wrangler Sahara",
    price: 60,
    version: 2,
  });

  // Reload: the form shows what is saved now, and the alert goes.
  await alert.getByRole("button", { name: "Recargar datos" }).click();
  await expect(alert).toBeHidden();
  await expect(main.getByLabel("Nombre", { exact: true })).toHaveValue("Jeep Wrangler Sahara");
  await expect(main.getByLabel("Precio por día")).toHaveValue("60.00");
  await expect(main.getByLabel("Descripción", { exact: true })).toHaveValue(vehicleFields().description);

  // Saved on top of the fresh data, the change goes through.
  await main.getByLabel("Precio por día").fill("75");
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  await expect(page).toHaveURL(/\/layout-designer\/add-vehicles$/);
  expect(await storedVehicle(owner, landing.id, jeep.id)).toMatchObject({
    name: "Jeep Wrangler Sahara",
    price: 75,
    version: 3,
  });
});

test("the Vehículos tab's edit form is guarded the same way", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("vehicle-version-tab");
  const landing = await createLanding(owner, "Versiones Tab");
  const kia = await createVehicle(owner, landing.id, { name: "Kia Sportage 2023" }, 1);
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await panel.getByRole("button", { name: "Editar Kia Sportage 2023" }).click();
  await expect(panel.getByLabel("Nombre", { exact: true })).toHaveValue("Kia Sportage 2023");

  const elsewhere = await owner.api.put(`/api/vehicles/${landing.id}/${kia.id}`, {
    data: { ...vehicleFields({ name: "Kia Sportage X-Line" }), features: [], version: kia.version },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await panel.getByLabel("Unidades").fill("9");
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(panel.getByRole("alert").filter({ hasText: "Estos datos cambiaron" })).toBeVisible();
  await expect(panel.getByLabel("Unidades")).toHaveValue("9");
  expect(await storedVehicle(owner, landing.id, kia.id)).toMatchObject({ name: "Kia Sportage X-Line", units: 2 });
});
