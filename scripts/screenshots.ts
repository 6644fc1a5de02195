/**
 * Captures every dashboard screen, in Spanish and English, on a desktop and a phone, into
 * ./screenshots/ for visual review. Needs a running server:
 *   npx vite build && PORT=3100 DATA_DIR=$(mktemp -d) npx tsx server/main.ts
 *   npx tsx scripts/screenshots.ts            (BASE_URL defaults to http://localhost:3100)
 */
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import {
  BASE_URL,
  capture,
  LANGUAGES,
  newScreenContext,
  runScreenshots,
  signInThroughForm,
  signUpThroughForm,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots");

const SIGNED_IN_PAGES = [
  ["landings", "/landings"],
  ["reservations", "/reservation"],
  ["features", "/feature-view"],
  ["locations", "/location-reservaction"],
  ["trash", "/history"],
  ["settings", "/user-config"],
  ["help", "/help"],
  ["designer", "/layout-designer"],
  ["not-found", "/landings/this-page-does-not-exist"],
] as const;

const shoot = (page: Page, name: string, fullPage = false) => capture(page, OUT_DIR, name, { fullPage });

async function signedOutScreens(context: BrowserContext, prefix: string) {
  const page = await context.newPage();
  await page.goto("/");
  await page.locator("h1").waitFor();
  await shoot(page, `${prefix}-login`);

  await page.locator('input[type="email"]').fill("nobody@example.com");
  await page.locator('input[autocomplete="current-password"]').fill("wrong-password");
  await page.locator('button[type="submit"]').click();
  await page.locator("#root [id$='-error']").first().waitFor();
  await shoot(page, `${prefix}-login-error`);

  await page.goto("/register");
  await page.locator('input[autocomplete="name"]').fill("A");
  await page.locator('input[type="email"]').fill("not-an-email");
  await page.locator('input[autocomplete="new-password"]').first().fill("short");
  await page.locator('button[type="submit"]').click();
  await page.locator("#root [id$='-error']").first().waitFor();
  await shoot(page, `${prefix}-register-errors`);
  await page.close();
}

/** Signs up (the first time) or in on a page of its own, so the context holds the session. */
async function startSession(context: BrowserContext, email: string, firstTime: boolean) {
  const page = await context.newPage();
  if (firstTime) await signUpThroughForm(page, "Autos Caribe", email);
  else await signInThroughForm(page, email);
  await page.close();
}

async function signedInScreens(context: BrowserContext, prefix: string, viewport: ViewportName) {
  const page = await context.newPage();
  for (const [name, url] of SIGNED_IN_PAGES) {
    await page.goto(url);
    await page.locator("main h1, main h2").first().waitFor();
    await shoot(page, `${prefix}-${name}`, name === "help" || name === "settings");
  }

  if (viewport === "phone") {
    await page.goto("/landings");
    await page.locator("header button[aria-haspopup='dialog']").click();
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(300); // the drawer's slide-in animation
    await shoot(page, `${prefix}-drawer-open`);
    await page.keyboard.press("Escape");
  }

  // Settings after a failed save: the server's field errors under the fields.
  await page.goto("/user-config");
  await page.locator('input[type="email"]').fill("broken");
  await page.locator('input[type="tel"]').fill("call me");
  await page.locator('button[type="submit"]').click();
  await page.locator("main [id$='-error']").first().waitFor();
  await shoot(page, `${prefix}-settings-errors`, true);

  // A successful save with a new photo: the toast, the preview replaced by the stored image.
  // The failed form above is kept as a draft; forget it so this save starts from the stored profile.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/user-config");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await samplePhoto() });
  await page.locator('button[type="submit"]').click();
  await page.locator("[data-sonner-toast]").first().waitFor();
  await page.locator('main img[src^="/storage/"]').waitFor();
  await shoot(page, `${prefix}-settings-saved`);

  if (viewport === "desktop") {
    await page.locator("aside").getByRole("button").last().click();
    await page
      .locator("[role=status]")
      .filter({ hasText: /\.\.\./ })
      .waitFor();
    await page.waitForTimeout(200); // the overlay's fade-in
    await page.screenshot({ path: path.join(OUT_DIR, `${prefix}-logout-overlay.png`) });
    console.log(`  screenshots/${prefix}-logout-overlay.png`);
    await page.waitForURL(`${BASE_URL}/`);
  }
  await page.close();
}

/** A photo-like picture for the avatar: a soft gradient with a light disc, as a real PNG. */
function samplePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/><circle cx="200" cy="170" r="80" fill="#fff" fill-opacity=".8"/>
    <ellipse cx="200" cy="380" rx="150" ry="110" fill="#fff" fill-opacity=".8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const email = `owner-${Date.now()}@screens.example`;
runScreenshots(OUT_DIR, async (browser) => {
  let signedUp = false;
  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORT_NAMES) {
      const prefix = `${language}-${viewport}`;
      console.log(prefix);
      const context = await newScreenContext(browser, viewport, language);
      await signedOutScreens(context, prefix);
      await startSession(context, email, !signedUp);
      signedUp = true;
      await signedInScreens(context, prefix, viewport);
      await context.close();
    }
  }
});
