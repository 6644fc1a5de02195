/**
 * Captures every landings screen (list, designer, detail tabs, preview, publish, trash), with the
 * states issue 7 added (publish requirements, a stale save, money as typed, the phone's folded
 * preview and tab hint), in Spanish
 * and English, on a desktop and a phone, into ./screenshots/landings/ for visual review.
 * Needs a running server:
 *   npx vite build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-landings.ts      (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { demoVehicleArt } from "@server/demo/artwork";
import sharp from "sharp";
import {
  capture,
  LANGUAGES,
  type Language,
  newScreenContext,
  runScreenshots,
  signUpThroughForm,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots", "landings");
const RUN = Date.now().toString(36).slice(-4);

/** The few visible words the script clicks, in the dashboard's two languages. */
const WORDS = {
  es: {
    continue: "Continuar",
    english: /^English/,
    spanish: /^Español/,
    saveSeo: "Guardar SEO",
    save: "Guardar",
    preview: /^Vista previa en vivo/,
    addAddon: "Añadir extra",
    publish: "Publicar",
    copy: "Copiar enlace",
    moveToTrash: "Mover a la Papelera",
    purge: /^Eliminar definitivamente/,
  },
  en: {
    continue: "Continue",
    english: /^English/,
    spanish: /^Español/,
    saveSeo: "Save SEO",
    save: "Save",
    preview: /^Live preview/,
    addAddon: "Add extra",
    publish: "Publish",
    copy: "Copy link",
    moveToTrash: "Move to Trash",
    purge: /^Delete for good/,
  },
} as const;

const FLEET = [
  {
    name: "Toyota Corolla 2024",
    brand: "Toyota",
    type: "sedan",
    price: "39",
    people: "5",
    luggage: "2",
    art: ["#dc2626", "#7f1d1d", "sedan"],
  },
  {
    name: "Hyundai Tucson 2023",
    brand: "Hyundai",
    type: "suv",
    price: "58.5",
    people: "5",
    luggage: "4",
    art: ["#0f766e", "#134e4a", "suv"],
  },
  {
    name: "Kia Carnival 2024",
    brand: "Kia",
    type: "van",
    price: "85",
    people: "8",
    luggage: "6",
    art: ["#1e3a8a", "#0f172a", "van"],
  },
] as const;

function logo(text: string, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="160" viewBox="0 0 500 160">
    <rect x="6" y="30" width="100" height="100" rx="24" fill="${color}"/>
    <path d="M28 96 l14-30 h30 l14 30 z" fill="#ffffff"/>
    <circle cx="42" cy="100" r="8" fill="#ffffff"/><circle cx="72" cy="100" r="8" fill="#ffffff"/>
    <text x="124" y="100" font-family="DejaVu Sans, Arial, sans-serif" font-size="50" font-weight="700" fill="#ffffff">${text}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function favicon(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
    <rect width="160" height="160" rx="36" fill="${color}"/>
    <path d="M38 104 l18-38 h48 l18 38 z" fill="#ffffff"/>
    <circle cx="58" cy="110" r="12" fill="#f59e0b"/><circle cx="102" cy="110" r="12" fill="#f59e0b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function ogImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="#0f766e"/><circle cx="980" cy="120" r="260" fill="#f59e0b" opacity="0.9"/>
    <text x="80" y="340" font-family="DejaVu Sans, Arial" font-size="84" font-weight="700" fill="#fff">Caribe Rent</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const shoot = (page: Page, name: string, fullPage = false) => capture(page, OUT_DIR, name, { fullPage, pauseMs: 250 });

async function xsrf(page: Page): Promise<Record<string, string>> {
  let cookie = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN");
  if (!cookie) {
    await page.request.get("/api/sanctum/csrf-cookie");
    cookie = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN");
  }
  return { "X-XSRF-TOKEN": decodeURIComponent(cookie?.value ?? "") };
}

async function api<T>(page: Page, method: "post" | "patch" | "delete", url: string, body: object): Promise<T> {
  const headers = await xsrf(page);
  const response =
    method === "patch"
      ? await page.request.patch(url, { headers, data: body })
      : method === "delete"
        ? await page.request.delete(url, { headers })
        : await page.request.post(url, { headers, multipart: body as never });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

type Landing = { id: number; name: string; display_name: string; version: number };

async function createLanding(page: Page, ownerId: number, name: string, language: Language, colors: [string, string]) {
  return api<Landing>(page, "post", "/api/landing", {
    id_users_landing: String(ownerId),
    display_name: name,
    color_primary: colors[0],
    color_secondary: colors[1],
    default_language: language,
    logo: { name: "logo.png", mimeType: "image/png", buffer: await logo(name.split(" ")[0] ?? name, colors[0]) },
  });
}

async function addFleet(page: Page, landingId: number, count: number) {
  for (const vehicle of FLEET.slice(0, count)) {
    const [body, accent, shape] = vehicle.art;
    await api(page, "post", "/api/vehicle", {
      id_landing: String(landingId),
      name: vehicle.name,
      brand: vehicle.brand,
      description: "Aire acondicionado, Bluetooth y cámara de reversa.",
      price: vehicle.price,
      luggage: vehicle.luggage,
      people: vehicle.people,
      type_of_car: vehicle.type,
      transmision: "automatic",
      "images[0]": { name: "car.jpg", mimeType: "image/jpeg", buffer: await demoVehicleArt(body, accent, shape) },
    });
  }
}

async function addLocation(page: Page, landingId: number) {
  await page.request.post(`/api/landings/${landingId}/addLocation`, {
    headers: await xsrf(page),
    data: { place_of_departure: "Aeropuerto de Punta Cana (PUJ)", arrival_place: "Bávaro" },
  });
}

/** A visitor's booking on the landing's first vehicle, ten days from now; answers its id. */
async function bookOn(page: Page, landingId: number) {
  const vehicles = (await (await page.request.get(`/api/vehicles/${landingId}`)).json()) as { id: number }[];
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.post("/api/reservations", {
    headers: await xsrf(page),
    data: {
      id_landing: landingId,
      id_vehicle: vehicles[0]?.id,
      place_of_departure: "Aeropuerto de Punta Cana (PUJ)",
      arrival_place: "Bávaro",
      date_of_departure: day(10),
      time_of_departure: "10:00",
      date_of_arrival: day(13),
      time_of_arrival: "10:00",
      number_person: 2,
      name: "Ana",
      last_name: "Peña",
      email: "ana@example.com",
      phone: "+1 809 555 0101",
      terms_accepted: true,
    },
  });
  if (response.status() !== 201) throw new Error(`booking: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Signs a new owner up and answers their id, which the API calls need. */
async function signUp(page: Page, email: string) {
  await signUpThroughForm(page, "Caribe Rent", email);
  return Number(await page.evaluate(() => localStorage.getItem("NellyUserId")));
}

async function screens(browser: Browser, language: Language, viewport: ViewportName) {
  const prefix = `${language}-${viewport}`;
  const phone = viewport === "phone";
  const words = WORDS[language];
  console.log(prefix);
  const context = await newScreenContext(browser, viewport, language, {
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  const ownerId = await signUp(page, `landings-${prefix}-${Date.now()}@screens.example`);
  const tag = `${RUN}${language}${phone ? "p" : "d"}`;

  await page.getByRole("main").locator("h2").first().waitFor();
  await shoot(page, `${prefix}-list-empty`);

  // The designer: empty, filled, the success modal, then the review with a fleet.
  await page.goto("/layout-designer");
  await page.getByRole("button", { name: words.continue }).waitFor();
  await shoot(page, `${prefix}-wizard-empty`, !phone);
  if (phone) await shoot(page, `${prefix}-wizard-empty-full`, true);
  await page.locator('main input[name="display_name"]').fill(`Caribe Rent & Tours ${tag}`);
  await page.locator('main input[type="file"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: await logo("Caribe", "#0f766e"),
  });
  await page.locator('main input[name="color_primary"]').fill("#0f766e");
  await page.locator('main input[name="color_secondary"]').fill("#f59e0b");
  await page.getByRole("radio", { name: language === "es" ? words.spanish : words.english }).check();
  await page.getByTestId("name-status").locator("svg.lucide-circle-check").waitFor();
  // A reload mid-wizard brings the text back, and the logo with it (issue 25.15).
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await page.locator('main img[src^="blob:"]').first().waitFor();
  await shoot(page, `${prefix}-wizard-restored`, !phone);
  // The time zone, currency and tax the landing starts with, opened to change them.
  const region = page.locator('section[aria-labelledby="wizard-step-5"]');
  await region.locator("button[aria-expanded]").click();
  await region.getByRole("combobox").first().scrollIntoViewIfNeeded();
  await region.screenshot({ path: path.join(OUT_DIR, `${prefix}-wizard-region.png`) });
  console.log(`  screenshots/landings/${prefix}-wizard-region.png`);
  await region.locator("button[aria-expanded]").click();
  if (phone) {
    // On a phone, what the owner sees at the end of the form: the folded preview and the action bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shoot(page, `${prefix}-wizard-filled`);
    await page.getByRole("button", { name: words.preview }).click();
    await page.getByTestId("landing-preview").waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(OUT_DIR, `${prefix}-wizard-preview-open.png`) });
  } else {
    await shoot(page, `${prefix}-wizard-filled`, true);
  }
  await page.getByRole("button", { name: words.continue }).click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT_DIR, `${prefix}-wizard-created.png`) });
  console.log(`  screenshots/landings/${prefix}-wizard-created.png`);
  await page.waitForURL("**/layout-designer/add-vehicles");
  const draftId = Number(await page.evaluate(() => localStorage.getItem("nelly.designer.landingId")));
  await page.goto("/layout-designer/review");
  await page.getByTestId("publish-requirements").waitFor();
  await shoot(page, `${prefix}-designer-review-needs`, phone);
  await addFleet(page, draftId, 3);
  // The designer's places step (issue 25.10): empty, then with a place.
  await page.goto("/layout-designer/places");
  await page.locator("#designer-places-title").waitFor();
  await shoot(page, `${prefix}-designer-places-empty`, true);
  await addLocation(page, draftId);
  await page.reload();
  await page.locator("main ul li").first().waitFor();
  await shoot(page, `${prefix}-designer-places`, true);
  await page.goto("/layout-designer/review");
  // The review shows the real public site in a frame: wait for its third vehicle card there.
  await page.frameLocator("iframe").first().getByRole("article").nth(2).waitFor();
  await shoot(page, `${prefix}-designer-review`, true);

  // More landings for the list: one in English, one already published.
  const english = await createLanding(page, ownerId, `Sunset Cars ${tag}`, "en", ["#1e3a8a", "#facc15"]);
  await addFleet(page, english.id, 2);
  const published = await createLanding(page, ownerId, `Autos Sol ${tag}`, "es", ["#b91c1c", "#0f172a"]);
  await addFleet(page, published.id, 1);
  await addLocation(page, published.id);
  await api(page, "patch", "/api/landing/status", { landing_id: published.id, user_id: ownerId });

  await page.goto("/landings");
  await page.getByTestId("landing-card").nth(2).waitFor();
  await shoot(page, `${prefix}-list`, phone);
  await page.getByTestId("landing-card").last().getByRole("button").last().click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(250);
  await shoot(page, `${prefix}-delete-dialog`);
  await page.keyboard.press("Escape");
  // A landing with a booking ahead is not trashed: the dialog says so (issue 25.6).
  const booking = await bookOn(page, published.id);
  await page.reload();
  await page.getByTestId("landing-card").filter({ hasText: published.display_name }).getByRole("button").last().click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(250);
  await shoot(page, `${prefix}-delete-blocked`);
  await page.keyboard.press("Escape");

  // A landing that cannot be published yet: the detail says what it needs.
  await page.goto(`/view-landing/${english.id}`);
  await page.getByTestId("publish-requirements").waitFor();
  await shoot(page, `${prefix}-detail-needs`);

  // The detail's four tabs, and the SEO tab refusing a bad submit.
  const detail = `/view-landing/${draftId}`;
  for (const [tab, query] of [
    ["reservations", ""],
    ["vehicles", "?tab=vehicles"],
    ["settings", "?tab=settings"],
    ["seo", "?tab=seo"],
  ] as const) {
    await page.goto(`${detail}${query}`);
    await page.getByRole("tabpanel").waitFor();
    await shoot(page, `${prefix}-detail-${tab}`, tab === "settings" || tab === "seo" || phone);
  }
  // Guardar with an empty name and a colour typed as a word: each field says why (issue 25.14).
  await page.goto(`${detail}?tab=settings`);
  await page.locator('main input[name="display_name"]').fill("");
  await page.locator('main input[name="color_primary"]').fill(language === "es" ? "azul" : "blue");
  await page.getByRole("button", { name: words.save, exact: true }).click();
  await page.locator("main [aria-invalid=true]").first().waitFor();
  await shoot(page, `${prefix}-detail-settings-errors`, !phone);
  await page.evaluate(() => sessionStorage.clear());
  // Money as people type it, and a price that reads two ways.
  await page.goto(`${detail}?tab=settings`);
  const prices = page.locator('main input[inputmode="decimal"][id^="addon-"]');
  await prices.nth(0).fill("1.250,50");
  await prices.nth(1).fill("US$ 45");
  await prices.nth(2).fill("1,250");
  await page.getByRole("button", { name: words.save, exact: true }).click();
  await prices.nth(2).and(page.locator("[aria-invalid=true]")).waitFor();
  await shoot(page, `${prefix}-detail-settings-money`, true);

  // A save refused because the data changed elsewhere (409): the alert beside Guardar. The money
  // picture above left an unsaved draft (with its ambiguous "1,250") that the form would restore.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${detail}?tab=settings`);
  await page.locator('main input[name="display_name"]').fill(`Caribe Rent ${tag} SRL`);
  const current = await page.request.get(`/api/landings/${ownerId}/${draftId}`);
  const { version } = (await current.json()) as Landing;
  await api(page, "post", `/api/landing-update/${ownerId}/${draftId}`, {
    version: String(version),
    color_primary: "#0f766e",
    color_secondary: "#f59e0b",
    default_language: language,
  });
  await page.getByRole("button", { name: words.save, exact: true }).click();
  await page.locator("main [role=alert]").first().waitFor();
  await shoot(page, `${prefix}-detail-settings-stale`, phone);

  await page.goto(`${detail}?tab=seo`);
  await page.getByRole("tabpanel").waitFor();
  await page.locator('main input[type="url"]').fill("not a url");
  await page.getByRole("button", { name: words.saveSeo }).click();
  await page.locator("main [role=alert]").first().waitFor();
  await shoot(page, `${prefix}-detail-seo-errors`, true);
  // A filled SEO tab with its images.
  await page.locator("main input").first().fill("Caribe Rent | Alquiler de autos en Santiago");
  await page
    .locator("main textarea")
    .first()
    .fill(
      "Reserva tu auto en minutos en Santiago: sedanes, SUV y vans con precio claro, seguro incluido, sin sorpresas y con entrega gratis en el aeropuerto o en tu hotel de Santiago.",
    );
  await page.locator("main textarea").nth(1).fill("Tu auto listo al llegar a Santiago.");
  await page.locator('main input[type="url"]').fill("");
  await page
    .locator('main input[type="file"]')
    .first()
    .setInputFiles({ name: "og.png", mimeType: "image/png", buffer: await ogImage() });
  await page
    .locator('main input[type="file"]')
    .last()
    .setInputFiles({
      name: "icon.png",
      mimeType: "image/png",
      buffer: await favicon("#0f766e"),
    });
  await page.getByRole("button", { name: words.saveSeo }).click();
  await page.locator("[data-sonner-toast]").first().waitFor();
  await page.locator('main img[src^="/storage/og/"]').waitFor();
  await shoot(page, `${prefix}-detail-seo-saved`, true);

  // The preview in each landing language, then publishing and copying the address.
  const draftName = await page.evaluate(() => localStorage.getItem("nelly.designer.landingName"));
  await page.goto(`/review-component/${draftName}`);
  await page.frameLocator("iframe").first().getByRole("article").nth(2).waitFor();
  await shoot(page, `${prefix}-preview-es`, true);
  await page.goto(`/review-component/${english.name}`);
  await page.frameLocator("iframe").first().getByRole("article").nth(1).waitFor();
  await shoot(page, `${prefix}-preview-en`, true);
  await page.goto(`/review-component/${draftName}`);
  await page.getByRole("button", { name: words.publish, exact: true }).click();
  await page.waitForURL("**/published?landing=*");
  await page.getByRole("button", { name: words.copy }).click();
  await page.waitForTimeout(200);
  await shoot(page, `${prefix}-published`, phone);

  // The Papelera: empty, then with two landings, and the red confirmation.
  await page.goto("/history");
  await page.getByRole("main").locator("h2").first().waitFor();
  await shoot(page, `${prefix}-trash-empty`);
  // Its booking cancelled first: a landing with bookings ahead stays out of the trash.
  await api(page, "patch", `/api/reservations/${booking}/status`, { status: "cancelled" });
  await api(page, "delete", `/api/landing/${published.id}`, {});
  await api(page, "delete", `/api/landing/${english.id}`, {});
  await page.reload();
  await page.getByTestId("trashed-card").nth(1).waitFor();
  await shoot(page, `${prefix}-trash`);
  await page.getByRole("button", { name: words.purge }).first().click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(250);
  await shoot(page, `${prefix}-purge-dialog`);
  await page.getByRole("dialog").getByRole("button", { name: words.purge }).click();
  await page.locator("[data-sonner-toast]").first().waitFor();
  await shoot(page, `${prefix}-purged`);
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORT_NAMES) await screens(browser, language, viewport);
  }
});
