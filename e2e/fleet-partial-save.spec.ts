import { expect } from "@playwright/test";
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

// A new vehicle is created first (fields and photos in one upload), then its special features are
// assigned one by one. When an assignment fails the vehicle already exists: the form used to stay
// in "add" mode, and saving again created a second vehicle.

const KIA = {
  name: "Kia Sportage 2023",
  brand: "Kia",
  description: "SUV familiar con cámara de reversa.",
  price: "75",
  carType: "SUV",
  transmission: "Automática",
  people: "5",
  luggage: "3",
};

const FAILED =
  "«Kia Sportage 2023» ya está guardado, pero no pudimos asignarle las características. Revisa la selección y pulsa «Guardar cambios» para intentarlo de nuevo.";

test("in the Vehículos tab, a new vehicle whose special features fail is kept once and the form goes on as its edit", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInOwner("partial-tab", { open: false });
  const landing = await createLanding(owner, "Parcial");
  expect(
    (await owner.api.post("/api/special-features", { data: { name: "Wifi", description: "Internet a bordo." } })).ok(),
  ).toBe(true);
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await panel.getByRole("button", { name: "Aceptar" }).click();
  await photoInput(page).setInputFiles(await photos(2));
  await fillVehicleForm(page, KIA);
  await panel.getByRole("button", { name: "Wifi" }).click();

  await page.route("**/api/vehicles/*/special-features", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) })
      : route.fallback(),
  );
  await panel.getByRole("button", { name: "Agregar vehículo" }).click();

  // What failed is said where the owner is looking, and stays until the next save.
  await expect(panel.getByRole("alert").filter({ hasText: FAILED })).toBeVisible();
  // The form is now the edit of the vehicle that exists: its title, its button, its saved photos.
  await expect(panel.getByRole("heading", { level: 2, name: "Editar vehículo" })).toBeVisible();
  await expect(panel.getByText(KIA.name, { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Guardar cambios" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Agregar vehículo" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Wifi" })).toHaveAttribute("aria-pressed", "true");
  await expect(photoTiles(page)).toHaveCount(2);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  let stored = await storedVehicles(owner, landing.id);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ name: KIA.name, special_features: [] });
  expect(stored[0]?.images).toHaveLength(2);

  // Saving again completes that vehicle: no second vehicle, no photo sent twice.
  await page.unroute("**/api/vehicles/*/special-features");
  const sent: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "POST" && (url.pathname === "/api/vehicle" || url.pathname.endsWith("/images"))) {
      sent.push(url.pathname);
    }
  });
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  await expect(panel.getByRole("heading", { level: 2, name: "Vehículos", exact: true })).toBeVisible();
  await expect(panel.getByRole("table").getByRole("row")).toHaveCount(2);
  expect(sent).toEqual([]);
  stored = await storedVehicles(owner, landing.id);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.special_features.map((feature) => feature.name)).toEqual(["Wifi"]);
  expect(stored[0]?.images).toHaveLength(2);
});

test("in the designer, the same failure leaves one vehicle, and saving again only assigns the features", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInOwner("partial-designer");
  const landing = await createLanding(owner, "Diseño");
  for (const name of ["Wifi", "Silla de bebé"]) {
    expect((await owner.api.post("/api/special-features", { data: { name, description: "Extra." } })).ok()).toBe(true);
  }
  await setDraftLanding(page, landing);
  await page.goto("/layout-designer/add-vehicles/add-form");
  const main = page.getByRole("main");
  await photoInput(page).setInputFiles(await photos(1));
  await fillVehicleForm(page, KIA);
  await main.getByRole("button", { name: "Wifi" }).click();
  await main.getByRole("button", { name: "Silla de bebé" }).click();

  // The first assignment goes through, the second fails.
  let assigned = 0;
  await page.route("**/api/vehicles/*/special-features", (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    assigned += 1;
    return assigned === 1
      ? route.fallback()
      : route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) });
  });
  await main.getByRole("button", { name: "Agregar vehículo" }).click();
  await expect(main.getByRole("alert").filter({ hasText: FAILED })).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: "Editar vehículo" })).toBeVisible();
  let stored = await storedVehicles(owner, landing.id);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.special_features.map((feature) => feature.name)).toEqual(["Wifi"]);

  await page.unroute("**/api/vehicles/*/special-features");
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Vehículo actualizado con éxito.")).toBeVisible();
  await expect(page).toHaveURL(/\/layout-designer\/add-vehicles$/);
  stored = await storedVehicles(owner, landing.id);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.special_features.map((feature) => feature.name).sort()).toEqual(["Silla de bebé", "Wifi"]);
  expect(stored[0]?.images).toHaveLength(1);
});

// A walk's finding: when the upload of a new photo failed after the fields were saved, the form
// went back to the saved photos and the new one was gone; saving again sent nothing.
test("a new photo whose upload fails stays in the form, and the next save sends it", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("partial-photo", { open: false });
  const landing = await createLanding(owner, "Foto");
  const vehicle = await createVehicle(owner, landing.id);
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");
  await panel.getByRole("button", { name: `Editar ${vehicle.name}` }).click();
  await expect(photoTiles(page)).toHaveCount(2);
  await photoInput(page).setInputFiles(await photos(1, 5));
  await expect(photoTiles(page)).toHaveCount(3);
  await page.route(`**/api/vehicles/${landing.id}/${vehicle.id}/images`, (route) =>
    route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
  );
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(
    toast(page, "Los datos se guardaron, pero las fotos nuevas no se subieron: vuelve a guardar para intentarlo."),
  ).toBeVisible();
  // The photo that did not go up is still there, new, for the next save.
  await expect(photoTiles(page)).toHaveCount(3);
  expect((await storedVehicles(owner, landing.id))[0]?.images).toHaveLength(2);

  await page.unroute(`**/api/vehicles/${landing.id}/${vehicle.id}/images`);
  await panel.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Imágenes agregadas exitosamente.")).toBeVisible();
  expect((await storedVehicles(owner, landing.id))[0]?.images).toHaveLength(3);
});
