import { expect, type Page } from "@playwright/test";
import { test, toast } from "./support/fleet";
import { book, createBookableLanding } from "./support/reservations";

// Issue 25.9: signing out in one tab left a Reservaciones tab showing customers for about a minute,
// and a landing's tab saying "Usuario o ID de landing no encontrado...". Every tab of the browser
// now follows a sign-out at once; an ended session, on the other hand, is signed into again from
// any tab, and the others carry on.

const loginHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Iniciar sesión" });

test("signing out in one tab takes the other tabs to the sign-in page at once, showing nothing of the owner", async ({
  page,
  context,
  signedInOwner,
}) => {
  test.slow();
  const owner = await signedInOwner("tabs-out");
  const landing = await createBookableLanding(owner, "Caribe Rent");
  await book(landing, { name: "Ana", last_name: "Ñúñez", email: "ana.tabs@example.com" });

  const reservations = await context.newPage();
  await reservations.goto("/reservation");
  await expect(reservations.getByRole("main").getByText("ana.tabs@example.com").first()).toBeVisible();
  const detail = await context.newPage();
  await detail.goto(`/view-landing/${landing.id}`);
  await expect(detail.getByRole("heading", { level: 1, name: landing.display_name })).toBeVisible();

  await page.getByRole("button", { name: "Cerrar sesión" }).click();

  for (const tab of [reservations, detail]) {
    await expect(loginHeading(tab)).toBeVisible();
    await expect(tab).toHaveURL(/\/$/);
    await expect(toast(tab, "Cerraste sesión en otra pestaña.")).toBeVisible();
    await expect(tab.getByText("ana.tabs@example.com")).toHaveCount(0);
    await expect(tab.getByText(landing.display_name)).toHaveCount(0);
    await expect(tab.getByText("Usuario o ID de landing no encontrado")).toHaveCount(0);
  }
  // Signed out for good: opening the page again asks for a sign-in.
  await reservations.goto("/reservation");
  await expect(loginHeading(reservations)).toBeVisible();
  await expect(reservations.getByText("ana.tabs@example.com")).toHaveCount(0);
});

test("an ended session is signed into again from one tab, and every tab carries on with what was typed", async ({
  page,
  context,
  signedInOwner,
}) => {
  test.slow();
  await page.clock.install();
  const owner = await signedInOwner("tabs-again", { open: false });
  await page.goto("/user-config");
  await page.getByLabel("Nombre").fill("Nombre a medio escribir");

  const other = await context.newPage();
  await other.clock.install();
  await other.goto("/help");
  await expect(other.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();

  // An hour and a minute with nobody at either tab.
  await page.clock.fastForward(61 * 60 * 1000);
  await other.clock.fastForward(61 * 60 * 1000);
  const ended = (tab: Page) => tab.getByRole("alertdialog", { name: "Tu sesión se cerró" });
  await expect(ended(page)).toBeVisible();
  await expect(ended(other)).toBeVisible();

  // Signing in again in the help tab closes the dialog in the settings tab too, text intact.
  await ended(other).getByLabel("Contraseña", { exact: true }).fill(owner.password);
  await ended(other).getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(ended(other)).toBeHidden();
  await expect(ended(page)).toBeHidden();
  await expect(page).toHaveURL(/\/user-config$/);
  await expect(page.getByLabel("Nombre")).toHaveValue("Nombre a medio escribir");
  await expect(other).toHaveURL(/\/help$/);
});
