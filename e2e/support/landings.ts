import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { pngImage } from "./images";

export type LandingBody = {
  id: number;
  /** The slug: the public address. */
  name: string;
  /** The business name as typed. */
  display_name: string;
  version: number;
  vehicles_count: number;
  locations_count: number;
  public_url: string;
  logo: string | null;
  favicon: string | null;
  og_image: string | null;
  color_primary: string;
  color_secondary: string;
  default_language: string;
  status: "draft" | "published";
  deleted_at: string | null;
  time_zone: string;
  currency: string;
  tax_label: string;
  tax_rate: number;
  addons: {
    id: number;
    name: string;
    price: number;
    price_cents: number;
    kind: string;
    max_quantity: number;
    translations: Record<string, Record<string, string>>;
  }[];
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  og_title: string;
  og_description: string;
  robots: string;
  canonical_url: string;
};

/** A name no other test uses, short enough for the 35-character limit. */
export function uniqueLandingName(label: string): string {
  return `${label} ${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
}

/** An address (slug) no other test uses: "guagua-tours-k3j4abc". */
export function uniqueSlug(label: string): string {
  return uniqueLandingName(label).toLowerCase().replace(/\s+/g, "-");
}

/** A logo at the recommended 250x80: a white plate with a coloured mark. */
export function logoPng(color = "#0f766e"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="250" height="80">
    <rect width="250" height="80" rx="14" fill="#ffffff"/>
    <circle cx="40" cy="40" r="24" fill="${color}"/>
    <rect x="78" y="28" width="150" height="24" rx="6" fill="${color}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The CSRF header a browser session needs on unsafe methods, read from the page's own cookie. */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  let cookie = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN");
  if (!cookie) {
    await page.request.get("/api/sanctum/csrf-cookie");
    cookie = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN");
  }
  expect(cookie, "XSRF cookie").toBeTruthy();
  return { "X-XSRF-TOKEN": decodeURIComponent(cookie?.value ?? "") };
}

type NewLanding = {
  /** The business name; the server derives the slug from it unless `slug` is given. */
  name?: string;
  slug?: string;
  primary?: string;
  secondary?: string;
  language?: "es" | "en";
};

/** Creates a draft landing through the API with the signed-in page's session. */
export async function createLandingViaApi(page: Page, ownerId: number, input: NewLanding = {}): Promise<LandingBody> {
  const response = await page.request.post("/api/landing", {
    headers: await xsrfHeaders(page),
    multipart: {
      id_users_landing: String(ownerId),
      display_name: input.name ?? uniqueLandingName("Autos"),
      ...(input.slug ? { name: input.slug } : {}),
      color_primary: input.primary ?? "#0f766e",
      color_secondary: input.secondary ?? "#f59e0b",
      default_language: input.language ?? "es",
      logo: { name: "logo.png", mimeType: "image/png", buffer: await logoPng(input.primary) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as LandingBody;
}

/** Adds a vehicle with one photo to a landing (the fleet API), for the preview's cards. */
export async function createVehicleViaApi(page: Page, landingId: number, name: string, price: string) {
  const response = await page.request.post("/api/vehicle", {
    headers: await xsrfHeaders(page),
    multipart: {
      id_landing: String(landingId),
      name,
      description: "Aire acondicionado, cámara de reversa y bajo consumo.",
      price,
      luggage: "3",
      people: "5",
      type_of_car: "suv",
      transmision: "automatic",
      "images[0]": { name: "car.png", mimeType: "image/png", buffer: await pngImage(800, 600) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Adds a pickup/return location to a landing (the locations API). */
export async function createLocationViaApi(
  page: Page,
  landingId: number,
  from = "Aeropuerto SDQ",
  to = "Zona Colonial",
) {
  const response = await page.request.post(`/api/landings/${landingId}/addLocation`, {
    headers: await xsrfHeaders(page),
    data: { place_of_departure: from, arrival_place: to },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { location: { id: number } }).location;
}

/** A landing ready to publish: one vehicle and one location. */
export async function makePublishable(page: Page, landingId: number) {
  await createVehicleViaApi(page, landingId, "Toyota Corolla 2024", "45");
  await createLocationViaApi(page, landingId);
}

/** Publishes a landing through the API (it needs a vehicle and a location: makePublishable). */
export async function publishViaApi(page: Page, ownerId: number, landingId: number) {
  const response = await page.request.patch("/api/landing/status", {
    headers: await xsrfHeaders(page),
    data: { landing_id: landingId, user_id: ownerId, status: "published" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Marks a landing as the designer's landing in progress, as the wizard does after creating it. */
export async function setLandingInProgress(page: Page, landing: Pick<LandingBody, "id" | "name">) {
  await page.evaluate(
    ({ id, name }) => {
      localStorage.setItem("nelly.designer.landingId", String(id));
      localStorage.setItem("nelly.designer.landingName", name);
    },
    { id: landing.id, name: landing.name },
  );
}

export async function fetchLanding(page: Page, ownerId: number, landingId: number): Promise<LandingBody> {
  const response = await page.request.get(`/api/landings/${ownerId}/${landingId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LandingBody;
}

export async function fetchLandings(page: Page, ownerId: number): Promise<LandingBody[]> {
  const response = await page.request.get(`/api/landing/${ownerId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LandingBody[];
}

export async function fetchTrash(page: Page, ownerId: number): Promise<LandingBody[]> {
  const response = await page.request.get(`/api/landing/deleted/${ownerId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LandingBody[];
}

/** A colour as the browser's computed style gives it. */
export function rgb(hex: string): string {
  const value = hex.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(value.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Saves a landing's Configuración through the API, as another tab or person would: bumps its version. */
export async function updateLandingViaApi(
  page: Page,
  ownerId: number,
  landing: Pick<LandingBody, "id" | "version" | "color_primary" | "color_secondary" | "default_language">,
  changes: Record<string, string> = {},
): Promise<LandingBody> {
  const response = await page.request.post(`/api/landing-update/${ownerId}/${landing.id}`, {
    headers: await xsrfHeaders(page),
    multipart: {
      version: String(landing.version),
      color_primary: landing.color_primary,
      color_secondary: landing.color_secondary,
      default_language: landing.default_language,
      ...changes,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LandingBody;
}

/** Saves a landing's SEO through the API, as another tab or person would: bumps its version. */
export async function updateMetaViaApi(
  page: Page,
  ownerId: number,
  landing: Pick<LandingBody, "id" | "version">,
  meta: { meta_title: string; meta_description: string; og_description: string },
): Promise<LandingBody> {
  const response = await page.request.post(`/api/landings/${ownerId}/${landing.id}/meta`, {
    headers: await xsrfHeaders(page),
    multipart: { version: String(landing.version), ...meta },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LandingBody;
}

/** What the dashboard keeps in this tab's sessionStorage (the forms' drafts), as one string. */
export function sessionDrafts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const drafts: Record<string, string | null> = {};
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index);
      if (key?.startsWith("nelly.draft.")) drafts[key] = sessionStorage.getItem(key);
    }
    return JSON.stringify(drafts);
  });
}

/**
 * The owner's preview of the real public site: the frame on the preview screens
 * (`/review-component/{name}/site`, web/owner/landings/site-frame.tsx).
 */
export function previewSite(page: Page) {
  return page.getByTestId("site-frame").locator("iframe").contentFrame();
}

/** The address the preview's browser bar shows, as people read it (without "https://"). */
export const readableUrl = (url: string) => url.replace(/^https?:\/\//, "");
