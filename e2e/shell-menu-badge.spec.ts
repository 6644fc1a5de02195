import { expect, type Page } from "@playwright/test";
import { test } from "./support/fleet";
import { book, createBookableLanding, storedReservation } from "./support/reservations";

// Below 1024 px the sidebar is a drawer behind the top bar's menu button, and its pending
// reservations badge with it. The menu button carries the count (GET /api/reservations/summary,
// the sidebar's own query), seen on the button and said in its name.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Abrir menú|^Open menu/ });
const menuBadge = (page: Page) => page.getByTestId("menu-pending-badge");

test("the menu button shows the pending reservations and follows them", async ({ page, signedInOwner }) => {
  test.slow();
  const owner = await signedInOwner("menu-badge");
  const landing = await createBookableLanding(owner, "Menú");
  await expect(menuButton(page)).toHaveAccessibleName("Abrir menú");
  await expect(menuBadge(page)).toHaveCount(0);

  const first = await book(landing, { name: "Ana" });
  await book(landing, { name: "Luis" });
  await page.reload();
  await expect(menuButton(page)).toHaveAccessibleName("Abrir menú, 2 reservas pendientes");
  await expect(menuBadge(page)).toBeVisible();
  await expect(menuBadge(page)).toHaveText("2");
  // Inside the drawer, the same count beside Reservaciones.
  await menuButton(page).click();
  const drawer = page.getByRole("dialog", { name: "Menú" });
  await drawer.getByRole("link", { name: "Reservaciones, 2 reservas pendientes" }).click();

  // Confirming one in the dashboard updates the button at once (the same query, refreshed).
  await page.getByRole("main").getByRole("button", { name: first.reference, exact: true }).click();
  const detail = page.getByRole("dialog", { name: `Reserva ${first.reference}` });
  await detail.getByRole("button", { name: "Confirmar" }).click();
  await expect(detail.getByRole("button", { name: "Confirmar" })).toHaveCount(0);
  await expect(menuBadge(page)).toHaveText("1");
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await expect(menuButton(page)).toHaveAccessibleName("Abrir menú, 1 reserva pendiente");
  expect((await storedReservation(owner, landing.id, first.reference))?.status).toBe("confirmed");

  await menuButton(page).click();
  await page.getByRole("dialog", { name: "Menú" }).getByRole("button", { name: "English" }).click();
  await page.keyboard.press("Escape");
  await expect(menuButton(page)).toHaveAccessibleName("Open menu, 1 pending reservation");
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

  test("the sidebar shows the count, and the hidden top bar adds no second one", async ({ page, signedInOwner }) => {
    const owner = await signedInOwner("menu-badge-desktop");
    const landing = await createBookableLanding(owner, "Escritorio");
    await book(landing);
    await page.reload();
    await expect(
      page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: /^Reservaciones/ }),
    ).toHaveAccessibleName("Reservaciones, 1 reserva pendiente");
    await expect(menuBadge(page)).toBeHidden();
  });
});
