import { apiMessages } from "@domain/messages";
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import {
  createLanding,
  createVehicle,
  fillVehicleForm,
  photo,
  photoInput,
  setDraftLanding,
  storedVehicles,
  test,
  toast,
  type VehicleInput,
} from "./support/fleet";

const TABLE = "/layout-designer/add-vehicles";

const base: Omit<VehicleInput, "price"> = {
  name: "Toyota Hilux 2024",
  description: "Pickup doble cabina.",
  carType: "Pickup",
  transmission: "Manual",
  people: "5",
  luggage: "4",
};

async function openAddForm(page: Page) {
  await page.goto(`${TABLE}/add-form`);
  await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Agregar vehículo" })).toBeVisible();
}

test("prices are accepted as people type them and shown as es-DO writes money", async ({ page, signedInOwner }) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("money");
  const landing = await createLanding(owner, "Dinero");
  await setDraftLanding(page, landing);
  const main = page.getByRole("main");

  // Thousands with a point and decimals with a comma; a commission with its currency sign.
  for (const [index, [name, price, commission]] of [
    ["Toyota Hilux 2024", "1.250,50", "US$ 45"],
    ["Honda CR-V 2023", "1,250.50", "45,50"],
    ["Kia Rio 2022", "US$ 45", "RD$ 2.500,00"],
  ].entries()) {
    await openAddForm(page);
    await photoInput(page).setInputFiles([await photo(index)]);
    await fillVehicleForm(page, { ...base, name: name as string, price: price as string, commissions: commission });
    // Leaving the field shows the amount as it was understood.
    await main.getByLabel("Nombre", { exact: true }).click();
    await main.getByRole("button", { name: "Agregar vehículo" }).click();
    await expect(toast(page, "Vehículo agregado con éxito.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${TABLE}$`));
  }

  const stored = await storedVehicles(owner, landing.id);
  expect(stored.map((vehicle) => [vehicle.name, vehicle.price_cents, vehicle.commissions])).toEqual([
    ["Toyota Hilux 2024", 125050, 45],
    ["Honda CR-V 2023", 125050, 45.5],
    ["Kia Rio 2022", 4500, 2500],
  ]);

  // The table: currency sign, grouping and two decimals, as es-DO writes money.
  const rows = main.getByRole("table").getByRole("row");
  await expect(rows.filter({ hasText: "Toyota Hilux 2024" })).toContainText("US$1,250.50");
  await expect(rows.filter({ hasText: "Toyota Hilux 2024" })).toContainText("US$45.00");
  await expect(rows.filter({ hasText: "Kia Rio 2022" })).toContainText("US$2,500.00");

  // The edit form shows the saved amount grouped, ready to change.
  await main.getByRole("button", { name: "Editar Toyota Hilux 2024" }).click();
  await expect(main.getByLabel("Precio por día")).toHaveValue("1,250.50");
  await expect(main.getByLabel("Comisión")).toHaveValue("45.00");

  // The landing's Vehículos tab and the phone cards write money the same way.
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await expect(panel.getByRole("row").filter({ hasText: "Honda CR-V 2023" })).toContainText("US$1,250.50");
  await page.setViewportSize({ width: 390, height: 844 });
  const card = panel.getByTestId("vehicle-card").filter({ hasText: "Honda CR-V 2023" });
  await expect(card).toContainText("US$1,250.50");
  await expect(card).toContainText("US$45.50");
});

test("an amount that reads two ways is refused before sending, with a message that says why", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("money-ambiguous");
  const landing = await createLanding(owner, "Dinero Dudoso");
  await setDraftLanding(page, landing);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/vehicle")) sent.push(request.url());
  });
  await openAddForm(page);
  const main = page.getByRole("main");
  await photoInput(page).setInputFiles([await photo(0)]);
  await fillVehicleForm(page, { ...base, price: "1,250", commissions: "1.500" });
  await main.getByRole("button", { name: "Agregar vehículo" }).click();

  const price = main.getByLabel("Precio por día");
  await expect(price).toHaveAccessibleDescription(new RegExp(literally(apiMessages.es.priceAmbiguous)));
  await expect(main.getByLabel("Comisión")).toHaveAccessibleDescription(
    new RegExp(literally(apiMessages.es.priceAmbiguous)),
  );
  await expect(price).toBeFocused();
  // What the owner typed stays as typed: it was not understood, so it is not rewritten.
  await expect(price).toHaveValue("1,250");
  // The old message, which blamed the number itself, is gone.
  await expect(
    main.getByText("El precio debe ser mayor que 0, en cifras y con dos decimales como mucho, como 45 o 45.50."),
  ).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  expect(sent).toEqual([]);

  // Written either unambiguous way, it goes through.
  await price.fill("1250");
  await main.getByLabel("Comisión").fill("1.500,00");
  await main.getByRole("button", { name: "Agregar vehículo" }).click();
  await expect(toast(page, "Vehículo agregado con éxito.")).toBeVisible();
  expect(await storedVehicles(owner, landing.id)).toMatchObject([{ price_cents: 125000, commissions: 1500 }]);
});

test("in English, money is written the en-US way", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("money-en");
  const landing = await createLanding(owner, "Money");
  await createVehicle(owner, landing.id, { name: "Ford Explorer 2024", price: "1,250.50", commissions: "12" }, 1);
  await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const row = page.getByRole("main").getByRole("tabpanel").getByRole("row").filter({ hasText: "Ford Explorer 2024" });
  await expect(row).toContainText("$1,250.50");
  await expect(row).toContainText("$12.00");
  await expect(row).not.toContainText("US$");
});

function literally(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
