import { expect, type Page } from "@playwright/test";
import { test } from "./support/fleet";
import { book, createBookableLanding, dialog } from "./support/reservations";

// The browser's Back (a phone's back gesture) with a dialog open closes the dialog, as its close
// button does, and stays on the page; with none open it leaves as before.

/** Back as the browser's button does it: `page.goBack` would wait for a page that never comes. */
const back = (page: Page) => page.evaluate(() => history.back());

/**
 * Ayuda, then Reservaciones from the menu: a page of the dashboard behind this one, which Back can be
 * held from. (Back from the first page a tab opened leaves the dashboard's document: no script can
 * hold that, docs/architecture.md.)
 */
async function openReservationsFromHelp(page: Page) {
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();
  await page.getByRole("navigation").getByRole("link", { name: "Reservaciones" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reservaciones" })).toBeVisible();
}

test("Back closes the booking's detail, asks before a typed Nueva reserva goes, then leaves the page", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await signedInOwner("back-dialogs", { open: false });
  const landing = await createBookableLanding(owner, "Atrás");
  const booked = await book(landing, { name: "Ana" });
  await openReservationsFromHelp(page);
  const main = page.getByRole("main");

  await main.getByRole("button", { name: booked.reference, exact: true }).click();
  const detail = dialog(page, `Reserva ${booked.reference}`);
  await expect(detail).toBeVisible();
  await back(page);
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\/reservation$/);
  await expect(main.getByRole("button", { name: booked.reference, exact: true })).toBeFocused();

  // A form with something typed asks first, as Escape does; Back on the question keeps the form.
  await main.getByRole("button", { name: "Nueva reserva" }).click();
  const form = dialog(page, "Nueva reserva");
  await form.getByLabel("Nombre", { exact: true }).fill("Pedro");
  await back(page);
  const ask = dialog(page, "¿Descartar esta reserva?");
  await expect(ask).toBeVisible();
  await expect(form).toBeVisible();
  await back(page);
  await expect(ask).toBeHidden();
  await expect(form.getByLabel("Nombre", { exact: true })).toHaveValue("Pedro");
  await expect(page).toHaveURL(/\/reservation$/);
  await form.getByRole("button", { name: "Cancelar" }).click();
  await ask.getByRole("button", { name: "Descartar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Nothing open: Back goes back.
  await back(page);
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();
});

test("Back closes a deletion's confirmation alone, in front of the booking's detail, and deletes nothing", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await signedInOwner("back-delete", { open: false });
  const landing = await createBookableLanding(owner, "Borrar Atrás");
  const booked = await book(landing, { name: "Eva" });
  await openReservationsFromHelp(page);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: booked.reference, exact: true }).click();
  const detail = dialog(page, `Reserva ${booked.reference}`);
  await detail.getByRole("button", { name: "Eliminar" }).click();
  // The confirmation in front of the detail: Back closes it alone, and nothing is deleted.
  const confirm = dialog(page, "¿Eliminar esta reserva?");
  await expect(confirm).toBeVisible();
  await back(page);
  await expect(confirm).toBeHidden();
  await expect(detail).toBeVisible();
  await back(page);
  await expect(detail).toBeHidden();
  await expect(main.getByRole("button", { name: booked.reference, exact: true })).toBeVisible();
  const stored = await owner.api.get(`/api/reservations/${landing.id}`);
  expect(((await stored.json()) as { reservations: unknown[] }).reservations).toHaveLength(1);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("Back closes the menu drawer and gives the focus back to its button", async ({ page, signedInOwner }) => {
    await signedInOwner("back-drawer");
    const menuButton = page.getByRole("button", { name: "Abrir menú" });
    const drawer = page.getByRole("dialog", { name: "Menú" });
    await menuButton.click();
    await drawer.getByRole("link", { name: "Ayuda" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();
    await menuButton.click();
    await expect(drawer).toBeVisible();
    await back(page);
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/help$/);
    await expect(menuButton).toBeFocused();
    // Closed, Back leaves the page it was over.
    await back(page);
    await expect(page).toHaveURL(/\/landings$/);
  });
});
