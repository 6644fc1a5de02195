import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// Help stays true to what Nelly does at each moment (issue 7, item 11). Today reservations exist
// and every published landing has its public booking site (issue 9): Help says so, and nothing in
// it (or in an empty Reservaciones) still says bookings or the public pages are to come.
// reservations-help.spec.ts looks at the reservations section itself (statuses, fees, emails).

test("Help says customers book on each published landing's public site, in Spanish and English", async ({ page }) => {
  await signedInOwner(page, "help", { open: false });
  await page.goto("/help");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Ayuda" })).toBeVisible();

  const start = main.getByRole("region", { name: "Primeros pasos" });
  await expect(start).toContainText("la vista previa es tu sitio real");
  await expect(start).toContainText("Al publicarla, tu landing abre en su dirección, por ejemplo autos-caribe");
  await expect(start).toContainText("Mientras sea un borrador, solo tú la ves");
  const bookings = main.getByRole("region", { name: "Reservas" });
  await expect(bookings).toContainText("Tus clientes reservan en el sitio público de cada landing publicada");
  // Nothing says the public pages or bookings are still to come.
  for (const stale of [
    "todavía no están abiertas",
    "no están disponibles",
    "Próximamente",
    "cuando tu sitio público abra",
  ]) {
    await expect(main).not.toContainText(stale);
  }
  // The example address is a slug, never this browser's host.
  await expect(main).not.toContainText("localhost");
  await expect(main).not.toContainText("127.0.0.1");

  await main.getByText("¿Por qué mis clientes no ven mi landing?").click();
  await expect(main.getByText("Solo las landings publicadas tienen sitio público")).toBeVisible();
  await main.getByText("¿Cómo recibo reservas?").click();
  await expect(main.getByText(/tus clientes reservan en el sitio público de la landing/)).toBeVisible();
  await main.getByText("¿En qué idioma verán mi sitio los clientes?").click();
  await expect(main.getByText(/cada cliente puede cambiarlo con el botón de idioma/)).toBeVisible();
  await expectNoSeriousViolations(page, "help");

  await page.getByRole("button", { name: "English" }).click();
  await expect(main.getByRole("region", { name: "Getting started" })).toContainText(
    "Once published, your landing opens at its address",
  );
  await expect(main.getByRole("region", { name: "Bookings" })).toContainText(
    "Customers book on the public site of each published landing",
  );
  for (const stale of ["not open yet", "not available yet", "Coming soon", "once your public site opens"]) {
    await expect(main).not.toContainText(stale);
  }
});

test("an empty Reservaciones says where bookings come from and leads to Help", async ({ page }) => {
  await signedInOwner(page, "reservations-empty", { open: false });
  await page.goto("/reservation");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Aún no tienes reservas" })).toBeVisible();
  await expect(main).toContainText(
    "cuando un cliente reserva un vehículo en el sitio de una de tus landings publicadas",
  );
  await expect(main).not.toContainText("Próximamente");
  await expect(main).not.toContainText("todavía no están abiertas");
  await main.getByRole("link", { name: "Cómo funcionan las reservas" }).click();
  await expect(page).toHaveURL(/\/help#help-reservations$/);
});
