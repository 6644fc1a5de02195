import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { createLanding, type FleetOwner, test, toast } from "./support/fleet";
import { createBookableLanding } from "./support/reservations";

async function storedLocations(owner: FleetOwner, landingId: number) {
  const response = await owner.api.get(`/api/landings/${landingId}/locations`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number; place_of_departure: string; arrival_place: string }[];
}

test("without landings the page says to create one first", async ({ page, signedInOwner }) => {
  await signedInOwner("locations-none");
  await page.getByRole("link", { name: "Localizaciones", exact: true }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Localizaciones" })).toBeVisible();
  await expect(main.getByText("Aún no tienes landings")).toBeVisible();
  await expect(main.getByRole("link", { name: "Crear una landing" })).toHaveAttribute("href", "/layout-designer");
  await expectNoSeriousViolations(page);
});

test("an owner picks a landing, adds locations and removes one", async ({ page, signedInOwner }) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("locations", { open: false });
  const first = await createLanding(owner, "Autos Año Nuevo");
  const second = await createLanding(owner, "Renta Sur & Co");
  await page.goto("/location-reservaction");
  const main = page.getByRole("main");
  const picker = main.getByRole("combobox", { name: "Landing" });

  // Each landing is named as its owner typed it (accents, capitals, "&"), never by its address.
  await expect(picker.getByRole("option")).toHaveText([second.title, first.title]);
  expect(first.title).toMatch(/^Autos Año Nuevo /);
  expect(second.title).toMatch(/^Renta Sur & Co /);

  // The newest landing is picked first, and the choice goes into the URL.
  await expect(picker).toHaveValue(String(second.id));
  await expect(page).toHaveURL(new RegExp(`\\?landing=${second.id}$`));
  await expect(main.getByText("Esta landing aún no tiene localizaciones")).toBeVisible();
  await expectNoSeriousViolations(page);

  await picker.selectOption({ label: first.title });
  await expect(page).toHaveURL(new RegExp(`\\?landing=${first.id}$`));

  // The pickup is required; the return, left empty, is the pickup, as its hint says (it asked to
  // type the place twice), so it is never called missing under that hint.
  await main.getByRole("button", { name: "Agregar localización" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar localización" });
  await dialog.getByRole("button", { name: "Agregar localización" }).click();
  await expect(dialog.getByLabel("Lugar de recogida")).toHaveAccessibleDescription(/Este campo es obligatorio\./);
  await expect(dialog.getByLabel("Lugar de devolución")).toHaveAccessibleDescription(
    "Si se devuelve en el mismo lugar, déjalo vacío.",
  );
  await expect(dialog.getByText("Este campo es obligatorio.")).toHaveCount(1);
  await expectNoSeriousViolations(page);

  await dialog.getByLabel("Lugar de recogida").fill("Santiago");
  await dialog.getByLabel("Lugar de devolución").fill("La Romana");
  await dialog.getByRole("button", { name: "Agregar localización" }).click();
  await expect(toast(page, "Localización agregada.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // A return left empty is the pickup place. A pasted name longer than a place may be stops at its
  // limit, and the count beside the label says so.
  await main.getByRole("button", { name: "Agregar localización" }).click();
  await dialog.getByLabel("Lugar de recogida").fill("Aeropuerto de Punta Cana ".repeat(10));
  await expect(dialog.getByText("120 / 120")).toBeVisible();
  await dialog.getByLabel("Lugar de recogida").fill("Aeropuerto de Punta Cana");
  await expect(dialog.getByText("24 / 120")).toBeVisible();
  await dialog.getByRole("button", { name: "Agregar localización" }).click();
  await expect(dialog).toBeHidden();

  // The same trip again, typed otherwise, is refused in the dialog, which keeps what was typed.
  await main.getByRole("button", { name: "Agregar localización" }).click();
  await dialog.getByLabel("Lugar de recogida").fill("santiago ");
  await dialog.getByLabel("Lugar de devolución").fill("LA ROMANA");
  await dialog.getByRole("button", { name: "Agregar localización" }).click();
  await expect(dialog.getByLabel("Lugar de devolución")).toHaveAccessibleDescription(
    /Esa pareja de recogida y devolución ya existe en esta landing\./,
  );
  await expect(dialog.getByLabel("Lugar de recogida")).toHaveValue("santiago ");
  // So is a round trip already there with its return left empty (a walk saw the dialog stay open
  // with no word).
  await dialog.getByLabel("Lugar de recogida").fill("Aeropuerto de Punta Cana");
  await dialog.getByLabel("Lugar de devolución").fill("");
  await dialog.getByRole("button", { name: "Agregar localización" }).click();
  await expect(dialog.getByLabel("Lugar de devolución")).toHaveAccessibleDescription(
    /Esa pareja de recogida y devolución ya existe en esta landing\./,
  );
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();

  const chips = main.getByRole("list", { name: `Localizaciones de ${first.title}` }).getByRole("listitem");
  await expect(chips).toHaveCount(2);
  await expect(chips.first()).toContainText("Santiago");
  await expect(chips.first()).toContainText("La Romana");
  await expect(main.getByRole("heading", { name: "2 localizaciones" })).toBeVisible();
  expect(await storedLocations(owner, first.id)).toMatchObject([
    { place_of_departure: "Santiago", arrival_place: "La Romana" },
    { place_of_departure: "Aeropuerto de Punta Cana", arrival_place: "Aeropuerto de Punta Cana" },
  ]);
  expect(await storedLocations(owner, second.id)).toEqual([]);
  await expectNoSeriousViolations(page);

  // A reload keeps the landing chosen.
  await page.reload();
  await expect(picker).toHaveValue(String(first.id));
  await expect(chips).toHaveCount(2);

  await main.getByRole("button", { name: "Eliminar la localización De Santiago a La Romana" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Eliminar esta localización?" });
  await expect(confirm).toContainText(`«De Santiago a La Romana» de ${first.title}`);
  // What happens to bookings made there: nothing (an operator's walk found the dialog silent on them).
  await expect(confirm).toContainText("las reservas ya hechas conservan su lugar de recogida y de devolución");
  await confirm.getByRole("button", { name: "Eliminar localización" }).click();
  // SPEC §8's message after a delete.
  await expect(toast(page, "Borrado exitoso.")).toBeVisible();
  await expect(chips).toHaveCount(1);
  expect(await storedLocations(owner, first.id)).toMatchObject([{ place_of_departure: "Aeropuerto de Punta Cana" }]);

  // The other landing still has none.
  await picker.selectOption(String(second.id));
  await expect(main.getByText("Esta landing aún no tiene localizaciones")).toBeVisible();
});

test("a landing in the URL that is not the owner's falls back to their own", async ({
  page,
  signedInOwner,
  fleetOwner,
}) => {
  const stranger = await fleetOwner("locations-stranger");
  const theirs = await createLanding(stranger, "Ajena");
  const owner = await signedInOwner("locations-url", { open: false });
  const mine = await createLanding(owner, "Propia");
  await page.goto(`/location-reservaction?landing=${theirs.id}`);
  await expect(page.getByRole("combobox", { name: "Landing" })).toHaveValue(String(mine.id));
  await expect(page).toHaveURL(new RegExp(`\\?landing=${mine.id}$`));
});

test("a failed locations load offers a retry", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("locations-load", { open: false });
  const landing = await createLanding(owner);
  await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
    data: { place_of_departure: "Santiago", arrival_place: "Santiago" },
  });
  await page.route("**/api/landings/*/locations", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) }),
  );
  await page.goto("/location-reservaction");
  await expect(page.getByRole("heading", { name: "Error al cargar las localizaciones." })).toBeVisible({
    timeout: 10_000,
  });
  await page.unroute("**/api/landings/*/locations");
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "Santiago" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the locations page and its modal work at 360 px", async ({ page, signedInOwner }) => {
    const owner = await signedInOwner("locations-phone", { open: false });
    const landing = await createLanding(owner, "Móvil");
    await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
      data: { place_of_departure: "Aeropuerto Internacional del Cibao", arrival_place: "Centro de Santiago" },
    });
    await page.goto("/location-reservaction");
    const chip = page.getByRole("main").getByRole("listitem").filter({ hasText: "Cibao" });
    await expect(chip).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("main").getByRole("button", { name: "Agregar localización" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test("a published landing's last location is kept, and the toast says what to do instead", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("locations-last", { open: false });
  const landing = await createBookableLanding(owner, "Ultima");
  const [last, ...others] = await storedLocations(owner, landing.id);
  for (const other of others) {
    const removed = await owner.api.delete(`/api/landing/${landing.id}/locations`, { data: { location_id: other.id } });
    expect(removed.status()).toBe(200);
  }

  await page.goto(`/location-reservaction?landing=${landing.id}`);
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Eliminar la localización/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Eliminar localización" }).click();
  await expect(toast(page, /^Es la última localización de una landing publicada/)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await storedLocations(owner, landing.id)).toMatchObject([{ id: last?.id }]);
});

test("a place renamed changes in every pair, keeps its hours, and the site offers the new name", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("locations-rename", { open: false });
  const landing = await createBookableLanding(owner, "Renombre");
  const week = Array(7).fill({ open: "08:00", close: "18:00" });
  const hours = await owner.api.put(`/api/landings/${landing.id}/places`, { data: { place: "Santiago", hours: week } });
  expect(hours.status()).toBe(200);
  const pairsBefore = await storedLocations(owner, landing.id);

  await page.goto(`/location-reservaction?landing=${landing.id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Lugares y horarios" })).toBeVisible();
  await main.getByRole("button", { name: "Renombrar: Santiago" }).click();
  const dialog = page.getByRole("dialog", { name: "Renombrar Santiago" });
  const field = dialog.getByLabel("Nuevo nombre");
  await expect(field).toHaveValue("Santiago");
  await expect(field).toHaveAccessibleDescription(/conservan el nombre con el que se reservaron/);
  await expectNoSeriousViolations(page);

  // Another place's name, in any case, would merge the two: refused under the field, nothing changed.
  await field.fill(" la ROMANA");
  await dialog.getByRole("button", { name: "Renombrar lugar" }).click();
  await expect(field).toHaveAccessibleDescription(/Ya hay un lugar con ese nombre en esta landing: elige otro\./);
  await expect(field).toBeFocused();
  expect(await storedLocations(owner, landing.id)).toEqual(pairsBefore);

  // Double-clicked, it renames once.
  await field.fill("Santiago Centro");
  await dialog.getByRole("button", { name: "Renombrar lugar" }).dblclick();
  await expect(toast(page, "Santiago ahora se llama Santiago Centro.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const pairs = main.getByTestId("location-row");
  await expect(pairs).toHaveText([
    /Santiago Centro.*Santiago Centro/,
    /La Romana.*La Romana/,
    /Santiago Centro.*La Romana/,
  ]);
  const place = main.getByTestId("place-row").filter({ hasText: "Santiago Centro" });
  await expect(place.getByTestId("place-hours")).toHaveText("Lun–Dom 8:00 AM–6:00 PM");
  expect(
    (await storedLocations(owner, landing.id)).map((pair) => [pair.place_of_departure, pair.arrival_place]),
  ).toEqual([
    ["Santiago Centro", "Santiago Centro"],
    ["La Romana", "La Romana"],
    ["Santiago Centro", "La Romana"],
  ]);

  // The published site's search offers the new name only.
  await page.goto(`/${landing.name}`);
  await expect(page.getByTestId("search-pickup").getByRole("option")).toHaveText(["Santiago Centro", "La Romana"]);
});
