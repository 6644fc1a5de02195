/**
 * Captures every fleet screen (designer vehicles, vehicle forms, the landing's Vehículos tab,
 * special features, locations), in Spanish and English, on a desktop and a phone, into
 * ./screenshots/fleet/ for visual review. Needs a running server:
 *   npx vite build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-fleet.ts        (BASE_URL defaults to http://localhost:3100)
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

const OUT_DIR = path.resolve("screenshots", "fleet");
type Account = ScreenAccount;
type Landing = { id: number; name: string; display_name: string };
type Vehicle = { id: number; name: string; version: number };

const PHOTO_COLOURS = [
  ["#0f172a", "#334155"],
  ["#1e3a8a", "#3b82f6"],
  ["#7c2d12", "#f97316"],
  ["#14532d", "#22c55e"],
  ["#581c87", "#a855f7"],
  ["#7f1d1d", "#ef4444"],
] as const;

/** The car picture of the colours at `index`, at a phone camera's size. */
function carPhotoAt(index: number): Promise<Buffer> {
  const [dark, light] = PHOTO_COLOURS[index % PHOTO_COLOURS.length] ?? PHOTO_COLOURS[0];
  return carPhoto(dark, light, 1600, 1200);
}

const account = (label: string) => apiAccount(label, "Autos Caribe");

async function createLanding(owner: Account, displayName: string): Promise<Landing> {
  const logo = await sharp({ create: { width: 250, height: 80, channels: 4, background: "#0f766e" } })
    .png()
    .toBuffer();
  return ok<Landing>(
    await owner.api.post("/api/landing", {
      multipart: {
        display_name: displayName,
        color_primary: "#0f766e",
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { name: "logo.png", mimeType: "image/png", buffer: logo },
      },
    }),
  );
}

const FLEET = [
  {
    name: "Toyota Corolla 2024",
    brand: "Toyota",
    description: "Sedán cómodo y económico, ideal para moverse por la ciudad y viajes cortos.",
    price: "1,250.50",
    luggage: "2",
    people: "5",
    type_of_car: "sedan",
    transmision: "automatic",
    commissions: "4.50",
    features: [{ name: "color", value: "Blanco" }],
  },
  {
    name: "Hyundai Tucson 2023",
    brand: "Hyundai",
    description: "SUV amplia con tracción delantera, perfecta para familias y carreteras de montaña.",
    price: "79",
    luggage: "4",
    people: "5",
    type_of_car: "suv",
    transmision: "automatic",
    commissions: "8",
    features: [
      { name: "color", value: "Gris" },
      { name: "año", value: "2023" },
    ],
  },
  {
    name: "Kia Picanto 2022",
    brand: "Kia",
    description: "Compacto, fácil de aparcar y muy económico en combustible.",
    price: "32",
    luggage: "1",
    people: "4",
    type_of_car: "compact",
    transmision: "manual",
    commissions: "0",
    features: [],
  },
] as const;

async function createVehicle(owner: Account, landingId: number, index: number, featureIds: number[]) {
  const fields = FLEET[index % FLEET.length] ?? FLEET[0];
  const images = await Promise.all([0, 1, 2].map((offset) => carPhotoAt(index + offset)));
  const { vehicle } = await ok<{ vehicle: Vehicle }>(
    await owner.api.post("/api/vehicle", {
      multipart: {
        id_landing: String(landingId),
        ...fields,
        features: JSON.stringify(fields.features),
        units: "2",
        bluetooth: "1",
        siriusxm: "0",
        gps: index % 2 === 0 ? "1" : "0",
        automatic: fields.transmision === "automatic" ? "1" : "0",
        apple_car: "1",
        ...Object.fromEntries(
          images.map((buffer, n) => [`images[${n}]`, { name: `car-${n}.jpg`, mimeType: "image/jpeg", buffer }]),
        ),
      },
    }),
  );
  for (const featureId of featureIds) {
    await ok(
      await owner.api.post(`/api/vehicles/${vehicle.id}/special-features`, {
        data: { special_feature_id: featureId },
      }),
    );
  }
  return vehicle;
}

type World = { full: Account; empty: Account; fleet: Landing; bare: Landing; vehicles: Vehicle[] };

/** One owner with a fleet, features and locations; one with nothing at all. */
async function buildWorld(): Promise<World> {
  const full = await account("fleet");
  const empty = await account("fleet-empty");
  const features: number[] = [];
  for (const [name, description] of [
    ["GPS", "Navegador con mapas actualizados del país."],
    ["Asientos calefactables", "Calefacción en los asientos delanteros."],
    ["Silla de bebé", "Para niños de 9 a 18 kg, instalada antes de la entrega."],
    ["Wifi a bordo", "Internet 4G para hasta cinco dispositivos."],
    ["Conductor adicional", "Un segundo conductor sin coste añadido."],
  ] as const) {
    const { feature } = await ok<{ feature: { id: number } }>(
      await full.api.post("/api/special-features", { data: { name, description } }),
    );
    features.push(feature.id);
  }
  const fleet = await createLanding(full, `Caribe Rent & Tours ${Date.now().toString(36)}`);
  const bare = await createLanding(full, `Autos Año Nuevo ${Date.now().toString(36)}`);
  const vehicles: Vehicle[] = [];
  for (const index of [0, 1, 2]) {
    vehicles.push(await createVehicle(full, fleet.id, index, features.slice(0, index === 1 ? 3 : 1)));
  }
  for (const [from, to] of [
    ["Aeropuerto Internacional del Cibao", "Aeropuerto Internacional del Cibao"],
    ["Santiago centro", "La Romana"],
    ["Punta Cana", "Santo Domingo"],
  ] as const) {
    await ok(
      await full.api.post(`/api/landings/${fleet.id}/addLocation`, {
        data: { place_of_departure: from, arrival_place: to },
      }),
    );
  }
  return { full, empty, fleet, bare, vehicles };
}

async function signedInPage(browser: Browser, viewport: ViewportName, language: Language, email: string) {
  const page = await (await newScreenContext(browser, viewport, language)).newPage();
  await signInThroughForm(page, email);
  return page;
}

const shoot = (page: Page, name: string, fullPage = false) =>
  capture(page, OUT_DIR, name, { fullPage, settleAnimations: true });

async function setDraft(page: Page, landing: Landing | null) {
  await page.evaluate((draft) => {
    if (draft) {
      localStorage.setItem("nelly.designer.landingId", String(draft.id));
      localStorage.setItem("nelly.designer.landingName", draft.name);
    } else {
      localStorage.removeItem("nelly.designer.landingId");
      localStorage.removeItem("nelly.designer.landingName");
    }
  }, landing);
}

async function photoFiles(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `coche-${index + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await carPhotoAt(index + 2),
    })),
  );
}

async function designerScreens(page: Page, world: World, prefix: string) {
  const [first] = world.vehicles;
  // The table, empty and with vehicles.
  await setDraft(page, world.bare);
  await page.goto("/layout-designer/add-vehicles");
  await page.locator("main h2").first().waitFor();
  await shoot(page, `${prefix}-designer-empty`);

  await setDraft(page, world.fleet);
  await page.goto("/layout-designer/add-vehicles");
  await page.locator("main img").filter({ visible: true }).first().waitFor();
  await shoot(page, `${prefix}-designer-table`, true);

  await page.locator("main button.text-red-700").filter({ visible: true }).first().click();
  await page.getByRole("alertdialog").or(page.getByRole("dialog")).first().waitFor();
  await shoot(page, `${prefix}-designer-delete-dialog`);
  await page.keyboard.press("Escape");

  // The add form: empty, with errors, with thumbnails, uploading.
  await page.goto("/layout-designer/add-vehicles/add-form");
  await page.locator("main form").waitFor();
  await shoot(page, `${prefix}-add-form-empty`, true);

  await page.locator('main button[type="submit"]').click();
  await page.locator("main [id$='-error']").first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${prefix}-add-form-errors`, true);

  // A text file named like a photo, with a very long name: refused at once, the name wraps.
  await page.locator('main input[type="file"]').setInputFiles([
    {
      name: `${"foto_del_vehiculo_en_la_playa_".repeat(6)}final.jpg`,
      mimeType: "image/jpeg",
      buffer: Buffer.from("no es una foto"),
    },
  ]);
  await page.locator("main [role='alert']").first().waitFor();
  await page.locator("main [data-testid='photo-dropzone']").scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-add-form-photo-refused`);

  // An amount that reads two ways: refused with a message that says why.
  await page.locator("main input[name='price']").fill("1,250");
  await page.locator("main input[name='commissions']").fill("US$ 45");
  await page.locator('main button[type="submit"]').click();
  await page.locator("main input[name='price'][aria-invalid='true']").waitFor();
  await page.locator("main input[name='price']").evaluate((input) => input.scrollIntoView({ block: "center" }));
  await shoot(page, `${prefix}-add-form-money`);
  await page.locator("main input[name='price']").fill("");
  await page.locator("main input[name='commissions']").fill("");

  await page.locator('main input[type="file"]').setInputFiles(await photoFiles(4));
  await page.locator("main [data-testid='photo-tile']").nth(3).waitFor();
  const fields = FLEET[1];
  await page.locator("main input[name='name']").fill("Jeep Wrangler 2024");
  await page.locator("main input[name='brand']").fill("Jeep");
  await page.locator("main textarea[name='description']").fill(fields.description);
  await page.locator("main input[name='price']").fill("120");
  await page.locator("main select[name='type_of_car']").selectOption("suv");
  await page.locator("main select[name='transmision']").selectOption("manual");
  await page.locator("main select[name='people']").selectOption("4");
  await page.locator("main select[name='luggage']").selectOption("2");
  await page.locator("main [role='switch']").first().click();
  await page.locator("main [data-testid='photo-dropzone']").scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-add-form-thumbnails`);

  // A slow connection, so the per-photo progress can be seen mid-upload.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: 96 * 1024,
  });
  await page.locator('main button[type="submit"]').click();
  // Mid-upload: the first photos sent, the next one on its way, the last not started.
  await page.waitForFunction(() => {
    const bars = [...document.querySelectorAll("main [role='progressbar']")];
    const values = bars.map((bar) => Number(bar.getAttribute("aria-valuenow")));
    return (
      values.length > 1 && values.some((value) => value === 100) && values.some((value) => value > 0 && value < 100)
    );
  });
  await page.locator("main [data-testid='photo-dropzone']").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(OUT_DIR, `${prefix}-add-form-uploading.png`) });
  console.log(`  screenshots/fleet/${prefix}-add-form-uploading.png`);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.waitForURL("**/layout-designer/add-vehicles");
  await page.locator("[data-sonner-toast]").first().waitFor();
  await shoot(page, `${prefix}-designer-added`);

  // The edit form of an existing vehicle; then saved elsewhere meanwhile (409): the stale-data alert.
  if (first) {
    await page.goto(`/layout-designer/add-vehicles/update-form/${first.id}`);
    await page.locator("main [data-testid='photo-tile']").first().waitFor();
    await shoot(page, `${prefix}-edit-form`, true);

    const current = await ok<Vehicle>(await world.full.api.get(`/api/vehicles/${world.fleet.id}/${first.id}`));
    const fields = FLEET[0];
    await ok(
      await world.full.api.put(`/api/vehicles/${world.fleet.id}/${first.id}`, {
        data: { ...fields, features: [...fields.features], units: "2", version: current.version },
      }),
    );
    await page.locator("main input[name='units']").fill("3");
    await page.locator('main button[type="submit"]').click();
    await page.locator("main [role='alert']").filter({ hasText: /\S/ }).last().waitFor();
    await page.locator('main button[type="submit"]').scrollIntoViewIfNeeded();
    await shoot(page, `${prefix}-edit-form-stale`);
  }

  // No landing in progress: the countdown.
  await setDraft(page, null);
  await page.goto("/layout-designer/add-vehicles");
  await page.locator("[data-testid='no-landing-message']").waitFor();
  await page.waitForTimeout(1200);
  await shoot(page, `${prefix}-designer-countdown`);
}

async function tabScreens(page: Page, world: World, prefix: string) {
  await page.goto(`/view-landing/${world.fleet.id}?tab=vehicles`);
  await page.locator("main [role='tabpanel'] img").filter({ visible: true }).first().waitFor();
  await shoot(page, `${prefix}-tab-table`, true);

  await page.goto(`/view-landing/${world.bare.id}?tab=vehicles`);
  await page.locator("main [role='tabpanel'] h2").first().waitFor();
  await shoot(page, `${prefix}-tab-empty`);

  await page.locator("main [role='tabpanel'] button").first().click();
  await page.locator("main form").waitFor();
  await shoot(page, `${prefix}-tab-create`);

  await page.goto(`/view-landing/${world.fleet.id}?tab=vehicles`);
  await page.locator("main [role='tabpanel'] img").filter({ visible: true }).first().waitFor();
  const edit = page.locator("main [role='tabpanel'] button:has(svg.lucide-pencil)");
  await edit.filter({ visible: true }).first().click();
  await page.locator("main [data-testid='photo-tile']").first().waitFor();
  await shoot(page, `${prefix}-tab-edit`);
}

async function featureScreens(emptyPage: Page, page: Page, prefix: string) {
  await emptyPage.goto("/feature-view");
  await emptyPage.locator("main h2").first().waitFor();
  await shoot(emptyPage, `${prefix}-features-empty`);

  await page.goto("/feature-view");
  await page.locator("main ul li").first().waitFor();
  await shoot(page, `${prefix}-features-chips`);

  await page.locator("main header button").click();
  await page.getByRole("dialog").waitFor();
  await page.getByRole("dialog").locator("input").fill("Portaequipajes");
  await shoot(page, `${prefix}-features-add-dialog`);
  await page.keyboard.press("Escape");

  // Each chip: edit, then delete.
  await page.locator("main ul li").first().locator("button").first().click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, `${prefix}-features-edit-dialog`);
  await page.keyboard.press("Escape");

  await page.locator("main ul li").first().locator("button").last().click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, `${prefix}-features-delete-dialog`);
  await page.keyboard.press("Escape");
}

async function locationScreens(emptyPage: Page, page: Page, world: World, prefix: string) {
  await emptyPage.goto("/location-reservaction");
  await emptyPage.locator("main h2").first().waitFor();
  await shoot(emptyPage, `${prefix}-locations-no-landing`);

  await page.goto(`/location-reservaction?landing=${world.fleet.id}`);
  await page.locator("main ul li").first().waitFor();
  await shoot(page, `${prefix}-locations-chips`);

  await page.locator("main ul").locator("..").locator("button:not([aria-label])").first().click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, `${prefix}-locations-add-modal`);
  await page.getByRole("dialog").locator('button[type="submit"]').click();
  await page.getByRole("dialog").locator("[id$='-error']").first().waitFor();
  await shoot(page, `${prefix}-locations-add-errors`);
  await page.keyboard.press("Escape");

  await page.goto(`/location-reservaction?landing=${world.bare.id}`);
  await page.locator("main h2").first().waitFor();
  await shoot(page, `${prefix}-locations-empty`);
}

runScreenshots(OUT_DIR, async (browser) => {
  const world = await buildWorld();
  try {
    for (const language of LANGUAGES) {
      for (const viewport of VIEWPORT_NAMES) {
        const prefix = `${language}-${viewport}`;
        console.log(prefix);
        const page = await signedInPage(browser, viewport, language, world.full.email);
        const emptyPage = await signedInPage(browser, viewport, language, world.empty.email);
        await designerScreens(page, world, prefix);
        await tabScreens(page, world, prefix);
        await featureScreens(emptyPage, page, prefix);
        await locationScreens(emptyPage, page, world, prefix);
        await page.context().close();
        await emptyPage.context().close();
      }
    }
  } finally {
    await world.full.api.dispose();
    await world.empty.api.dispose();
  }
});
