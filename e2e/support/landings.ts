import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { pngImage } from "./images";

export type LandingBody = {
  id: number;
  name: string;
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
  addons: { name: string; price: number }[];
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

type NewLanding = { name?: string; primary?: string; secondary?: string; language?: "es" | "en" };

/** Creates a draft landing through the API with the signed-in page's session. */
export async function createLandingViaApi(page: Page, ownerId: number, input: NewLanding = {}): Promise<LandingBody> {
  const response = await page.request.post("/api/landing", {
    headers: await xsrfHeaders(page),
    multipart: {
      id_users_landing: String(ownerId),
      name: input.name ?? uniqueLandingName("Autos"),
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
