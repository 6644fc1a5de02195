/**
 * Captures issue 25's places, desk and units (items 2, 13, 19, 22) in Spanish and English, on a
 * desktop and a phone, into ./screenshots/places/: the public search with the owner's pairs (a
 * pickup with only a one-way return, and a pair never created refused by name), the vehicle form's
 * plates, the planner's week and month with the plates on its lanes (the month at 1440 px without
 * sideways scrolling), the manual booking dialog starting at the minimum days and booking past the
 * owner's rules, and a reservation's unit and skipped rules. Needs a running server:
 *   npm run build && PORT=3100 DATA_DIR=$(mktemp -d) node dist/server/main.mjs
 *   npx tsx scripts/screenshots-places.ts   (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import {
  apiAccount,
  capture,
  carPhoto,
  LANGUAGES,
  type Language,
  newScreenContext,
  ok,
  runScreenshots,
  type ScreenAccount,
  signInThroughForm,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots", "places");
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Seeded = { id: number; name: string; yaris: number; tucson: number; manual: number };

/** The operator of the report: a round trip at STI, Oficina -> SDQ at US$40, a 3-day minimum, plates on the Yaris. */
async function seed(owner: ScreenAccount): Promise<Seeded> {
  const landing = await ok<{ id: number; name: string; version: number }>(
    await owner.api.post("/api/landing", {
      multipart: {
        name: `rentas-del-cibao-${Date.now().toString(36)}`,
        display_name: "Rentas del Cibao",
        color_primary: "#1d4ed8",
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { name: "logo.jpg", mimeType: "image/jpeg", buffer: await carPhoto("#1d4ed8", "#93c5fd", 250, 80) },
      },
    }),
  );
  const vehicle = async (name: string, units: string, labels: string[], colors: [string, string]) =>
    (
      await ok<{ vehicle: { id: number } }>(
        await owner.api.post("/api/vehicle", {
          multipart: {
            id_landing: String(landing.id),
            name,
            description: "Aire acondicionado y bajo consumo.",
            price: "55",
            luggage: "2",
            people: "5",
            type_of_car: "sedan",
            transmision: "automatic",
            units,
            unit_labels: JSON.stringify(labels),
            "images[0]": { name: "car.jpg", mimeType: "image/jpeg", buffer: await carPhoto(...colors) },
          },
        }),
      )
    ).vehicle.id;
  const yaris = await vehicle("Toyota Yaris 2024", "3", ["A123456", "A654321", "G098765"], ["#0f766e", "#5eead4"]);
  const tucson = await vehicle("Hyundai Tucson 2024", "2", [], ["#b91c1c", "#fca5a5"]);
  for (const [from, to] of [
    ["STI", "STI"],
    ["Oficina", "SDQ"],
  ]) {
    const { location } = await ok<{ location: { id: number } }>(
      await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
        data: { place_of_departure: from, arrival_place: to },
      }),
    );
    if (from !== to) {
      await ok(
        await owner.api.patch(`/api/landing/${landing.id}/locations/${location.id}`, { data: { one_way_fee: "40" } }),
      );
    }
  }
  const { landing: ruled } = await ok<{ landing: { version: number } }>(
    await owner.api.put(`/api/landings/${owner.id}/${landing.id}/rules`, {
      data: { version: landing.version, min_days: "3" },
    }),
  );
  void ruled;
  await ok(await owner.api.patch("/api/landing/status", { data: { landing_id: landing.id } }));
  const trip = (vehicleId: number, start: number, length: number, name: string, oneWay = false) => ({
    id_vehicle: vehicleId,
    place_of_departure: oneWay ? "Oficina" : "STI",
    arrival_place: oneWay ? "SDQ" : "STI",
    date_of_departure: day(start),
    time_of_departure: "10:00",
    date_of_arrival: day(start + length),
    time_of_arrival: "10:00",
    number_person: 2,
    name,
    last_name: "Peña",
    phone: "+1 809 555 0101",
  });
  for (const [vehicleId, start, length, name, oneWay] of [
    [yaris, 1, 4, "Ana", false],
    [yaris, 2, 5, "Luis", true],
    [yaris, 9, 3, "Carmen", false],
    [tucson, 3, 6, "José", false],
  ] as const) {
    await ok(
      await owner.api.post("/api/reservations", {
        data: {
          ...trip(vehicleId, start, length, name, oneWay),
          id_landing: landing.id,
          email: "c@example.com",
          terms_accepted: true,
        },
      }),
    );
  }
  // Taken by phone for one day under the 3-day minimum, put on the third Yaris.
  const { reservation } = await ok<{ reservation: { id: number } }>(
    await owner.api.post(`/api/landings/${landing.id}/reservations`, {
      data: { ...trip(yaris, 4, 1, "Pedro"), rules_override: { reason: "Cliente habitual" }, unit: 3 },
    }),
  );
  return { id: landing.id, name: landing.name, yaris, tucson, manual: reservation.id };
}

async function shootPublic(page: Page, site: Seeded, prefix: string, language: Language) {
  const lang = language === "en" ? "?lang=en" : "";
  await page.goto(`/${site.name}${lang}`);
  await page.getByTestId("search-form").waitFor();
  await page.getByTestId("search-pickup").selectOption("Oficina");
  await page.getByTestId("search-dropoff").waitFor();
  await page.locator("#search").scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-public-search-one-way`);
  const query = new URLSearchParams({
    pickup: "STI",
    dropoff: "SDQ",
    from: day(5),
    fromTime: "10:00",
    to: day(9),
    toTime: "10:00",
    seats: "2",
    ...(language === "en" ? { lang: "en" } : {}),
  });
  await page.goto(`/${site.name}/vehicle?${query}`);
  await page.getByTestId("search-error-dropoff").waitFor();
  await capture(page, OUT_DIR, `${prefix}-public-pair-refused`, { fullPage: true });
}

async function shootVehicleForm(page: Page, site: Seeded, prefix: string, es: boolean) {
  await page.goto(`/view-landing/${site.id}?tab=vehicles`);
  await page
    .getByRole("button", { name: es ? "Editar Toyota Yaris 2024" : "Edit Toyota Yaris 2024" })
    .first()
    .click();
  const labels = page.getByTestId("unit-labels");
  await labels.waitFor();
  await labels.scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-vehicle-unit-labels`);
}

async function shootPlanner(page: Page, site: Seeded, prefix: string, viewport: ViewportName, es: boolean) {
  // On a phone the planner is a day's agenda: the day the phone booking is picked up.
  await page.goto(`/planner?landing=${site.id}${viewport === "phone" ? `&day=${day(4)}` : ""}`);
  await page.locator("[data-planner-bar]").first().waitFor();
  await capture(page, OUT_DIR, `${prefix}-planner-week`, { fullPage: true });
  if (viewport === "desktop") {
    await page.getByRole("button", { name: es ? "Mes" : "Month", exact: true }).click();
    // The month's own grid, not the week still shown while it loads.
    await page.locator("[data-planner-scroller] [data-planner-day]").nth(27).waitFor({ state: "attached" });
    await page.locator('[aria-busy="false"] [data-planner-bar]').first().waitFor();
    await capture(page, OUT_DIR, `${prefix}-planner-month`);
    // Back to the week, which holds the phone booking even when it falls in next month.
    await page.getByRole("button", { name: es ? "Semana" : "Week", exact: true }).click();
    await page.locator('[aria-busy="false"] [data-planner-bar]').first().waitFor();
  }
  // The booking taken by phone: its unit and the rules it skipped.
  await page.locator("[data-planner-bar]", { hasText: "Pedro" }).first().click();
  await page.getByTestId("unit-assignment").waitFor();
  await page.getByTestId("reservation-rules-override").scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-reservation-unit`, { settleAnimations: true });
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "hidden" });
}

async function shootManualBooking(page: Page, prefix: string, viewport: ViewportName, es: boolean) {
  if (viewport === "desktop") {
    await page.getByRole("button", { name: es ? "Semana" : "Week", exact: true }).click();
    const lane = page.locator("[data-planner-lane]").first();
    const box = await lane.boundingBox();
    await lane.click({ position: { x: (box?.width ?? 700) - 20, y: 20 } });
  } else {
    await page
      .getByRole("button", { name: es ? /Nueva reserva de/ : /New reservation for/ })
      .first()
      .click();
  }
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("desk-quote").waitFor();
  await capture(page, OUT_DIR, `${prefix}-desk-minimum-days`, { settleAnimations: true });
  const pickup = await dialog.getByLabel(es ? "Fecha de recogida" : "Pickup date").inputValue();
  const next = new Date(Date.parse(`${pickup}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel(es ? "Fecha de devolución" : "Return date").fill(next);
  await dialog.getByTestId("desk-skip-rules").check();
  await dialog.getByTestId("desk-rules-reason").fill(es ? "Cliente habitual" : "Regular customer");
  await dialog.getByTestId("desk-problems-skipped").waitFor();
  await dialog.getByTestId("desk-rules-reason").scrollIntoViewIfNeeded();
  await capture(page, OUT_DIR, `${prefix}-desk-skip-rules`, { settleAnimations: true });
  await page.keyboard.press("Escape");
}

async function shoot(browser: Browser, owner: ScreenAccount, site: Seeded, viewport: ViewportName, language: Language) {
  const context = await newScreenContext(browser, viewport, language);
  const page = await context.newPage();
  const prefix = `${viewport}-${language}`;
  const es = language === "es";
  await shootPublic(page, site, prefix, language);
  await signInThroughForm(page, owner.email);
  await shootVehicleForm(page, site, prefix, es);
  await shootPlanner(page, site, prefix, viewport, es);
  await shootManualBooking(page, prefix, viewport, es);
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  const owner = await apiAccount("places", "Rentas del Cibao");
  const site = await seed(owner);
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) await shoot(browser, owner, site, viewport, language);
  }
  await owner.api.dispose();
});
