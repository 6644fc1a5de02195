// What the three screenshot scripts share: the server they talk to, the browser, the two sizes and
// two languages, signing in through the forms, and taking one picture.
import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "@playwright/test";

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
