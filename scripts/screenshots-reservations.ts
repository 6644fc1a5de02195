/**
 * Captures the reservation screens (the list grouped per landing, filters, no matches, empty,
 * loading, error; the detail, cancel-with-fee and delete dialogs; the landing's Reservas tab; the
 * sidebar's pending badge; Help's reservations section), in Spanish and English, on a desktop and
 * a phone, into ./screenshots/reservations/ for visual review. Needs a running server:
 *   npx vite build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots-reservations.ts   (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import { type Browser, type Page, request } from "@playwright/test";
import sharp from "sharp";
import {
  apiAccount,
  BASE_URL,
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

const OUT_DIR = path.resolve("screenshots", "reservations");
const TIME_ZONE = "America/Santo_Domingo";
type Account = ScreenAccount;
type Landing = { id: number; name: string; display_name: string; addons: { id: number; name: string }[] };
type Reservation = { id: number; reference: string };

const account = (label: string) => apiAccount(label, "Autos Caribe");

async function logo(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="250" height="80">
    <circle cx="40" cy="40" r="24" fill="#ffffff"/>
    <rect x="78" y="28" width="150" height="24" rx="6" fill="#ffffff"/>
    <rect x="0" y="0" width="250" height="80" fill="${color}" fill-opacity="0"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function bookableLanding(
  owner: Account,
  displayName: string,
  color: string,
  vehicles: { name: string; price: string; colours: [string, string] }[],
  publish = true,
) {
  const landing = await ok<Landing>(
    await owner.api.post("/api/landing", {
      multipart: {
        display_name: displayName,
        color_primary: color,
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { name: "logo.png", mimeType: "image/png", buffer: await logo(color) },
      },
    }),
  );
  const created: { id: number }[] = [];
  for (const vehicle of vehicles) {
    const { vehicle: stored } = await ok<{ vehicle: { id: number } }>(
      await owner.api.post("/api/vehicle", {
        multipart: {
          id_landing: String(landing.id),
          name: vehicle.name,
          description: "Aire acondicionado, cámara de reversa y bajo consumo.",
          price: vehicle.price,
          luggage: "3",
          people: "5",
          type_of_car: "suv",
          transmision: "automatic",
          units: "20",
          "images[0]": { name: "car.jpg", mimeType: "image/jpeg", buffer: await carPhoto(...vehicle.colours) },
        },
      }),
    );
    created.push(stored);
  }
  // Round trips at each place, and the one-way trip the screenshots' bookings make.
  for (const [from, to] of [
    ["Aeropuerto Internacional del Cibao", "Aeropuerto Internacional del Cibao"],
    ["Santiago centro", "Santiago centro"],
    ["La Romana", "La Romana"],
    ["Aeropuerto Internacional del Cibao", "La Romana"],
  ]) {
    await ok(
      await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
        data: { place_of_departure: from, arrival_place: to },
      }),
    );
  }
  if (publish && vehicles.length > 0) {
    await ok(await owner.api.patch("/api/landing/status", { data: { landing_id: landing.id } }));
  }
  const full = await ok<Landing>(await owner.api.get(`/api/landings/${owner.id}/${landing.id}`));
  return { ...full, vehicles: created };
}

function localDay(offsetDays: number, hoursFromNow = 0): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(Date.now() + offsetDays * 86_400_000 + hoursFromNow * 3_600_000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
}

type Guest = { name: string; last_name: string; email: string; phone: string; description: string };
const GUESTS: Guest[] = [
  {
    name: "María José",
    last_name: "Peña Rodríguez",
    email: "mariajose.pena@example.com",
    phone: "+1 809 555 0101",
    description: "Llegamos en el vuelo AA 1234 a las 9:40; por favor, esperar en la salida de llegadas.",
  },
  {
    name: "Luis",
    last_name: "Fernández",
    email: "luis.fernandez@correo.example",
    phone: "809-555-0147",
    description: "",
  },
  {
    name: "Ana",
    last_name: "Ñúñez",
    email: "ana.nunez@example.com",
    phone: "+1 829 555 0190",
    description: "Necesito silla para un niño de 3 años.",
  },
  {
    name: "John",
    last_name: "Smith",
    email: "john.smith.travels.caribbean@example.org",
    phone: "+44 20 7946 0958",
    description: "Arriving late at night, is after-hours pickup possible?",
  },
  {
    name: "Carmen Altagracia",
    last_name: "de los Santos",
    email: "carmen@example.com",
    phone: "849 555 0111",
    description: "",
  },
];

async function book(
  landing: Landing & { vehicles: { id: number }[] },
  vehicleIndex: number,
  guest: Guest,
  pickup: { date: string; time: string },
  days: number,
  addons: { id: number; quantity: number }[] = [],
): Promise<Reservation> {
  const visitor = await request.newContext({ baseURL: BASE_URL });
  const returnDate = new Date(Date.parse(`${pickup.date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const reservation = await ok<Reservation>(
    await visitor.post("/api/reservations", {
      data: {
        id_landing: landing.id,
        id_vehicle: landing.vehicles[vehicleIndex]?.id,
        place_of_departure: "Aeropuerto Internacional del Cibao",
        arrival_place: "La Romana",
        date_of_departure: pickup.date,
        time_of_departure: pickup.time,
        date_of_arrival: returnDate,
        time_of_arrival: "10:00",
        number_person: 3,
        number_bag: 2,
        addons,
        ...guest,
        terms_accepted: true,
      },
    }),
  );
  await visitor.dispose();
  return reservation;
}

type World = {
  full: Account;
  empty: Account;
  main: Landing;
  quiet: Landing;
  pending: Reservation;
  cancelled: Reservation;
};

/** One owner with reservations in every status on two landings, and an empty third; one with nothing. */
async function buildWorld(): Promise<World> {
  const full = await account("reservations");
  const empty = await account("reservations-empty");
  const stamp = Date.now().toString(36);
  const main = await bookableLanding(full, `Caribe Rent & Tours ${stamp}`, "#0f766e", [
    { name: "Toyota Corolla 2024", price: "45.50", colours: ["#1e3a8a", "#3b82f6"] },
    { name: "Hyundai Tucson 2023", price: "79", colours: ["#7c2d12", "#f97316"] },
  ]);
  const second = await bookableLanding(full, `Autos Año Nuevo SRL ${stamp}`, "#1d4ed8", [
    { name: "Kia Picanto 2022", price: "32", colours: ["#14532d", "#22c55e"] },
  ]);
  const quiet = await bookableLanding(full, `Santiago Cars ${stamp}`, "#7c3aed", [
    { name: "Jeep Wrangler 2024", price: "120", colours: ["#581c87", "#a855f7"] },
  ]);
  await bookableLanding(empty, `Mi primera landing ${stamp}`, "#b91c1c", [], false);

  const [waiver, effects, seat] = main.addons;
  const booked: Reservation[] = [];
  booked.push(await book(second, 0, GUESTS[4] as Guest, localDay(20), 4));
  booked.push(await book(main, 1, GUESTS[1] as Guest, localDay(30), 7));
  booked.push(await book(main, 0, GUESTS[3] as Guest, localDay(6), 2));
  booked.push(await book(second, 0, GUESTS[2] as Guest, localDay(3), 3));
  booked.push(await book(main, 0, GUESTS[2] as Guest, localDay(12), 5, seat ? [{ id: seat.id, quantity: 1 }] : []));
  const addons = [waiver, effects, seat]
    .filter((addon) => addon !== undefined)
    .map((addon, index) => ({
      id: addon.id,
      quantity: index === 2 ? 2 : 1,
    }));
  booked.push(await book(main, 1, GUESTS[0] as Guest, localDay(9), 3, addons));

  const move = async (reservation: Reservation | undefined, status: string) => {
    if (reservation) await ok(await full.api.patch(`/api/reservations/${reservation.id}/status`, { data: { status } }));
  };
  await move(booked[0], "confirmed");
  // No "completed": a booking is completed only after its pickup, and these are all still ahead.
  await move(booked[1], "confirmed");
  await move(booked[2], "cancelled");
  await move(booked[3], "confirmed");
  const pending = booked[5] as Reservation;
  const cancelled = booked[2] as Reservation;
  return { full, empty, main, quiet, pending, cancelled };
}

async function signedInPage(browser: Browser, viewport: ViewportName, language: Language, email: string) {
  const page = await (await newScreenContext(browser, viewport, language)).newPage();
  await signInThroughForm(page, email);
  return page;
}

const shoot = (page: Page, name: string, fullPage = false) =>
  capture(page, OUT_DIR, name, { fullPage, settleAnimations: true });

const visible = (page: Page, selector: string) => page.locator(selector).filter({ visible: true }).first();

async function openReservation(page: Page, reference: string) {
  await visible(page, `main button:text-is("${reference}")`).click();
  await page.getByRole("dialog").waitFor();
}

async function listScreens(page: Page, world: World, prefix: string) {
  await page.goto("/reservation");
  await visible(page, "main [data-testid='reservation-group'] img").waitFor();
  await shoot(page, `${prefix}-list`);
  await shoot(page, `${prefix}-list-full`, true);

  await openReservation(page, world.pending.reference);
  await shoot(page, `${prefix}-detail-pending`);
  // A pending request is declined for nothing (issue 25.1): its dialog says so, no fee.
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^(Rechazar|Decline)$/ })
    .click();
  await page.getByRole("alertdialog").or(page.getByRole("dialog").last()).last().waitFor();
  await shoot(page, `${prefix}-decline`);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  await openReservation(page, world.cancelled.reference);
  await shoot(page, `${prefix}-detail-cancelled`);
  await page.keyboard.press("Escape");

  await visible(page, "main button.text-red-700").click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, `${prefix}-delete-dialog`);
  await page.keyboard.press("Escape");

  await page.goto("/reservation?status=pending");
  await visible(page, "main [data-testid='reservation-group']").waitFor();
  await shoot(page, `${prefix}-filtered-pending`, true);

  await page.goto("/reservation?q=nadie-se-llama-asi");
  await page
    .locator("main h2")
    .filter({ hasText: /Ninguna|No reservation/ })
    .waitFor();
  await shoot(page, `${prefix}-no-matches`);

  // Loading: the list's answer held back; error: the server failing (after the query's retries).
  await page.route("**/api/reservations/user/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/reservation");
  await page.locator("main [role='status']:visible").first().waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT_DIR, `${prefix}-loading.png`) });
  console.log(`  screenshots/reservations/${prefix}-loading.png`);
  await page.unroute("**/api/reservations/user/**");
  await page.route("**/api/reservations/user/**", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
  );
  await page.goto("/reservation");
  await page.locator("main [role='alert']").waitFor({ timeout: 15_000 });
  await shoot(page, `${prefix}-error`);
  await page.unroute("**/api/reservations/user/**");
}

async function tabScreens(page: Page, world: World, prefix: string) {
  await page.goto(`/view-landing/${world.main.id}`);
  await visible(page, "main [role='tabpanel'] img").waitFor();
  await shoot(page, `${prefix}-tab`, true);

  await page.goto(`/view-landing/${world.quiet.id}`);
  await page.locator("main [role='tabpanel'] h3").waitFor();
  await shoot(page, `${prefix}-tab-empty`);
}

async function emptyScreens(page: Page, prefix: string) {
  await page.goto("/reservation");
  await page.locator("main h2").first().waitFor();
  await shoot(page, `${prefix}-empty`);
}

async function helpScreens(page: Page, prefix: string) {
  await page.goto("/help#help-reservations");
  await page.locator("#help-reservations").waitFor();
  await page.locator("#help-reservations").scrollIntoViewIfNeeded();
  await shoot(page, `${prefix}-help`, true);
}

runScreenshots(OUT_DIR, async (browser) => {
  const world = await buildWorld();
  for (const viewport of VIEWPORT_NAMES) {
    for (const language of LANGUAGES) {
      const prefix = `${viewport}-${language}`;
      console.log(prefix);
      const page = await signedInPage(browser, viewport, language, world.full.email);
      await listScreens(page, world, prefix);
      await tabScreens(page, world, prefix);
      await helpScreens(page, prefix);
      if (viewport === "phone") {
        await page.goto("/reservation");
        await page.locator("header button[aria-haspopup='dialog'], header button[aria-expanded]").first().click();
        await page.getByRole("dialog").waitFor();
        await shoot(page, `${prefix}-drawer-badge`);
      }
      await page.context().close();
      const emptyPage = await signedInPage(browser, viewport, language, world.empty.email);
      await emptyScreens(emptyPage, prefix);
      await emptyPage.context().close();
    }
  }
  await world.full.api.dispose();
  await world.empty.api.dispose();
});
