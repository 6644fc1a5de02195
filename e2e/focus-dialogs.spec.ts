import { expect, type Locator, type Page } from "@playwright/test";
import { createLanding, createVehicle, setDraftLanding, test, toast } from "./support/fleet";

// Keyboard only: a dialog closed by its own success (a feature created, a row deleted, the first
// place added) leaves the focus somewhere a keyboard or screen-reader user can go on from, never on
// the page's <body>, even when the button that opened it is gone with the row or the empty state.

/** The focused element is `expected`, and the page did not drop the focus on <body>. */
async function expectFocusOn(page: Page, expected: Locator) {
  await expect(expected).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");
}

/** Opens a dialog from the keyboard: the focus on its opener, then Enter. */
async function pressOn(page: Page, opener: Locator) {
  await opener.focus();
  await page.keyboard.press("Enter");
}

test("creating and deleting features from the keyboard keeps the focus on the page", async ({
  page,
  signedInOwner,
}) => {
  await signedInOwner("focus-features", { open: false });
  await page.goto("/feature-view");
  const main = page.getByRole("main");
  await expect(main.getByText("Aún no tienes características")).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Nueva característica" });

  const create = async (name: string, description: string) => {
    await pressOn(page, main.getByRole("button", { name: "Nueva característica" }));
    // A form dialog opens on its first field, not on its close button.
    await expect(dialog.getByLabel("Nombre", { exact: true })).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Descripción", { exact: true })).toBeFocused();
    await page.keyboard.type(description);
    // Descripción, both in English (optional), Cancelar, Agregar característica.
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Nombre en inglés (opcional)")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Agregar característica" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
  };

  // The first one: the empty state and its button give way to the list, and the focus goes to the
  // same action in its new place, the header's "Nueva característica".
  await create("GPS", "Navegador con mapas del país.");
  await expect(toast(page, "Caracteristica agregada con éxito.")).toBeVisible();
  await expect(main.getByRole("listitem")).toHaveCount(1);
  await expectFocusOn(page, main.getByRole("button", { name: "Nueva característica" }));
  await create("Asientos calefactables", "Calefacción en los asientos delanteros.");
  await create("Wifi", "Internet a bordo.");
  await expect(main.getByRole("listitem")).toHaveCount(3);
  await expectFocusOn(page, main.getByRole("button", { name: "Nueva característica" }));

  const remove = async (name: string) => {
    await pressOn(page, main.getByRole("button", { name: `Eliminar ${name}` }));
    const confirm = page.getByRole("dialog", { name: `¿Eliminar la característica «${name}»?` });
    // A confirmation opens on its least destructive answer.
    await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Eliminar característica" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(main.getByRole("button", { name: `Eliminar ${name}` })).toHaveCount(0);
  };

  // Sorted by name: Asientos calefactables, GPS, Wifi. The deleted one's place goes to the next.
  await remove("GPS");
  await expectFocusOn(page, main.getByRole("button", { name: "Eliminar Wifi" }));
  // The last one has no next: the one before it.
  await remove("Wifi");
  await expectFocusOn(page, main.getByRole("button", { name: "Eliminar Asientos calefactables" }));
  // None left: the page's heading.
  await remove("Asientos calefactables");
  await expect(main.getByText("Aún no tienes características")).toBeVisible();
  await expectFocusOn(page, main.getByRole("heading", { level: 1, name: "Características" }));
});

test("deleting vehicles from the keyboard keeps the focus on the page", async ({ page, signedInOwner }) => {
  const owner = await signedInOwner("focus-vehicles", { open: false });
  const landing = await createLanding(owner, "Foco");
  await createVehicle(owner, landing.id, { name: "Kia Rio 2021" }, 1);
  await createVehicle(owner, landing.id, { name: "Nissan Versa 2022" }, 1);
  await page.goto(`/view-landing/${landing.id}?tab=vehicles`);
  const panel = page.getByRole("main").getByRole("tabpanel");

  const remove = async (name: string) => {
    await pressOn(page, panel.getByRole("button", { name: `Eliminar ${name}` }).filter({ visible: true }));
    const confirm = page.getByRole("dialog", { name: "¿Estás seguro de que deseas eliminar este vehículo?" });
    await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(toast(page, "Vehículo eliminado")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(panel.getByRole("button", { name: `Eliminar ${name}` })).toHaveCount(0);
  };

  await remove("Kia Rio 2021");
  await expectFocusOn(
    page,
    panel.getByRole("button", { name: "Eliminar Nissan Versa 2022" }).filter({ visible: true }),
  );
  // The last vehicle: the table gives way to the empty state; the focus goes to the page's heading.
  await remove("Nissan Versa 2022");
  await expect(panel.getByText("No existen vehículos en esta landing.")).toBeVisible();
  await expectFocusOn(page, page.getByRole("main").getByRole("heading", { level: 1, name: landing.title }));
});

test("the designer's first place, added from the keyboard, keeps the focus on the page", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("focus-places");
  const landing = await createLanding(owner, "Foco lugares");
  await createVehicle(owner, landing.id, {}, 1);
  await setDraftLanding(page, landing);
  await page.goto("/layout-designer/places");
  const main = page.getByRole("main");

  await pressOn(page, main.getByRole("button", { name: "Agregar localización" }));
  const dialog = page.getByRole("dialog", { name: "Agregar localización" });
  await expect(dialog.getByLabel("Lugar de recogida")).toBeFocused();
  await page.keyboard.type("Aeropuerto de Santiago");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Lugar de devolución")).toBeFocused();
  await page.keyboard.type("Centro de Santiago");
  // Enter in a field submits the form.
  await page.keyboard.press("Enter");
  await expect(toast(page, "Localización agregada.")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The empty state's button gave way to the list's own "Agregar localización".
  await expect(main.getByTestId("location-row")).toHaveCount(1);
  await expectFocusOn(page, main.getByRole("button", { name: "Agregar localización" }));
});
