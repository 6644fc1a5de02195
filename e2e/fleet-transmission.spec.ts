import { expect } from "@playwright/test";
import {
  createLanding,
  createVehicle,
  fillVehicleForm,
  photo,
  photoInput,
  setDraftLanding,
  storedVehicle,
  storedVehicles,
  test,
  toast,
} from "./support/fleet";

const TABLE = "/layout-designer/add-vehicles";

test("«Automático» follows the transmission and can never contradict it", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("transmission");
  const landing = await createLanding(owner, "Cajas");
  await setDraftLanding(page, landing);
  await page.goto(`${TABLE}/add-form`);
  const main = page.getByRole("main");
  const transmission = main.getByLabel("Transmisión");

  // No switch of its own to set against the transmission.
  await expect(main.getByRole("switch", { name: "GPS", exact: true })).toBeVisible();
  await expect(main.getByRole("switch", { name: /Autom/ })).toHaveCount(0);

  // What the customers will see, derived from the transmission as it is chosen.
  await transmission.selectOption({ label: "Manual" });
  await expect(transmission).toHaveAccessibleDescription(/Tus clientes lo verán como manual: con pedal de embrague\./);
  await transmission.selectOption({ label: "CVT" });
  await expect(transmission).toHaveAccessibleDescription(
    /Tus clientes lo verán como automático: sin pedal de embrague\./,
  );

  await photoInput(page).setInputFiles([await photo(0)]);
  await fillVehicleForm(page, {
    name: "Toyota RAV4 2024",
    description: "SUV híbrida.",
    price: "80",
    carType: "SUV",
    transmission: "Automática",
    people: "5",
    luggage: "3",
  });
  await main.getByRole("button", { name: "Agregar vehículo" }).click();
  await expect(toast(page, "Vehículo agregado con éxito.")).toBeVisible();
  expect(await storedVehicles(owner, landing.id)).toMatchObject([{ transmision: "automatic", automatic: true }]);
});

test("changing an automatic vehicle to Manual turns «automatic» off", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("transmission-edit");
  const landing = await createLanding(owner, "Cajas Manuales");
  const vehicle = await createVehicle(owner, landing.id, { name: "Mazda 3 2022", transmision: "automatic" }, 1);
  expect(vehicle.automatic).toBe(true);
  await setDraftLanding(page, landing);
  await page.goto(`${TABLE}/update-form/${vehicle.id}`);
  const main = page.getByRole("main");
  await expect(main.getByLabel("Transmisión")).toHaveValue("automatic");
  await main.getByLabel("Transmisión").selectOption({ label: "Manual" });
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  expect(await storedVehicle(owner, landing.id, vehicle.id)).toMatchObject({ transmision: "manual", automatic: false });
});
