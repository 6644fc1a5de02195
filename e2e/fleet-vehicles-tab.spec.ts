import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import {
  createLanding,
  createVehicle,
  fillVehicleForm,
  photoInput,
  photos,
  photoTiles,
  setDraftLanding,
  storedVehicles,
  test,
  toast,
} from "./support/fleet";
import { book, createBookableLanding } from "./support/reservations";

test("the Vehículos tab goes from empty to create, to the table, to edit and back", async ({ page, signedInOwner }) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("tab", { open: false });
  const landing = await createLanding(owner, "Playa Rent");
  await page.goto(`/view-landing/${landing.id}`);
  const main = page.getByRole("main");
  const tab = main.getByRole("tab", { name: /Vehículos/ });
  await tab.click();
  await expect(page).toHaveURL(/\?tab=vehicles$/);
  const panel = main.getByRole("tabpanel");

  // Empty: the spec's sentence and its Aceptar button, which opens the create form.
  await expect(panel.getByText("No existen vehículos en esta landing.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await panel.getByRole("button", { name: "Aceptar" }).click();
  await expect(panel.getByRole("heading", { level: 2, name: "Agregar vehículo" })).toBeFocused();

  await photoInput(page).setInputFiles(await photos(2));
  await fillVehicleForm(page, {
    name: "Mazda CX-5 2024",
    brand: "Mazda",
    description: "SUV con tracción integral y maletero amplio.",
    price: "88",
    carType: "SUV",
    transmission: "Automática",
    people: "5",
    luggage: "3",
    equipment: ["Bluetooth"],
  });
  await panel.getByRole("button", { name: "Agregar vehículo" }).click();
  await expect(toast(page, "Vehículo agregado con éxito.")).toBeVisible();

  // Back on the table, with its count; the tab and the landing's counters follow.
  await expect(panel.getByRole("heading", { level: 2, name: "Vehículos", exact: true })).toBeVisible();
  const rows = panel.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Mazda CX-5 2024");
  await expect(tab).toContainText("1");
  await expectNoSeriousViolations(page);
  const [mazda] = await storedVehicles(owner, landing.id);
  expect(mazda).toMatchObject({ name: "Mazda CX-5 2024", price: 88, luggage: 3, bluetooth: true });
  expect(mazda?.images).toHaveLength(2);

  // Search filters the table; no match says so.
  const search = panel.getByRole("searchbox", { name: "Buscar vehículos" });
  await search.fill("toyota");
  await expect(panel.getByText("Ningún vehículo coincide")).toBeVisible();
  await search.fill("mazda");
  await expect(rows).toHaveCount(2);
  await search.fill("");

  // Edit, then leave without saving (asked first): nothing changes.
  await panel.getByRole("button", { name: "Editar Mazda CX-5 2024" }).click();
  await expect(panel.getByRole("heading", { level: 2, name: "Editar vehículo" })).toBeVisible();
  await expect(panel.getByLabel("Nombre", { exact: true })).toHaveValue("Mazda CX-5 2024");
  await panel.getByLabel("Nombre", { exact: true }).fill("No guardar");
  await panel.getByRole("button", { name: "Volver a vehículos" }).click();
  await page
    .getByRole("dialog", { name: "¿Salir sin guardar?" })
    .getByRole("button", { name: "Salir sin guardar" })
    .click();
  await expect(rows.nth(1)).toContainText("Mazda CX-5 2024");

  // The browser's back button closes a form opened from the table, and stays on the landing.
  await panel.getByRole("button", { name: "Editar Mazda CX-5 2024" }).click();
  await expect(panel.getByRole("heading", { level: 2, name: "Editar vehículo" })).toBeVisible();
  await page.goBack();
  // As after its own button, the table's title takes the focus.
  await expect(panel.getByRole("heading", { level: 2, name: "Vehículos", exact: true })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=vehicles$`));
  // A double click on its own button goes back one step, not past the landing.
  await panel.getByRole("button", { name: "Editar Mazda CX-5 2024" }).click();
  await panel.getByRole("button", { name: "Volver a vehículos" }).dblclick();
  await expect(panel.getByRole("heading", { level: 2, name: "Vehículos", exact: true })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/view-landing/${landing.id}\\?tab=vehicles$`));

  // Edit and save.
  await panel.getByRole("button", { name: "Editar Mazda CX-5 2024" }).click();
  await expect(photoTiles(page)).toHaveCount(2);
  await expectNoSeriousViolations(page);
  await panel.getByLabel("Nombre", { exact: true }).fill("Mazda CX-5 Signature 2024");
  await panel.getByLabel("Unidades").fill("4");
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  await expect(panel.getByRole("heading", { level: 2, name: "Vehículos", exact: true })).toBeFocused();
  await expect(rows.nth(1)).toContainText("Mazda CX-5 Signature 2024");
  expect(await storedVehicles(owner, landing.id)).toMatchObject([{ name: "Mazda CX-5 Signature 2024", units: 4 }]);

  // Deleting the last vehicle brings the empty state back.
  await panel.getByRole("button", { name: "Eliminar Mazda CX-5 Signature 2024" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Eliminar vehículo" }).click();
  await expect(toast(page, "Vehículo eliminado con éxito")).toBeVisible();
  await expect(panel.getByText("No existen vehículos en esta landing.")).toBeVisible();
  await expect(tab).toContainText("0");
  expect(await storedVehicles(owner, landing.id)).toEqual([]);
});

test("the tab says it is loading, and offers a retry when loading fails", async ({ page, signedInOwner }) => {
  // Three failed loads with their retries: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const owner = await signedInOwner("tab-states", { open: false });
  const landing = await createLanding(owner);
  await createVehicle(owner, landing.id, { name: "Honda Civic 2022" }, 1);
  const vehiclesPath = `**/api/vehicles/${landing.id}`;

  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(vehiclesPath, async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await expect(panel.getByRole("status").filter({ hasText: "Cargando vehículos..." })).toBeVisible();
  release();
  await expect(panel.getByRole("row").filter({ hasText: "Honda Civic 2022" })).toBeVisible();
  await page.unroute(vehiclesPath);

  await page.route(vehiclesPath, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) }),
  );
  await page.reload();
  // Server errors are retried twice before the tab gives up and says so.
  await expect(panel.getByRole("heading", { name: "Error al cargar los datos." })).toBeVisible({ timeout: 10_000 });
  await expectNoSeriousViolations(page);
  await page.unroute(vehiclesPath);
  await panel.getByRole("button", { name: "Reintentar" }).click();
  await expect(panel.getByRole("row").filter({ hasText: "Honda Civic 2022" })).toBeVisible();
});

test("special features made on their page are assigned to a vehicle and taken off again", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("tab-special", { open: false });
  const landing = await createLanding(owner, "Ruta Norte");

  await page.goto("/feature-view");
  for (const [name, description] of [
    ["Silla de bebé", "Para niños de 9 a 18 kg."],
    ["Wifi a bordo", "Internet 4G en el vehículo."],
    ["Portaequipajes", "Para maletas grandes o tablas de surf."],
  ]) {
    await page.getByRole("main").getByRole("button", { name: "Nueva característica" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nombre", { exact: true }).fill(name as string);
    await dialog.getByLabel("Descripción", { exact: true }).fill(description as string);
    await dialog.getByRole("button", { name: "Agregar característica" }).click();
    await expect(dialog).toBeHidden();
  }

  // Chosen in the create form of the landing's Vehículos tab.
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await panel.getByRole("button", { name: "Aceptar" }).click();
  await photoInput(page).setInputFiles(await photos(1));
  await fillVehicleForm(page, {
    name: "Toyota Sienna 2023",
    description: "Minivan para ocho personas.",
    price: "110",
    carType: "Van",
    transmission: "Automática",
    people: "8",
    luggage: "4",
  });
  const chips = panel.getByRole("list", { name: "Características" });
  await chips.getByRole("button", { name: "Silla de bebé" }).click();
  await chips.getByRole("button", { name: "Wifi a bordo" }).click();
  await expect(chips.getByRole("button", { name: "Silla de bebé" })).toHaveAttribute("aria-pressed", "true");
  await expect(chips.getByRole("button", { name: "Portaequipajes" })).toHaveAttribute("aria-pressed", "false");
  await panel.getByRole("switch", { name: "Bluetooth", exact: true }).click();
  await panel.getByRole("button", { name: "Agregar vehículo" }).click();
  await expect(toast(page, "Vehículo agregado con éxito.")).toBeVisible();
  const row = panel.getByRole("row").filter({ hasText: "Toyota Sienna 2023" });
  // The equipment switched on is among its details too (a walk's finding: a car with Bluetooth showed "—").
  await expect(row.getByRole("list", { name: "Detalles" }).getByRole("listitem").first()).toHaveText("Bluetooth");
  await expect(row).toContainText("Silla de bebé");
  await expect(row).toContainText("Wifi a bordo");
  const [created] = await storedVehicles(owner, landing.id);
  expect(created?.special_features.map((feature) => feature.name).sort()).toEqual(["Silla de bebé", "Wifi a bordo"]);

  // Changed later from the designer's edit form: one off, another on.
  await setDraftLanding(page, landing);
  await page.goto(`/layout-designer/add-vehicles/update-form/${created?.id}`);
  const form = page.getByRole("main").getByRole("list", { name: "Características" });
  await expect(form.getByRole("button", { name: "Wifi a bordo" })).toHaveAttribute("aria-pressed", "true");
  await form.getByRole("button", { name: "Wifi a bordo" }).click();
  await form.getByRole("button", { name: "Portaequipajes" }).click();
  await page.getByRole("main").getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  const [updated] = await storedVehicles(owner, landing.id);
  expect(updated?.special_features.map((feature) => feature.name).sort()).toEqual(["Portaequipajes", "Silla de bebé"]);
  await expect(page.getByRole("main").getByRole("row").filter({ hasText: "Toyota Sienna 2023" })).toContainText(
    "Portaequipajes",
  );
});

test("photos added to an existing vehicle say so with the spec's message", async ({ page, signedInOwner }) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("tab-images-added", { open: false });
  const landing = await createLanding(owner, "Fotos Nuevas");
  const vehicle = await createVehicle(owner, landing.id, { name: "Nissan Kicks 2024" }, 1);
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await panel.getByRole("button", { name: "Editar Nissan Kicks 2024" }).click();
  await expect(photoTiles(page)).toHaveCount(1);

  // Only photos added: SPEC §8's "Imágenes agregadas exitosamente.", nothing else to report.
  await photoInput(page).setInputFiles(await photos(2, 3));
  await expect(photoTiles(page)).toHaveCount(3);
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Imágenes agregadas exitosamente.")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Vehículo actualizado" })).toHaveCount(0);
  await expect(panel.getByRole("heading", { level: 2, name: "Vehículos", exact: true })).toBeVisible();
  expect((await storedVehicles(owner, landing.id))[0]?.images).toHaveLength(3);

  // Photos and fields together: both messages.
  // The first message has had its 3 s.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await panel.getByRole("button", { name: "Editar Nissan Kicks 2024" }).click();
  await expect(photoTiles(page)).toHaveCount(3);
  await panel.getByLabel("Unidades").fill("5");
  await photoInput(page).setInputFiles(await photos(1, 6));
  await expect(photoTiles(page)).toHaveCount(4);
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  await expect(toast(page, "Imágenes agregadas exitosamente.")).toBeVisible();
  const [saved] = await storedVehicles(owner, landing.id);
  expect(saved).toMatchObject({ id: vehicle.id, units: 5 });
  expect(saved?.images).toHaveLength(4);
});

test("a vehicle with a booking still ahead is kept, and the dialog says why", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("fleet-delete-booked", { open: false });
  const landing = await createBookableLanding(owner, "Con Reserva");

  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  const remove = panel.getByRole("button", { name: `Eliminar ${landing.vehicle.name}` });
  await expect(remove).toBeVisible();
  // Booked after the list was read: the server refuses, said where the owner is looking, not in a
  // brief toast: what holds it and what to do.
  await book(landing, { name: "Ana" });
  await remove.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Eliminar vehículo" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/^Este vehículo tiene 1 reserva activa/);
  await expect(dialog.getByRole("button", { name: "Eliminar vehículo" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Entendido" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await storedVehicles(owner, landing.id)).toHaveLength(1);
  // Asked again, and after a reload, the list knows the booking: refused from the start, no red button.
  for (const again of [false, true]) {
    if (again) await page.reload();
    await remove.click();
    await expect(dialog).toHaveAccessibleName(`«${landing.vehicle.name}» no se puede eliminar`);
    // Read once: no hidden copy of the title as its description (a walk's finding).
    await expect(dialog).toHaveAccessibleDescription("");
    await expect(dialog.getByRole("alert")).toHaveText(/^Este vehículo tiene 1 reserva activa/);
    await expect(dialog.getByRole("button", { name: "Eliminar vehículo" })).toHaveCount(0);
    await expect(dialog).not.toContainText("no se puede deshacer");
    if (again) {
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    }
    await dialog.getByRole("button", { name: "Entendido" }).click();
    await expect(dialog).toHaveCount(0);
  }
});
