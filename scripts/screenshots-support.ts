// What the screenshot scripts share: the server they talk to, the browser, the two sizes and two
// languages, signing in through the forms, taking one picture, and a photo-like car to upload.
import fs from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  chromium,
  type Page,
  request,
} from "@playwright/test";
import sharp from "sharp";

/** `npm run screenshots` sets BASE_URL to the server it started. */
export const BASE_URL = (process.env.BASE_URL ?? "http://localhost:3100").replace(/\/+$/, "");
export const PASSWORD = "correct-horse-battery";

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];
export type Language = "es" | "en";
export const LANGUAGES = ["es", "en"] as const;

/** Debian's Chromium, never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  });
}

/** A browser context sized like a desktop or a phone, with the dashboard already in `language`. */
export async function newScreenContext(
  browser: Browser,
  viewport: ViewportName,
  language: Language,
  options: BrowserContextOptions = {},
) {
  const phone = viewport === "phone";
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: language === "es" ? "es-ES" : "en-US",
    ...options,
  });
  // The dashboard remembers the language in localStorage; seed it before any page script runs.
  await context.addInitScript((lang) => {
    if (!localStorage.getItem("nelly.lang")) localStorage.setItem("nelly.lang", lang);
  }, language);
  return context;
}

/** Creates an owner through the sign-up form; the page ends on the landings list. */
export async function signUpThroughForm(page: Page, name: string, email: string) {
  await page.goto("/register");
  await page.locator('input[autocomplete="name"]').fill(name);
  await page.locator('input[type="email"]').fill(email);
  const passwords = page.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL("**/landings");
}

/** Signs in through the login form; the page ends on the landings list. */
export async function signInThroughForm(page: Page, email: string) {
  await page.goto("/");
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL("**/landings");
}

type CaptureOptions = {
  /** The whole scrollable page rather than the viewport. */
  fullPage?: boolean;
  /** Wait until no CSS animation runs (dialogs and toasts fully in). */
  settleAnimations?: boolean;
  /** A fixed pause before the picture, for transitions that are not CSS animations. */
  pauseMs?: number;
};

/** Saves `<dir>/<name>.png` once fonts, images and requests have settled, and prints its path. */
export async function capture(page: Page, dir: string, name: string, options: CaptureOptions = {}) {
  const { fullPage = false, settleAnimations = false, pauseMs = 0 } = options;
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState("networkidle");
  if (settleAnimations) {
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  }
  // A full-page capture of a scrolled page shows sticky bars mid-page; start from the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  if (pauseMs > 0) await page.waitForTimeout(pauseMs);
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] ?? char);
const address = (entry: { name?: string; address?: string } | undefined) =>
  entry ? (entry.name ? `${entry.name} <${entry.address}>` : (entry.address ?? "")) : "—";

/** An email as a mail client shows it: sender, reply-to, recipient and subject above its HTML. */
export type DrawnMail = {
  from?: { name?: string; address?: string };
  replyTo?: { name?: string; address?: string };
  to?: { name?: string; address?: string };
  subject: string;
  html: string;
};

/** Draws `mail` at desktop and phone sizes into `<dir>/<viewport>-<name>.png`. */
export async function drawMail(browser: Browser, dir: string, name: string, mail: DrawnMail) {
  const header = `<div style="font:14px/1.5 system-ui,sans-serif;background:#f3f4f6;border-bottom:1px solid #d1d5db;padding:12px 16px">
      <div><b>From:</b> ${escapeHtml(address(mail.from))}</div>
      <div><b>Reply-To:</b> ${escapeHtml(address(mail.replyTo))}</div>
      <div><b>To:</b> ${escapeHtml(address(mail.to))}</div>
      <div><b>Subject:</b> ${escapeHtml(mail.subject)}</div></div>`;
  for (const viewport of VIEWPORT_NAMES) {
    const context = await newScreenContext(browser, viewport, "es");
    const page = await context.newPage();
    await page.setContent(`${header}${mail.html}`);
    await capture(page, dir, `${viewport}-${name}`, { fullPage: true });
    await context.close();
  }
}

/** Runs a script's captures into `dir`, closing the browser and failing the process on any error. */
export function runScreenshots(dir: string, shootAll: (browser: Browser) => Promise<void>) {
  fs.mkdirSync(dir, { recursive: true });
  const run = async () => {
    const browser = await launchChromium();
    try {
      await shootAll(browser);
    } finally {
      await browser.close();
    }
  };
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** A photo-like picture of a car, `light` to `dark` body: a gradient sky, a road and a simple car, as a real JPEG. */
export async function carPhoto(dark: string, light: string, width = 1200, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 600">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e0f2fe"/><stop offset="1" stop-color="#f8fafc"/></linearGradient>
      <linearGradient id="body" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#sky)"/>
    <rect y="420" width="800" height="180" fill="#cbd5e1"/>
    <path d="M150 380 L230 290 Q250 270 290 270 L520 270 Q560 270 590 300 L660 370 L690 380 Q710 390 710 410 L710 430 L110 430 L110 410 Q110 385 150 380 Z" fill="url(#body)"/>
    <path d="M250 300 L290 285 L400 285 L400 360 L220 360 Z M420 285 L520 285 Q545 285 565 305 L610 360 L420 360 Z" fill="#e2e8f0" fill-opacity="0.85"/>
    <circle cx="240" cy="430" r="52" fill="#0f172a"/><circle cx="240" cy="430" r="24" fill="#94a3b8"/>
    <circle cx="580" cy="430" r="52" fill="#0f172a"/><circle cx="580" cy="430" r="24" fill="#94a3b8"/>
  </svg>`;
  // A size of another shape than the drawing (a logo) leaves transparent bands, which JPEG would make black.
  return sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).jpeg({ quality: 86 }).toBuffer();
}

/** An owner made through the API, with a request context that carries their bearer token. */
export type ScreenAccount = { email: string; id: number; api: APIRequestContext };

/** The JSON of a successful answer, or an error that says which call failed and why. */
export async function ok<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs a new owner up through the API (a fresh email per call) and answers their API context. */
export async function apiAccount(label: string, name: string): Promise<ScreenAccount> {
  const anonymous = await request.newContext({ baseURL: BASE_URL });
  const email = `${label}-${Date.now()}@screens.example`;
  const response = await anonymous.post("/api/register-nelly", {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const session = (await response.json()) as { user_id: number; token: string };
  await anonymous.dispose();
  const api = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { Authorization: `Bearer ${session.token}`, Accept: "application/json" },
  });
  return { email, id: session.user_id, api };
}

/** A published landing with two vehicles of three units and two places, made through the API. */
export async function landingWithFleet(owner: ScreenAccount) {
  const landing = await ok<{ id: number; name: string }>(
    await owner.api.post("/api/landing", {
      multipart: {
        name: `autos-caribe-${Date.now()}`,
        display_name: "Autos Caribe Punta Cana",
        color_primary: "#0f766e",
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { name: "logo.jpg", mimeType: "image/jpeg", buffer: await carPhoto("#0f766e", "#5eead4", 250, 80) },
      },
    }),
  );
  const vehicles: number[] = [];
  for (const [name, price, colors] of [
    ["Toyota Corolla 2024", "45.50", ["#1d4ed8", "#93c5fd"]],
    ["Hyundai Tucson 2024", "75", ["#b91c1c", "#fca5a5"]],
  ] as const) {
    const created = await ok<{ vehicle: { id: number } }>(
      await owner.api.post("/api/vehicle", {
        multipart: {
          id_landing: String(landing.id),
          name,
          description: "Aire acondicionado y bajo consumo.",
          price,
          luggage: "3",
          people: "5",
          type_of_car: "sedan",
          transmision: "automatic",
          units: "3",
          "images[0]": { name: "car.jpg", mimeType: "image/jpeg", buffer: await carPhoto(colors[0], colors[1]) },
        },
      }),
    );
    vehicles.push(created.vehicle.id);
  }
  // Round trips at both places and the one-way trip the screenshots' bookings make.
  for (const [from, to] of [
    ["Aeropuerto de Punta Cana", "Aeropuerto de Punta Cana"],
    ["Bávaro", "Bávaro"],
    ["Aeropuerto de Punta Cana", "Bávaro"],
  ]) {
    await ok(
      await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
        data: { place_of_departure: from, arrival_place: to },
      }),
    );
  }
  await ok(await owner.api.patch("/api/landing/status", { data: { landing_id: landing.id } }));
  return { ...landing, vehicles };
}
