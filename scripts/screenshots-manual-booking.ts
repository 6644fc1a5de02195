/**
 * Captures the manual booking dialog (filled with its live quote, refused fields, the agreed price),
 * the Manual badge in the list, the detail with the agreed price, the booking changed and its
 * history, in Spanish and English, on a
 * desktop and a phone, into ./screenshots/desk/ for visual review. Needs a running server:
 *   npx vite build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-manual-booking.ts   (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import type { Browser, Locator } from "@playwright/test";
import {
  apiAccount,
  capture,
  LANGUAGES,
  type Language,
  landingWithFleet,
  newScreenContext,
  runScreenshots,
  signInThroughForm,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots", "desk");
const DESKTOP = { width: 1280, height: 800 };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function shoot(browser: Browser, viewport: ViewportName, language: Language) {
  const es = language === "es";
  const owner = await apiAccount(`desk-${viewport}-${language}`, "Autos Caribe");
  await landingWithFleet(owner);
  const context = await newScreenContext(
    browser,
    viewport,
    language,
    viewport === "desktop" ? { viewport: DESKTOP } : {},
  );
  const page = await context.newPage();
  await signInThroughForm(page, owner.email);
  const prefix = `${viewport}-${language}`;
  const scrollTo = async (locator: Locator) => locator.scrollIntoViewIfNeeded();

  await page.goto("/reservation");
  await page.getByRole("button", { name: es ? "Nueva reserva" : "New reservation" }).click();
  const dialog = page.getByRole("dialog");
  await capture(page, OUT_DIR, `${prefix}-dialog-start`, { settleAnimations: true });
  await dialog.getByLabel("Landing").selectOption({ label: "Autos Caribe Punta Cana" });
  await dialog.getByLabel(es ? "Vehículo" : "Vehicle").selectOption({ index: 1 });
  await dialog.getByLabel(es ? "Fecha de recogida" : "Pickup date").fill(day(9));
  await dialog.getByLabel(es ? "Fecha de devolución" : "Return date").fill(day(13));
  await dialog.locator('input[type="checkbox"]').first().check();
  await dialog.getByTestId("desk-quote").waitFor();
  // The price is what this shot is of: bring it into view (the fields above it scroll past).
  await dialog.getByTestId("desk-quote").scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-dialog-quote`, { settleAnimations: true });

  await dialog.getByRole("button", { name: es ? "Guardar reserva" : "Save reservation" }).click();
  await dialog
    .getByRole("alert")
    .first()
    .waitFor({ state: "attached" })
    .catch(() => {});
  await page.waitForTimeout(300);
  await capture(page, OUT_DIR, `${prefix}-dialog-errors`);

  await dialog.getByLabel(es ? "Nombre" : "First name", { exact: true }).fill("Ana");
  await dialog.getByLabel(es ? "Teléfono" : "Phone").fill("+1 809 555 0199");
  await dialog.getByLabel(es ? "Correo electrónico (opcional)" : "Email (optional)").fill("ana@example.com");
  await dialog.getByRole("checkbox", { name: es ? /correo de confirmación/ : /Email the confirmation/ }).check();
  // The customer's own language: a tourist who called gets their emails in English.
  const customerLanguage = dialog.getByLabel(es ? "Idioma del cliente" : "Customer's language");
  await customerLanguage.selectOption(es ? "en" : "es");
  await scrollTo(customerLanguage);
  await capture(page, OUT_DIR, `${prefix}-dialog-customer`);
  const agreed = dialog.getByLabel(es ? "Precio acordado (opcional)" : "Agreed price (optional)");
  await agreed.fill("150");
  await dialog
    .getByLabel(es ? "Motivo del precio acordado" : "Reason for the agreed price")
    .fill(es ? "Cliente frecuente" : "Regular customer");
  await scrollTo(agreed);
  await capture(page, OUT_DIR, `${prefix}-dialog-agreed`);
  await dialog.getByRole("button", { name: es ? "Guardar reserva" : "Save reservation" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.locator("[data-sonner-toast]").first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-list-manual`, { settleAnimations: true });

  await page.getByRole("main").getByRole("button", { name: /^NLY-/ }).first().click();
  await page.getByRole("dialog").waitFor();
  const reason = page.getByTestId("reservation-price-reason");
  await scrollTo(reason);
  await capture(page, OUT_DIR, `${prefix}-detail-manual`, { settleAnimations: true });

  // Changing it (issue 25.21): the sheet on its values, then its history in the detail.
  await page
    .getByRole("dialog")
    .getByRole("button", { name: es ? "Cambiar" : "Change" })
    .click();
  const change = page.getByRole("dialog", { name: es ? /^Cambiar la reserva/ : /^Change booking/ });
  await change.getByLabel(es ? "Fecha de devolución" : "Return date").fill(day(15));
  await change.getByTestId("desk-quote").waitFor();
  await page.waitForTimeout(600);
  await capture(page, OUT_DIR, `${prefix}-change`, { settleAnimations: true });
  await change.getByRole("button", { name: es ? "Guardar cambios" : "Save changes" }).click();
  await change.waitFor({ state: "hidden" });
  await page.getByRole("main").getByRole("button", { name: /^NLY-/ }).first().click();
  const history = page.getByTestId("reservation-history");
  await history.waitFor();
  await scrollTo(history);
  await capture(page, OUT_DIR, `${prefix}-detail-history`, { settleAnimations: true });
  await context.close();
  await owner.api.dispose();
}

runScreenshots(OUT_DIR, async (browser) => {
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) await shoot(browser, viewport, language);
  }
});
