import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { signedInOwner } from "./support/owners";
import { test } from "./support/test";

// Issue 8: reservations exist now. Help describes them as they work (statuses, confirm and cancel
// with the fee, emails to owner and customer through SMTP or .eml files in DATA_DIR/outbox).

test("Help explains reservations as they work today, in Spanish and English", async ({ page }) => {
  await signedInOwner(page, "res-help", { open: false });
  await page.goto("/help");
  const main = page.getByRole("main");
  const section = main.getByRole("region", { name: "Reservas" });
  for (const text of [
    "Pendiente",
    "Confirmada",
    "Cancelada",
    "Completada",
    "La unidad queda libre",
    // Each landing's own policy, from its Reglas y tarifas; the default's figures named as such.
    "la que fijas en su pestaña Reglas y tarifas",
    "por defecto, 100.00 si faltan más de 24 horas",
    "200.00 si faltan menos",
    "te llega un correo con los datos del cliente",
    "SMTP_URL",
    "DATA_DIR/outbox",
    ".eml",
  ]) {
    await expect(section).toContainText(text);
  }
  // Nothing says bookings are not available any more.
  await expect(main).not.toContainText("Las reservas en línea todavía no están disponibles");
  await expect(main).not.toContainText("Nelly no envía correos");

  await main.getByText("¿Cómo recibo reservas?").click();
  await expect(main.getByText("Nelly ya registra reservas para tus landings publicadas")).toBeVisible();
  await main.getByText("¿Cómo se calcula el precio de una reserva?").click();
  await expect(main.getByText("períodos completos de 24 horas")).toBeVisible();
  await main.getByText("No me llegan los correos de las reservas").click();
  await expect(main.getByText(/se guarda como archivo \.eml en DATA_DIR\/outbox/)).toBeVisible();
  await expectNoSeriousViolations(page, "help");

  await section.getByRole("link", { name: "Ir a Reservaciones" }).click();
  await expect(page).toHaveURL(/\/reservation$/);

  await page.goto("/help");
  await page.getByRole("button", { name: "English" }).click();
  const english = main.getByRole("region", { name: "Bookings" });
  await expect(english).toContainText("Pending");
  await expect(english).toContainText("DATA_DIR/outbox");
  await expect(english).toContainText("Each new reservation sends you an email");
});
