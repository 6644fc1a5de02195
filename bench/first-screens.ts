// The dashboard's JavaScript as an owner's browser really fetches it: everything a first visit
// loads until the screen has settled (the entry, its preloads and the page's own chunks), gzipped
// like the other weights. The entry-and-preloads figure says what every screen pays; these say
// what the two screens owners open first cost whole, so splitting by route cannot hide weight.
import { gzipSync } from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { type Goal, signedInPage } from "./desk";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
type Owner = { email: string; password: string };

async function javaScriptKb(page: Page, path: string, ready: string): Promise<number> {
  const sizes: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    );
  });
  await page.goto(path);
  await page.locator(ready).first().waitFor({ state: "visible", timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0) / 1024;
}

/** The sign-in screen, held to the initial-JavaScript goal, and Inicio with its charts, reported. */
export function firstScreens(base: string, owner: Owner): { signIn: Goal; home: Omit<Goal, "budget"> } {
  let browser: Promise<Browser> | undefined;
  const launched = () => {
    browser ??= chromium.launch({ executablePath: CHROMIUM });
    return browser;
  };
  return {
    signIn: {
      name: "Sign-in screen, all JavaScript fetched on a first visit, gzipped",
      unit: "KB",
      budget: 150,
      measure: async () =>
        javaScriptKb(await (await launched()).newPage({ baseURL: base }), "/", 'input[type="email"]'),
    },
    home: {
      name: "Inicio signed in, all JavaScript fetched on a first visit (charts included), gzipped",
      unit: "KB",
      measure: async () => {
        const page = await signedInPage(await launched(), base, owner);
        const measured = await javaScriptKb(page, "/dashboard", "main h1");
        await (await launched()).close();
        return measured;
      },
    },
  };
}
