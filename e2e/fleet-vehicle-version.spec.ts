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
import { book, createBookableLanding, landingDay } from "./support/reservations";

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
  const owner = await signedInOwner("vehicle-version-tab", { open: false });
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

test("fewer units than the bookings hold: the server's refusal under Unidades, in Spanish and English, what was typed kept", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("vehicle-units", { open: false });
  const landing = await createBookableLanding(owner, "Unidades", { units: "3", name: "Jeep Wrangler 2024" });
  // Three bookings overlap from the third pickup, on day 12 (10:00 on the landing's wall clock).
  for (const start of [10, 11, 12]) await book(landing, { start });
  const peak = landingDay(12);

  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await panel.getByRole("button", { name: "Editar Jeep Wrangler 2024" }).click();
  await panel.getByLabel("Unidades").fill("1");
  await panel.getByLabel("Descripción", { exact: true }).fill("Tres reservas a la vez.");
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  const spanish = `El ${peak.split("-").reverse().join("-")} hay 3 unidades reservadas o bloqueadas a la vez: no puedes dejar menos de 3.`;
  await expect(panel.getByText(spanish)).toBeVisible();
  await expect(panel.getByLabel("Unidades")).toBeFocused();
  await expect(panel.getByLabel("Unidades")).toHaveAccessibleDescription(new RegExp(spanish));
  // Not the stale alert (nobody saved meanwhile), and no toast beside the field.
  await expect(panel.getByRole("alert").filter({ hasText: "Estos datos cambiaron" })).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(panel.getByLabel("Unidades")).toHaveValue("1");
  await expect(panel.getByLabel("Descripción", { exact: true })).toHaveValue("Tres reservas a la vez.");
  await expectNoSeriousViolations(page);
  expect(await storedVehicle(owner, landing.id, landing.vehicle.id)).toMatchObject({ units: 3, version: 1 });

  // In English, the day as English writes it. The reload comes back to the form, with what was typed.
  await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
  await page.reload();
  await expect(panel.getByLabel("Description", { exact: true })).toHaveValue("Tres reservas a la vez.");
  await panel.getByLabel("Units").fill("2");
  await panel.getByRole("button", { name: "Save changes" }).click();
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  const english = `On ${day.format(new Date(`${peak}T00:00:00Z`))}, 3 units are booked or blocked at the same time`;
  await expect(panel.getByText(english)).toBeVisible();
  await expect(panel.getByLabel("Units")).toHaveValue("2");

  // Three units stay: the save goes through.
  await panel.getByLabel("Units").fill("3");
  await panel.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Vehicle updated successfully.")).toBeVisible();
  expect(await storedVehicle(owner, landing.id, landing.vehicle.id)).toMatchObject({ units: 3, version: 2 });
});
