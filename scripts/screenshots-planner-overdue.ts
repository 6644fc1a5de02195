/**
 * Captures the planner with a car still out past its planned return (issue 28): its bar drawn
 * through the end of today, striped from the return on and named overdue, and a booking put on
 * the same car for later today shown on an overbooked lane; beside them a car on rent that is not
 * due yet, a confirmed and a pending booking. The week and the month on a desktop (1280 px), the
 * day's agenda on a phone (390 px), in Spanish and English, into ./screenshots/planner-overdue/.
 * Needs a running server (`npm run screenshots -- planner-overdue` starts one).
 *
 * The server's clock is the real one, so the overdue rental is made real: booked for a pickup a
 * minute from now and a return a minute later, checked out, and then this script waits (up to
 * about two minutes) for that return to pass. Its bar is short: a car due back days ago fills
 * today's column from its left edge.
 */
import path from "node:path";
import type { Browser } from "@playwright/test";
import {
  apiAccount,
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

const OUT_DIR = path.resolve("screenshots", "planner-overdue");
const MINUTE = 60_000;

/** `instant` on the landing's wall clock: yyyy-mm-dd and HH:mm. */
function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const DRIVER = {
  name: "Luis Peña",
  licence_number: "001-1234567-8",
  licence_country: "DO",
  licence_expiry: "2031-05-31",
  birth_date: "1985-02-01",
};

async function seedPlanner(owner: ScreenAccount) {
  const landing = await landingWithFleet(owner);
  const stored = await ok<{ time_zone: string }>(await owner.api.get(`/api/landings/${owner.id}/${landing.id}`));
  const zone = stored.time_zone;
  const book = async (
    vehicle: number,
    name: string,
    pickup: { date: string; time: string },
    dropoff: { date: string; time: string },
  ) =>
    (
      await ok<{ reservation: { id: number; reference: string; return_at: string } }>(
        await owner.api.post(`/api/landings/${landing.id}/reservations`, {
          data: {
            id_vehicle: vehicle,
            place_of_departure: "Aeropuerto de Punta Cana",
            arrival_place: "Bávaro",
            date_of_departure: pickup.date,
            time_of_departure: pickup.time,
            date_of_arrival: dropoff.date,
            time_of_arrival: dropoff.time,
            number_person: 2,
            name,
            last_name: name === "Luis" ? "Peña" : "Almonte",
            phone: "+1 809 555 0101",
          },
        }),
      )
    ).reservation;
  const checkOut = (id: number, driver: string) =>
    owner.api
      .post(`/api/reservations/${id}/check-out`, {
        data: { odometer_km: 12_000, fuel_eighths: 8, drivers: [{ ...DRIVER, name: driver }] },
      })
      .then(ok);
  const putOnUnit = (id: number, unit: number) =>
    owner.api.patch(`/api/planner/reservations/${id}/unit`, { data: { unit } }).then(ok);

  // The next whole minute, and the one after: a pickup ahead of now and its planned return.
  const next = new Date(Math.ceil((Date.now() + 5_000) / MINUTE) * MINUTE);
  const pickup = wallClock(next, zone);
  const due = wallClock(new Date(next.getTime() + MINUTE), zone);
  const today = pickup.date;
  const [car, suv] = landing.vehicles as [number, number];
  const late = await book(car, "Luis", pickup, due);
  await checkOut(late.id, "Luis Peña");
  await putOnUnit(late.id, 1);
  // Put on the same car for later today, before it was late: now a conflict.
  const later = wallClock(new Date(next.getTime() + 90 * MINUTE), zone);
  if (later.date === today) {
    const waiting = await book(car, "Carmen", later, { date: addDays(today, 2), time: "10:00" });
    await putOnUnit(waiting.id, 1);
  } else {
    console.log("  (too close to midnight for a booking later today: no conflict in these pictures)");
  }
  await book(car, "Ana", { date: addDays(today, 1), time: "09:00" }, { date: addDays(today, 4), time: "09:00" });
  const out = await book(suv, "Rosa", pickup, { date: addDays(today, 3), time: "18:00" });
  await checkOut(out.id, "Rosa Almonte");
  const pending = await owner.api.post("/api/reservations", {
    data: {
      id_landing: landing.id,
      id_vehicle: suv,
      place_of_departure: "Aeropuerto de Punta Cana",
      arrival_place: "Bávaro",
      date_of_departure: addDays(today, 4),
      time_of_departure: "10:00",
      date_of_arrival: addDays(today, 6),
      time_of_arrival: "10:00",
      number_person: 2,
      name: "Pedro",
      last_name: "Santos",
      email: "pedro@example.com",
      phone: "+1 809 555 0111",
      terms_accepted: true,
    },
  });
  await ok(pending);

  const wait = Date.parse(late.return_at) + 3_000 - Date.now();
  if (wait > 0) {
    console.log(`  waiting ${Math.ceil(wait / 1000)} s for ${late.reference}'s planned return to pass…`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { landingId: landing.id, today, lateReference: late.reference };
}

type Seeded = Awaited<ReturnType<typeof seedPlanner>>;

async function shoot(
  browser: Browser,
  owner: ScreenAccount,
  seeded: Seeded,
  viewport: ViewportName,
  language: Language,
) {
  const phone = viewport === "phone";
  const context = await newScreenContext(
    browser,
    viewport,
    language,
    phone ? {} : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  await signInThroughForm(page, owner.email);
  const prefix = `${viewport}-${language}`;
  const overdueBar = page.locator("[data-planner-bar]", { hasText: "Luis" }).first();

  await page.goto(`/planner?landing=${seeded.landingId}`);
  await overdueBar.waitFor();
  if (phone) {
    await capture(page, OUT_DIR, `${prefix}-planner-overdue-agenda`, { fullPage: true });
  } else {
    console.log(`  ${prefix}: ${await overdueBar.getAttribute("aria-label")}`);
    await capture(page, OUT_DIR, `${prefix}-planner-overdue-week`);
    // A week that starts before the pickup shows the rental whole, with its planned part.
    await page.goto(`/planner?landing=${seeded.landingId}&from=${addDays(seeded.today, -3)}`);
    await overdueBar.waitFor();
    await capture(page, OUT_DIR, `${prefix}-planner-overdue-week-before`);
    await page.goto(`/planner?landing=${seeded.landingId}&view=month`);
    await overdueBar.waitFor();
    await capture(page, OUT_DIR, `${prefix}-planner-overdue-month`);
  }
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  const owner = await apiAccount("planner-overdue", "Autos Caribe");
  const seeded = await seedPlanner(owner);
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) await shoot(browser, owner, seeded, viewport, language);
  }
});
