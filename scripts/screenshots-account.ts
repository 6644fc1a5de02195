// The owner's session and account recovery (issue 25): the sign-in page with its "forgot" link,
// asking for a link and its answer, the emailed link (as a mail client shows it), the page it
// opens and a used link; over the rules form, the idle warning, the 12-hour warning and the
// sign-in dialog of an ended session; a tab that followed a sign-out made in another. Desktop and
// phone, es and en, into ./screenshots/account/.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import PostalMime from "postal-mime";
import {
  apiAccount,
  capture,
  carPhoto,
  LANGUAGES,
  type Language,
  newScreenContext,
  ok,
  PASSWORD,
  runScreenshots,
  type ScreenAccount,
  VIEWPORT_NAMES,
  type ViewportName,
} from "./screenshots-support";

const OUT_DIR = path.resolve("screenshots/account");
const DATA_DIR = process.env.SCREENSHOTS_DATA_DIR;
if (!DATA_DIR) throw new Error("SCREENSHOTS_DATA_DIR is set by `npm run screenshots`");
const OUTBOX = path.join(DATA_DIR, "outbox");
const MINUTE = 60_000;

/** A page with a toast on it, taken once it has come in (a toast leaves after 3 s: no waiting for the network). */
async function captureWithToast(page: Page, name: string) {
  // Sonner fades a toast in by a transition that starts once it is marked mounted.
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first();
  await toast.waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Its own entrance only: a page still loading has spinners that never stop.
  await toast.evaluate((element) =>
    Promise.allSettled(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const file = path.join(OUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`  ${path.relative(process.cwd(), file)}`);
}

const WORDS = {
  es: {
    forgot: "¿Olvidaste tu contraseña?",
    send: "Enviar enlace",
    rules: "Reglas y tarifas",
    signOut: "Cerrar sesión",
  },
  en: { forgot: "Forgot your password?", send: "Send link", rules: "Rules and rates", signOut: "Sign out" },
} as const;

/** The text of the newest email to `email` in the outbox, with its HTML, once the worker wrote it. */
async function newestMailTo(email: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((file) => file.endsWith(".eml")) : [];
    const mine = files
      .map((file) => path.join(OUTBOX, file))
      .filter((file) => fs.readFileSync(file, "latin1").includes(email))
      .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
    const last = mine.at(-1);
    if (last) return PostalMime.parse(fs.readFileSync(last));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no email to ${email}`);
}

/** Sign-in page, the request for a link and its answer, the email, the reset page and a used link. */
async function recovery(browser: Browser, viewport: ViewportName, language: Language, owner: ScreenAccount) {
  const shot = `${viewport}-${language}`;
  const context = await newScreenContext(browser, viewport, language);
  const page = await context.newPage();
  await page.goto("/");
  await capture(page, OUT_DIR, `${shot}-01-sign-in`);
  await page.getByRole("link", { name: WORDS[language].forgot }).click();
  await page.locator('input[type="email"]').waitFor();
  await capture(page, OUT_DIR, `${shot}-02-forgot`);
  await page.locator('input[type="email"]').fill(owner.email);
  await page.getByRole("button", { name: WORDS[language].send }).click();
  await page.locator("h1:focus").waitFor();
  await capture(page, OUT_DIR, `${shot}-03-link-sent`);

  const mail = await newestMailTo(owner.email);
  const link = new URL(mail.text?.match(/https?:\/\/\S+\/reset-password\?t=[\w-]+&lang=(es|en)/)?.[0] ?? "");
  const mailPage = await context.newPage();
  await mailPage.setContent(mail.html ?? "");
  await capture(mailPage, OUT_DIR, `${shot}-04-email`, { fullPage: true });

  await page.goto(`${link.pathname}${link.search}`);
  await page.locator('input[autocomplete="new-password"]').first().waitFor();
  await capture(page, OUT_DIR, `${shot}-05-reset`);
  await page.locator('button[type="submit"]').click();
  await capture(page, OUT_DIR, `${shot}-06-reset-errors`);
  const passwords = page.locator('input[autocomplete="new-password"]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL("**/landings");
  await captureWithToast(page, `${shot}-07-reset-done`);
  await page.goto(`${link.pathname}${link.search}`);
  await page.locator("h1:focus").waitFor();
  await capture(page, OUT_DIR, `${shot}-08-link-used`);
  await context.close();
}

/** Signs in through the form on a page whose clock the script moves; answers the rules form's page. */
async function rulesPage(
  browser: Browser,
  viewport: ViewportName,
  language: Language,
  owner: ScreenAccount,
  landingId: number,
) {
  const context = await newScreenContext(browser, viewport, language);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto("/");
  await page.locator('input[type="email"]').fill(owner.email);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL("**/landings");
  await page.goto(`/view-landing/${landingId}?tab=rules`);
  const form = page.getByRole("form", { name: WORDS[language].rules });
  await form.locator("input").first().fill("3");
  return { context, page };
}

/** The dialogs over the rules form: idle warning, the 12-hour warning, and the ended session's sign-in. */
async function dialogs(
  browser: Browser,
  viewport: ViewportName,
  language: Language,
  owner: ScreenAccount,
  landingId: number,
) {
  const shot = `${viewport}-${language}`;
  {
    const { context, page } = await rulesPage(browser, viewport, language, owner, landingId);
    await page.clock.fastForward(56 * MINUTE);
    await page.getByRole("dialog").waitFor();
    await capture(page, OUT_DIR, `${shot}-09-idle-warning`, { settleAnimations: true });
    await page.clock.fastForward(5 * MINUTE);
    await page.getByRole("alertdialog").waitFor();
    await capture(page, OUT_DIR, `${shot}-10-session-ended`, { settleAnimations: true });
    await page.getByRole("alertdialog").locator('button[type="submit"]').click();
    await capture(page, OUT_DIR, `${shot}-11-session-ended-error`, { settleAnimations: true });
    await context.close();
  }
  {
    const { context, page } = await rulesPage(browser, viewport, language, owner, landingId);
    // Eleven hours and forty minutes at work, then the last minutes of the twelfth hour.
    for (let step = 0; step < 14; step++) {
      await page.clock.fastForward(50 * MINUTE);
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/session"));
      await page.keyboard.press("Shift");
      await answered;
      await page.waitForTimeout(100);
    }
    await page.clock.fastForward(17 * MINUTE);
    await page.getByRole("dialog").waitFor();
    await capture(page, OUT_DIR, `${shot}-12-twelve-hours`, { settleAnimations: true });
    await context.close();
  }
}

/** A tab on the reservations page follows a sign-out made in another tab. */
async function followedSignOut(browser: Browser, viewport: ViewportName, language: Language, owner: ScreenAccount) {
  const context = await newScreenContext(browser, viewport, language);
  const page = await context.newPage();
  await page.goto("/");
  await page.locator('input[type="email"]').fill(owner.email);
  await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL("**/landings");
  await page.goto("/reservation");
  const other = await context.newPage();
  await other.goto("/help");
  if (viewport === "phone") await other.locator("header button").first().click();
  await other.getByRole("button", { name: WORDS[language].signOut }).last().click();
  await page.waitForURL(/\/$/);
  await page.bringToFront();
  await captureWithToast(page, `${viewport}-${language}-13-signed-out-elsewhere`);
  await context.close();
}

runScreenshots(OUT_DIR, async (browser) => {
  const owner = await apiAccount("account", "Flota Sol");
  const landing = await ok<{ id: number }>(
    await owner.api.post("/api/landing", {
      multipart: {
        display_name: `Flota Sol ${Date.now().toString(36)}`,
        color_primary: "#0f766e",
        color_secondary: "#f59e0b",
        default_language: "es",
        logo: { name: "logo.jpg", mimeType: "image/jpeg", buffer: await carPhoto("#0f766e", "#5eead4", 250, 80) },
      },
    }),
  );
  for (const language of LANGUAGES) {
    for (const viewport of VIEWPORT_NAMES) {
      // An account of its own: one account gets three links an hour at most.
      await recovery(browser, viewport, language, await apiAccount(`recovery-${viewport}-${language}`, "Flota Sol"));
      await dialogs(browser, viewport, language, owner, landing.id);
      await followedSignOut(browser, viewport, language, owner);
    }
  }
});
