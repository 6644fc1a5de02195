/**
 * Captures the owner's home page (figures, charts, visits funnel) and the planner (week, month, a
 * bar's reservation, a free day's booking, the phone agenda), in Spanish and English, on a desktop
 * and a phone, into ./screenshots/desk-views/ for visual review. Needs a running server that
 * writes page views quickly:
 *   npx vite build && PORT=3100 PAGE_VIEW_FLUSH_MS=200 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-desk-views.ts   (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
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

const OUT_DIR = path.resolve("screenshots", "desk-views");
const DESKTOP = { width: 1280, height: 800 };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const CUSTOMERS = ["Ana", "Luis", "Carmen", "José", "Rosa", "Pedro", "Lucía", "Miguel"];

/** A week of bookings around today (public and by phone, some confirmed), a block and some visits. */
async function seedBusiness(owner: ScreenAccount) {
  const landing = await landingWithFleet(owner);
  const trip = (vehicle: number, start: number, length: number, index: number) => ({
    id_landing: landing.id,
    id_vehicle: vehicle,
    place_of_departure: "Aeropuerto de Punta Cana",
    arrival_place: "Bávaro",
    date_of_departure: day(start),
    time_of_departure: "10:00",
    date_of_arrival: day(start + length),
    time_of_arrival: "09:00",
    number_person: 2,
    name: CUSTOMERS[index % CUSTOMERS.length],
    last_name: "Peña",
    email: `cliente${index}@example.com`,
    phone: "+1 809 555 0101",
    terms_accepted: true,
  });
  const booked: number[] = [];
  const plan: [number, number, number][] = [
    [0, 1, 3],
    [0, 2, 4],
    [0, 6, 5],
    [1, 1, 2],
    [1, 4, 6],
    [1, 12, 3],
  ];
  for (const [index, [vehicle, start, length]] of plan.entries()) {
    const created = await ok<{ id: number }>(
      await owner.api.post("/api/reservations", { data: trip(landing.vehicles[vehicle] ?? 0, start, length, index) }),
    );
    booked.push(created.id);
  }
  for (const id of booked.slice(0, 3)) {
    await ok(await owner.api.patch(`/api/reservations/${id}/status`, { data: { status: "confirmed" } }));
  }
  // Taken by phone: picked up today and tomorrow, as the desk does.
  for (const [index, start] of [0, 1].entries()) {
    await ok(
      await owner.api.post(`/api/landings/${landing.id}/reservations`, {
        data: { ...trip(landing.vehicles[1] ?? 0, start, 2, index + 6), time_of_departure: "23:30" },
      }),
    );
  }
  await ok(
    await owner.api.post(`/api/vehicles/${landing.id}/${landing.vehicles[0]}/blocks`, {
      data: { from: day(9), to: day(11), units: 1, note: "Taller" },
    }),
  );
  // Visits, as phones browsing the site would make them.
  const visits: [string, number][] = [
    ["", 40],
    ["/vehicle", 24],
    [`/vehicles/${landing.vehicles[0]}`, 14],
    ["/review", 9],
  ];
  for (const [page, count] of visits) {
    for (let visit = 0; visit < count; visit++) await fetch(`${BASE_URL}/${landing.name}${page}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return landing;
}

async function shootDashboard(page: Page, prefix: string) {
  await page.goto("/dashboard");
  await page.locator("[data-funnel]").waitFor();
  await page.locator(".recharts-wrapper").first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-dashboard`, { fullPage: true });
}

async function shootPlanner(page: Page, prefix: string, viewport: ViewportName, es: boolean) {
  await page.goto("/planner");
  await page.locator("[data-planner-bar]").first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-planner-week`, { fullPage: true });
  await page.locator("[data-planner-bar]").first().click();
  await page.getByRole("dialog").waitFor();
  await capture(page, OUT_DIR, `${prefix}-planner-bar`, { settleAnimations: true });
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "hidden" });
  if (viewport === "desktop") {
    await page.getByRole("button", { name: es ? "Mes" : "Month", exact: true }).click();
    await page.locator("[data-planner-scroller] [data-planner-day]").nth(27).waitFor({ state: "attached" });
    await page.locator('[aria-busy="false"] [data-planner-bar]').first().waitFor();
    await capture(page, OUT_DIR, `${prefix}-planner-month`);
    // A free day near the month's end, clicked where the mouse would.
    const lane = page.locator("[data-planner-lane]").last();
    const box = await lane.boundingBox();
    await lane.click({ position: { x: (box?.width ?? 60) - 20, y: 20 } });
  } else {
    await page
      .getByRole("button", { name: es ? /Nueva reserva de/ : /New reservation for/ })
      .first()
      .click();
  }
  await page.getByRole("dialog").waitFor();
  await capture(page, OUT_DIR, `${prefix}-planner-new-booking`, { settleAnimations: true });
}

/** A new owner, before any landing: what both pages say instead. */
async function shootEmpty(browser: Browser, newcomer: ScreenAccount, viewport: ViewportName, language: Language) {
  const context = await newScreenContext(browser, viewport, language);
  const page = await context.newPage();
  await signInThroughForm(page, newcomer.email);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: language === "es" ? "Crear landing" : "Create landing" }).waitFor();
  await capture(page, OUT_DIR, `${viewport}-${language}-dashboard-empty`);
  await page.goto("/planner");
  await page.getByRole("link", { name: language === "es" ? "Crear landing" : "Create landing" }).waitFor();
  await capture(page, OUT_DIR, `${viewport}-${language}-planner-empty`);
  await context.close();
}

async function shoot(browser: Browser, owner: ScreenAccount, viewport: ViewportName, language: Language) {
  const context = await newScreenContext(
    browser,
    viewport,
    language,
    viewport === "desktop" ? { viewport: DESKTOP } : {},
  );
  const page = await context.newPage();
  await signInThroughForm(page, owner.email);
  const prefix = `${viewport}-${language}`;
  await shootDashboard(page, prefix);
  await shootPlanner(page, prefix, viewport, language === "es");
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  const owner = await apiAccount("desk-views", "Autos Caribe");
  const newcomer = await apiAccount("desk-views-new", "Rentas Nuevas");
  await seedBusiness(owner);
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) {
      await shoot(browser, owner, viewport, language);
      await shootEmpty(browser, newcomer, viewport, language);
    }
  }
  await owner.api.dispose();
  await newcomer.api.dispose();
});
