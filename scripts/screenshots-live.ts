/**
 * Captures the calendar link card (loaded, copied, the regenerate confirmation) and the toast of a
 * reservation that arrives while the dashboard is open, in Spanish and English, on a desktop and a
 * phone, into ./screenshots/live/ for visual review. Needs a running server:
 *   npx vite build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-live.ts   (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import { type Browser, request } from "@playwright/test";
import {
  apiAccount,
  BASE_URL,
  capture,
  LANGUAGES,
  type Language,
  landingWithFleet,
  newScreenContext,
  ok,
  runScreenshots,
  type ScreenAccount,
  signInThroughForm,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots", "live");
type Landing = { id: number; vehicle: number };

async function bookableLanding(owner: ScreenAccount): Promise<Landing> {
  const landing = await landingWithFleet(owner);
  return { id: landing.id, vehicle: landing.vehicles[0] ?? 0 };
}

async function book(landing: Landing, name: string, startDays: number) {
  const visitor = await request.newContext({ baseURL: BASE_URL });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await ok(
    await visitor.post("/api/reservations", {
      data: {
        id_landing: landing.id,
        id_vehicle: landing.vehicle,
        place_of_departure: "Aeropuerto de Punta Cana",
        arrival_place: "Bávaro",
        date_of_departure: day(startDays),
        time_of_departure: "10:00",
        date_of_arrival: day(startDays + 4),
        time_of_arrival: "10:00",
        number_person: 2,
        number_bag: 2,
        addons: [],
        name,
        last_name: "Pérez Ñúñez",
        email: "ana@example.com",
        phone: "+1 809 555 0101",
        description: "",
        terms_accepted: true,
      },
    }),
  );
  await visitor.dispose();
}

async function shoot(browser: Browser, viewport: ViewportName, language: Language) {
  const owner = await apiAccount(`live-${viewport}-${language}`, "Autos Caribe");
  const landing = await bookableLanding(owner);
  await book(landing, "Luis", 7);
  const context = await newScreenContext(browser, viewport, language, { permissions: ["clipboard-write"] });
  const page = await context.newPage();
  await signInThroughForm(page, owner.email);
  const prefix = `${viewport}-${language}`;

  await page.goto(`/view-landing/${landing.id}`);
  const card = page.getByRole("region", {
    name: language === "es" ? "Calendario de reservas" : "Reservations calendar",
  });
  await card.getByRole("textbox").waitFor();
  await card.scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-calendar-card`);
  await card.getByRole("button", { name: language === "es" ? "Copiar" : "Copy" }).click();
  await capture(page, OUT_DIR, `${prefix}-calendar-copied`, { settleAnimations: true });
  await card.getByRole("button", { name: language === "es" ? "Regenerar enlace" : "Regenerate link" }).click();
  await page.getByRole("dialog").waitFor();
  await capture(page, OUT_DIR, `${prefix}-calendar-regenerate-dialog`, { settleAnimations: true });
  await page.keyboard.press("Escape");

  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/live");
  await page.goto("/reservation");
  await streamOpen;
  await book(landing, "Ana", 12);
  await page.locator("[data-sonner-toast]").filter({ hasText: "Ana" }).waitFor();
  await capture(page, OUT_DIR, `${prefix}-live-toast`, { settleAnimations: true });
  await context.close();
  await owner.api.dispose();
}

runScreenshots(OUT_DIR, async (browser) => {
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) await shoot(browser, viewport, language);
  }
});
