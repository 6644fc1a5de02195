import { priceRental } from "@domain/pricing";
import { type APIResponse, type Browser, expect, type Page } from "@playwright/test";
import { createLanding, createVehicle, type FleetOwner, storedVehicle } from "./fleet";
import { emailed, textOf } from "./outbox";
import { addDays, landingDay } from "./reservations";

export type PublicFleet = {
  id: number;
  name: string;
  display_name: string;
  corolla: { id: number; name: string };
  tucson: { id: number; name: string };
  /** One unit only: two visitors race for it. */
  jeep: { id: number; name: string };
  addons: { id: number; name: string; price_cents: number }[];
};

/** A published landing with three vehicles (the first with three photos), two places and its add-ons. */
export async function createPublicLanding(owner: FleetOwner, prefix = "Sitio"): Promise<PublicFleet> {
  const landing = await createLanding(owner, prefix);
  const corolla = await createVehicle(
    owner,
    landing.id,
    { name: "Toyota Corolla 2024", price: "45.50", units: "20" },
    3,
  );
  const tucson = await createVehicle(
    owner,
    landing.id,
    {
      name: "Hyundai Tucson 2024",
      price: "75",
      type_of_car: "suv",
      brand: "Hyundai",
      luggage: "4",
      units: "20",
      features: "[]",
    },
    1,
  );
  const jeep = await createVehicle(
    owner,
    landing.id,
    {
      name: "Jeep Wrangler 2023",
      price: "99",
      type_of_car: "suv",
      brand: "Jeep",
      transmision: "manual",
      people: "4",
      luggage: "2",
      units: "1",
      features: "[]",
    },
    2,
  );
  for (const [from, to] of [
    ["Santiago", "Santiago"],
    ["Santiago", "La Romana"],
    ["Punta Cana", "Punta Cana"],
  ]) {
    const response = await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
      data: { place_of_departure: from, arrival_place: to },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const published = await owner.api.patch("/api/landing/status", { data: { landing_id: landing.id } });
  expect(published.status(), await published.text()).toBe(200);
  const detail = await owner.api.get(`/api/landings/${owner.id}/${landing.id}`);
  const { addons } = (await detail.json()) as PublicFleet;
  return { id: landing.id, name: landing.name, display_name: landing.display_name, corolla, tucson, jeep, addons };
}

/** A search of `length` days starting `start` days from today, as the list page's query. */
export function searchQuery(start = 5, length = 3, extra: Record<string, string> = {}) {
  const from = landingDay(start);
  return new URLSearchParams({
    pickup: "Santiago",
    from,
    fromTime: "10:00",
    to: addDays(from, length),
    toTime: "10:00",
    seats: "2",
    ...extra,
  }).toString();
}

/** What the domain's pricing makes of a rental (the page and the server use the same function). */
export function expectedTotal(
  pricePerDayCents: number,
  days: number,
  addons: { id: number; priceCents: number; quantity: number }[],
) {
  return priceRental({
    pricePerDayCents,
    days,
    addons: addons.map((addon) => ({ ...addon, name: "" })),
    taxRateBasisPoints: 1800,
    taxLabel: "ITBIS",
    currency: "USD",
  }).totalCents;
}

/** Money as the page shows it in its language (domain/money.ts). */
export const money = (cents: number, language: "es" | "en") =>
  new Intl.NumberFormat(language === "es" ? "es-DO" : "en-US", { style: "currency", currency: "USD" }).format(
    cents / 100,
  );

/** The page has hydrated: its JavaScript-only controls are live. */
export async function hydrated(page: Page) {
  await expect(page.locator("html.hydrated")).toHaveCount(1);
}

/**
 * A slow connection: the page's scripts (every built module, `/assets/*.js`) are held back until
 * the returned function is called, so the server's HTML shows and can be typed into before React
 * has hydrated it. Open the page with `goto(url, { waitUntil: "commit" })`: the held modules keep
 * DOMContentLoaded from firing.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const scripts = /\/assets\/[^?#]+\.js(?:[?#]|$)/;
  await page.route(scripts, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await hydrated(page);
  };
}

/**
 * What the page reports as broken: uncaught errors and console errors (React's own, such as #418
 * when the browser's render differs from the server's HTML and the page is drawn again).
 */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** Who books, as typed in the review page's contact form. */
export type Booker = { name: string; last_name: string; email: string; phone: string };

/** Types the booker into the review page's contact form and accepts the terms, as a visitor does. */
export async function fillContact(page: Page, booker: Booker) {
  for (const field of ["name", "last_name", "email", "phone"] as const) {
    await page.getByTestId(`contact-${field}`).fill(booker[field]);
  }
  await page.getByTestId("contact-terms").check();
}

export const PHONE = { width: 390, height: 844 };

/** A visitor on a phone (390 px, touch) in a browser of their own: its page, and its context to close. */
export async function phoneVisitor(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return { context, page: await context.newPage() };
}
export const DESKTOP = { width: 1440, height: 900 };

/**
 * The link to the customer's own page from the confirmation email the server wrote for
 * `reference`.
 */
export async function emailedReservationLink(reference: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/reservation/${reference}\\?t=[\\w-]+(&lang=(es|en))?`);
  const mail = await emailed((candidate) => pattern.test(textOf(candidate)), `the confirmation email of ${reference}`);
  return textOf(mail).match(pattern)?.[0] ?? "";
}

/** Where the rules of a `createPublicLanding` site start and what they cover (yyyy-mm-dd, landing's days). */
export type RuledDates = { monday: string; seasonFrom: string; blockFrom: string; blockTo: string };

/** The first Monday at least `offset` days from today on the landing's calendar. */
export function mondayFrom(offset: number): string {
  let day = landingDay(offset);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
  return day;
}

async function ok(response: APIResponse, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

/**
 * The rules of issue 10 on a `createPublicLanding` site, through the owner's API: 3 days minimum,
 * 10 % from 7 days, a phone and a WhatsApp number; Santiago closed on Sundays (08:00-18:00 other
 * days); a US$25 one-way fee Santiago -> La Romana; a high season of US$90 for the Corolla from
 * `seasonFrom` (named in English too) with a US$300 deposit; the Jeep's only unit blocked `blockFrom`..`blockTo`.
 */
export async function applyRentalRules(owner: FleetOwner, site: PublicFleet, dates: RuledDates) {
  const landing = (await ok(await owner.api.get(`/api/landings/${owner.id}/${site.id}`))) as { version: number };
  await ok(
    await owner.api.put(`/api/landings/${owner.id}/${site.id}/rules`, {
      data: {
        version: landing.version,
        min_days: "3",
        week_discount: "10",
        young_driver_age: "25",
        young_driver_fee: "10",
        contact_phone: "+1 (809) 555-0101",
        whatsapp: "+1 809 555 0199",
      },
    }),
  );
  const open = { open: "08:00", close: "18:00" };
  await ok(
    await owner.api.put(`/api/landings/${site.id}/places`, {
      data: { place: "Santiago", hours: [null, open, open, open, open, open, open], after_hours_fee: "" },
    }),
  );
  const locations = (await ok(await owner.api.get(`/api/landings/${site.id}/locations`))) as {
    id: number;
    place_of_departure: string;
    arrival_place: string;
  }[];
  const pair = locations.find((location) => location.arrival_place === "La Romana");
  if (!pair) throw new Error("the Santiago -> La Romana pair");
  await ok(await owner.api.patch(`/api/landing/${site.id}/locations/${pair.id}`, { data: { one_way_fee: "25" } }));
  const corolla = await storedVehicle(owner, site.id, site.corolla.id);
  await ok(
    await owner.api.put(`/api/vehicles/${site.id}/${site.corolla.id}/rules`, {
      data: {
        version: corolla.version,
        deposit: "300",
        seasons: [
          {
            name: "Temporada alta",
            from: dates.seasonFrom,
            to: addDays(dates.seasonFrom, 60),
            price: "90",
            translations: { en: { name: "High season" } },
          },
        ],
      },
    }),
  );
  await ok(
    await owner.api.post(`/api/vehicles/${site.id}/${site.jeep.id}/blocks`, {
      data: { from: dates.blockFrom, to: dates.blockTo, units: "1", note: "Mantenimiento" },
    }),
    201,
  );
}
