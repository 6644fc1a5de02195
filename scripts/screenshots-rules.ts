/**
 * Captures the owner screens of the rental rules (issue 10): the landing's "Reglas y tarifas" tab
 * (with its errors and the custom domain), a vehicle's "Tarifas y disponibilidad" (seasons,
 * overrides, blocks and the delete confirmation) and the locations page (one-way fees, opening
 * hours and their dialogs), in Spanish and English, on a desktop and a phone, into
 * ./screenshots/rules/ for visual review. Needs a running server:
 *   npx vite build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-rules.ts        (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
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

const OUT_DIR = path.resolve("screenshots", "rules");
type Account = ScreenAccount;
type Landing = { id: number; name: string; display_name: string; version: number };
type Vehicle = { id: number; name: string; version: number };

const account = (label: string) => apiAccount(label, "Flota Sol");

type World = { owner: Account; landing: Landing; vehicle: Vehicle; domain: string };

/** One owner with a landing whose rules, vehicle, blocks, fees and hours are all set. */
async function buildWorld(): Promise<World> {
  const owner = await account("rules");
  const logo = await sharp({ create: { width: 250, height: 80, channels: 4, background: "#0f766e" } })
    .png()
    .toBuffer();
  let landing = await ok<Landing>(
    await owner.api.post("/api/landing", {
      multipart: {
        display_name: `Flota Sol ${Date.now().toString(36)}`,
        color_primary: "#0f766e",
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { name: "logo.png", mimeType: "image/png", buffer: logo },
      },
    }),
  );
  ({ landing } = await ok<{ landing: Landing }>(
    await owner.api.put(`/api/landings/${owner.id}/${landing.id}/rules`, {
      data: {
        version: landing.version,
        min_days: "3",
        max_days: "30",
        lead_time_hours: "12",
        booking_horizon_months: "12",
        week_discount: "10",
        month_discount: "20",
        min_driver_age: "21",
        young_driver_age: "25",
        young_driver_fee: "15",
        cancellation_late_fee: "150",
        cancellation_early_fee: "50",
        cancellation_window_hours: "48",
        contact_phone: "+1 809 555 0101",
        whatsapp: "+1 809 555 0102",
        closures: [
          { from: "2027-12-25", to: "2027-12-25", note: "Navidad" },
          { from: "2028-01-01", to: "2028-01-01", note: "Año Nuevo", translations: { en: { note: "New Year" } } },
        ],
        terms: "Licencia de conducir vigente y tarjeta de crédito a nombre del conductor.\nNo se permite fumar.",
        terms_translations: {
          en: { terms: "A valid driving licence and a credit card in the driver's name.\nNo smoking." },
        },
        faq: [
          {
            question: "¿Entregan el vehículo en el hotel?",
            answer: "Sí, en Santo Domingo y Punta Cana, sin costo adicional.",
            translations: {
              en: {
                question: "Do you deliver to hotels?",
                answer: "Yes, in Santo Domingo and Punta Cana, at no extra cost.",
              },
            },
          },
        ],
      },
    }),
  ));
  // Domains are unique on the platform: a second run against the same server takes another one.
  let domain = "reservas.flotasol.com";
  const attach = () =>
    owner.api.put(`/api/landings/${owner.id}/${landing.id}/domain`, { data: { custom_domain: domain } });
  if ((await attach()).status() === 422) {
    domain = `reservas-${Date.now().toString(36)}.flotasol.com`;
    await ok(await attach());
  }
  const image = await carPhoto("#1e3a8a", "#3b82f6", 1200, 900);
  const { vehicle } = await ok<{ vehicle: Vehicle }>(
    await owner.api.post("/api/vehicle", {
      multipart: {
        id_landing: String(landing.id),
        name: "Hyundai Tucson 2023",
        brand: "Hyundai",
        description: "SUV amplia, perfecta para familias y carreteras de montaña.",
        price: "79",
        luggage: "4",
        people: "5",
        type_of_car: "suv",
        transmision: "automatic",
        units: "3",
        "images[0]": { name: "car.jpg", mimeType: "image/jpeg", buffer: image },
      },
    }),
  );
  await ok(
    await owner.api.put(`/api/vehicles/${landing.id}/${vehicle.id}/rules`, {
      data: {
        version: vehicle.version,
        min_days: "5",
        max_days: "",
        min_driver_age: "",
        deposit: "300",
        seasons: [
          {
            name: "Navidad y Año Nuevo",
            from: "2027-12-15",
            to: "2028-01-10",
            price: "120",
            translations: { en: { name: "Christmas and New Year" } },
          },
          { name: "Semana Santa", from: "2028-04-09", to: "2028-04-16", price: "99.50" },
        ],
      },
    }),
  );
  for (const block of [
    { from: "2027-03-01", to: "2027-03-05", units: "1", note: "Mantenimiento" },
    { from: "2027-06-10", to: "2027-06-10", units: "2", note: "" },
  ]) {
    await ok(await owner.api.post(`/api/vehicles/${landing.id}/${vehicle.id}/blocks`, { data: block }));
  }
  const pairs = [
    ["Aeropuerto Internacional Las Américas", "Aeropuerto Internacional Las Américas"],
    ["Aeropuerto Internacional Las Américas", "Zona Colonial"],
    ["Punta Cana", "Santo Domingo"],
  ] as const;
  for (const [from, to] of pairs) {
    const { location } = await ok<{ location: { id: number } }>(
      await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
        data: { place_of_departure: from, arrival_place: to },
      }),
    );
    if (from !== to && to === "Zona Colonial") {
      await ok(
        await owner.api.patch(`/api/landing/${landing.id}/locations/${location.id}`, { data: { one_way_fee: "25" } }),
      );
    }
  }
  const week = (open: string, close: string) => [
    null,
    ...Array.from({ length: 5 }, () => ({ open, close })),
    {
      open: "09:00",
      close: "13:00",
    },
  ];
  await ok(
    await owner.api.put(`/api/landings/${landing.id}/places`, {
      data: { place: "Aeropuerto Internacional Las Américas", hours: week("07:00", "22:00"), after_hours_fee: "35" },
    }),
  );
  await ok(
    await owner.api.put(`/api/landings/${landing.id}/places`, {
      data: { place: "Zona Colonial", hours: week("08:00", "18:00"), after_hours_fee: "" },
    }),
  );
  return { owner, landing, vehicle, domain };
}

const shoot = (page: Page, name: string, fullPage = false) =>
  capture(page, OUT_DIR, name, { fullPage, settleAnimations: true });

async function landingScreens(page: Page, world: World, prefix: string) {
  await page.goto(`/view-landing/${world.landing.id}?tab=rules`);
  await page.locator("[data-testid='policy-preview'] li").first().waitFor();
  await shoot(page, `${prefix}-landing-rules`, true);

  // Refusals under their fields: a maximum under the minimum, an amount that is not one, cancelling
  // early dearer than cancelling late, a bad domain.
  await page.locator("main input[name='max_days']").fill("2");
  await page.locator("main input[name='young_driver_fee']").fill("quince");
  await page.locator("main input[name='cancellation_early_fee']").fill("300");
  await page.locator("main input[name='cancellation_window_hours']").fill("");
  await page.locator("main form[aria-label] button[type='submit']").first().click();
  await page.locator("main input[name='max_days'][aria-invalid='true']").waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${prefix}-landing-rules-errors`, true);
  await page.getByRole("button", { name: /Descartar cambios|Discard changes/ }).click();

  const domain = page.locator("main input[name='custom_domain']");
  await domain.fill("https://reservas.flotasol.com/");
  await domain.locator("xpath=ancestor::form").locator("button[type='submit']").click();
  await page.locator("main input[name='custom_domain'][aria-invalid='true']").waitFor();
  await domain.evaluate((input) => input.scrollIntoView({ block: "center" }));
  await shoot(page, `${prefix}-landing-domain-error`);
  // Back to what is saved, so leaving the page asks nothing.
  await domain.fill(world.domain);
}

async function vehicleScreens(page: Page, world: World, prefix: string) {
  await page.goto(`/view-landing/${world.landing.id}?tab=vehicles&vehicle=${world.vehicle.id}&section=rules`);
  await page.locator("main [data-testid='block-row']").first().waitFor();
  await shoot(page, `${prefix}-vehicle-rates`, true);

  await page.locator("main [data-testid='block-row'] button").first().click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, `${prefix}-vehicle-block-delete`);
  await page.keyboard.press("Escape");
}

async function locationScreens(page: Page, world: World, prefix: string) {
  await page.goto(`/location-reservaction?landing=${world.landing.id}`);
  await page.locator("main [data-testid='place-row']").first().waitFor();
  await shoot(page, `${prefix}-locations-rules`, true);

  await page.locator("main [data-testid='place-row'] button").first().click();
  await page.getByRole("dialog").locator("fieldset").first().waitFor();
  await shoot(page, `${prefix}-place-hours-dialog`);
  // A day whose closing comes before its opening: refused under that day.
  await page.locator("#day-1-to").fill("06:00");
  await page.getByRole("dialog").locator("button[type='submit']").click();
  await page.locator("#day-1-error").waitFor();
  await shoot(page, `${prefix}-place-hours-error`);
  await page.keyboard.press("Escape");

  await page.locator("main [data-testid='location-row'] button:has(svg.lucide-pencil)").first().click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, `${prefix}-one-way-fee-dialog`);
  await page.keyboard.press("Escape");
}

async function shootAll(browser: Browser) {
  const world = await buildWorld();
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) {
      const prefix = `${viewport}-${language}`;
      console.log(`${prefix}:`);
      const page = await signedInPage(browser, viewport, language, world.owner.email);
      await landingScreens(page, world, prefix);
      await vehicleScreens(page, world, prefix);
      await locationScreens(page, world, prefix);
      await page.context().close();
    }
  }
  await world.owner.api.dispose();
}

async function signedInPage(browser: Browser, viewport: ViewportName, language: Language, email: string) {
  const page = await (await newScreenContext(browser, viewport, language)).newPage();
  await signInThroughForm(page, email);
  return page;
}

runScreenshots(OUT_DIR, shootAll);
