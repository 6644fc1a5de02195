import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { type FleetOwner, test, toast } from "./support/fleet";

async function storedFeatures(owner: FleetOwner) {
  const response = await owner.api.get("/api/special-features");
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number; name: string; description: string }[];
}

test("an owner adds special features, finds them and deletes one after confirming", async ({ page, signedInOwner }) => {
  test.setTimeout(60_000);
  const owner = await signedInOwner("features");
  await page.getByRole("link", { name: "Características", exact: true }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Características" })).toBeVisible();
  await expect(main.getByText("Aún no tienes características")).toBeVisible();
  await expectNoSeriousViolations(page);

  // Both fields are required.
  await main.getByRole("button", { name: "Nueva característica" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva característica" });
  await dialog.getByRole("button", { name: "Agregar característica" }).click();
  await expect(dialog.getByLabel("Nombre", { exact: true })).toHaveAccessibleDescription(
    /Por favor, completa todos los campos de la característica\./,
  );
  await expectNoSeriousViolations(page);

  await dialog.getByLabel("Nombre", { exact: true }).fill("Asientos calefactables");
  await dialog.getByLabel("Descripción", { exact: true }).fill("Calefacción en los asientos delanteros.");
  // In English too, for the site's English pages (optional).
  await dialog.getByLabel("Nombre en inglés (opcional)").fill("Heated seats");
  await expect(dialog.getByLabel("Nombre en inglés (opcional)")).toHaveAttribute("lang", "en");
  await expect(dialog.getByText("39 / 255")).toBeVisible();
  // The name's count, so a long name pasted is seen to stop at the limit.
  await expect(dialog.getByText("22 / 40")).toBeVisible();
  await dialog.getByRole("button", { name: "Agregar característica" }).click();
  await expect(toast(page, "Caracteristica agregada con éxito.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await main.getByRole("button", { name: "Nueva característica" }).click();
  await dialog.getByLabel("Nombre", { exact: true }).fill("GPS");
  await dialog.getByLabel("Descripción", { exact: true }).fill("Navegador con mapas del país.");
  await dialog.getByRole("button", { name: "Agregar característica" }).click();
  await expect(dialog).toBeHidden();

  const chips = main.getByRole("list", { name: "Tus características" }).getByRole("listitem");
  await expect(chips).toHaveCount(2);
  await expect(main.getByText("2 características")).toBeAttached();
  expect((await storedFeatures(owner)).map((feature) => feature.name).sort()).toEqual([
    "Asientos calefactables",
    "GPS",
  ]);
  // The English name kept; the description left empty shows as written.
  expect(await storedFeatures(owner)).toContainEqual(
    expect.objectContaining({ name: "Asientos calefactables", translations: { en: { name: "Heated seats" } } }),
  );
  await expectNoSeriousViolations(page);

  // A name already used is refused under the field, and only there: no toast for the same problem.
  await main.getByRole("button", { name: "Nueva característica" }).click();
  await dialog.getByLabel("Nombre", { exact: true }).fill("GPS");
  await dialog.getByLabel("Descripción", { exact: true }).fill("Otra vez.");
  await dialog.getByRole("button", { name: "Agregar característica" }).click();
  await expect(dialog.getByLabel("Nombre", { exact: true })).toHaveAccessibleDescription(
    /Ya tienes una característica con este nombre\./,
  );
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Error al crear" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  // Search filters as the owner types, accents and case aside.
  await main.getByRole("searchbox", { name: "Buscar características" }).fill("CALEFACTABLE");
  await expect(chips).toHaveCount(1);
  await expect(chips.first()).toContainText("Asientos calefactables");
  await main.getByRole("searchbox", { name: "Buscar características" }).fill("zzz");
  await expect(main.getByText("Ninguna característica coincide")).toBeVisible();
  await main.getByRole("button", { name: "Borrar búsqueda" }).first().click();
  await expect(chips).toHaveCount(2);

  // Delete, confirmed in a dialog that names the feature.
  await main.getByRole("button", { name: "Eliminar GPS" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Eliminar la característica «GPS»?" });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page);
  await confirm.getByRole("button", { name: "Eliminar característica" }).click();
  // SPEC §8's message after a delete.
  await expect(toast(page, "Borrado exitoso.")).toBeVisible();
  await expect(chips).toHaveCount(1);
  expect((await storedFeatures(owner)).map((feature) => feature.name)).toEqual(["Asientos calefactables"]);
});

test("an owner renames a feature; a second tab's older form is refused, keeps its text and reloads", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("features-edit");
  const created = await owner.api.post("/api/special-features", { data: { name: "Wifi", description: "A bordo." } });
  expect(created.status()).toBe(201);
  await page.goto("/feature-view");
  const main = page.getByRole("main");
  const chips = main.getByRole("list", { name: "Tus características" }).getByRole("listitem");
  await expect(chips).toHaveCount(1);

  // A second tab opens the same feature before the first saves.
  const second = await page.context().newPage();
  await second.goto("/feature-view");
  await second.getByRole("main").getByRole("button", { name: "Editar Wifi" }).click();
  const secondDialog = second.getByRole("dialog", { name: "Editar «Wifi»" });
  await expect(secondDialog.getByLabel("Nombre", { exact: true })).toHaveValue("Wifi");

  await main.getByRole("button", { name: "Editar Wifi" }).click();
  const dialog = page.getByRole("dialog", { name: "Editar «Wifi»" });
  await expect(dialog.getByLabel("Descripción", { exact: true })).toHaveValue("A bordo.");
  await dialog.getByLabel("Nombre", { exact: true }).fill("Wi-Fi 5G");
  await dialog.getByLabel("Descripción", { exact: true }).fill("Internet en todo el coche.");
  await dialog.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Característica guardada.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(chips.first()).toContainText("Wi-Fi 5G");
  await expect(chips.first()).toContainText("Internet en todo el coche.");

  // The second tab's save would undo it: refused, its text kept, until it loads what is saved.
  await secondDialog.getByLabel("Descripción", { exact: true }).fill("Sin límite de datos.");
  await secondDialog.getByRole("button", { name: "Guardar cambios" }).click();
  const alert = secondDialog.getByRole("alert");
  await expect(alert).toContainText("Estos datos cambiaron en otra pestaña o por otra persona.");
  await expect(secondDialog.getByLabel("Descripción", { exact: true })).toHaveValue("Sin límite de datos.");
  await expect(secondDialog.getByRole("button", { name: "Guardar cambios" })).toBeDisabled();
  await alert.getByRole("button", { name: "Recargar datos" }).click();
  await expect(secondDialog.getByLabel("Nombre", { exact: true })).toHaveValue("Wi-Fi 5G");
  await expect(secondDialog.getByLabel("Descripción", { exact: true })).toHaveValue("Internet en todo el coche.");
  await expect(secondDialog.getByRole("alert")).toHaveCount(0);
  await second.close();

  expect(await storedFeatures(owner)).toMatchObject([{ name: "Wi-Fi 5G", description: "Internet en todo el coche." }]);
  await expectNoSeriousViolations(page);
});

test("a failed delete says so and keeps the feature", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("features-fail", { open: false });
  await owner.api.post("/api/special-features", { data: { name: "Wifi", description: "Internet a bordo." } });
  await page.goto("/feature-view");
  const main = page.getByRole("main");
  await expect(main.getByText("Wifi")).toBeVisible();

  await page.route("**/api/special-features/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) })
      : route.fallback(),
  );
  await main.getByRole("button", { name: "Eliminar Wifi" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Eliminar característica" }).click();
  await expect(toast(page, "Error al eliminar la característica. Inténtalo de nuevo.")).toBeVisible();
  // The dialog stays open so the owner can try again or cancel.
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await storedFeatures(owner)).toHaveLength(1);
});

test("a failed load offers a retry", async ({ page, signedInOwner }) => {
  await signedInOwner("features-load", { open: false });
  await page.route("**/api/special-features", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "down" }) }),
  );
  await page.goto("/feature-view");
  await expect(page.getByRole("heading", { name: "Error al cargar las características." })).toBeVisible({
    timeout: 10_000,
  });
  await expectNoSeriousViolations(page);
  await page.unroute("**/api/special-features");
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByText("Aún no tienes características")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the features page works at 360 px", async ({ page, signedInOwner }) => {
    const owner = await signedInOwner("features-phone", { open: false });
    await owner.api.post("/api/special-features", {
      data: { name: "Silla de bebé", description: "Para niños de 9 a 18 kg, instalada antes de la entrega." },
    });
    await page.goto("/feature-view");
    const chip = page.getByRole("main").getByRole("listitem").filter({ hasText: "Silla de bebé" });
    await expect(chip).toBeVisible();
    const box = await chip.getByRole("button", { name: "Eliminar Silla de bebé" }).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
  });
});
