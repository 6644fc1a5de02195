// The desk's goals (issue 11): the planner and the home page's figures with 50 vehicles and a month
// of reservations, asked of the API and drawn in Debian's Chromium as an owner's laptop would.
import { type Browser, chromium, type Page } from "@playwright/test";
import { type DeskData, type DeskSize, seedDesk } from "./desk-seed";

export type Goal = { name: string; measure: () => Promise<number>; unit: string; budget: number };
export type P95 = (count: number, concurrency: number, send: () => Promise<Response>) => Promise<number>;
type Owner = { email: string; password: string; token: string };

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const today = () => new Date().toISOString().slice(0, 10);

/** Milliseconds from navigation until `ready` shows, the best of three tries (the first warms caches). */
async function renderMs(page: Page, url: string, ready: string): Promise<number> {
  const timings: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now();
    await page.goto(url);
    await page.locator(ready).first().waitFor({ state: "visible", timeout: 30_000 });
    timings.push(performance.now() - started);
  }
  return Math.min(...timings);
}

/**
 * The slowest frame, in ms, while the planner's timeline scrolls through the whole month and all
 * the fleet in small steps, one per animation frame (a smooth scroll keeps every frame near 16 ms).
 */
export async function slowestScrollFrameMs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>("[data-planner-scroller]");
    if (!scroller) return Number.NaN;
    const frames: number[] = [];
    let last = performance.now();
    const steps = 120;
    for (let step = 1; step <= steps; step++) {
      scroller.scrollTo({
        left: (scroller.scrollWidth - scroller.clientWidth) * (step / steps),
        top: (scroller.scrollHeight - scroller.clientHeight) * (step / steps),
      });
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    // The 95th percentile: one garbage collection is not jank, a slow frame on every step is.
    return frames[Math.floor(frames.length * 0.95)] ?? Number.NaN;
  });
}

/** A page of `browser` signed in as `owner`, as the dashboard's own sign-in leaves it. */
export async function signedInPage(browser: Browser, base: string, owner: Omit<Owner, "token">): Promise<Page> {
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const response = await page.request.post("/api/login-nelly", {
    data: { email: owner.email, password: owner.password },
  });
  if (!response.ok()) throw new Error(`sign-in answered ${response.status()}`);
  const session = (await response.json()) as { user_id: number; user: unknown; expires_at: string };
  await page.addInitScript((signedIn) => {
    localStorage.setItem("NellyUserId", String(signedIn.user_id));
    localStorage.setItem("nelly.user", JSON.stringify(signedIn.user));
    localStorage.setItem("nelly.expiresAt", signedIn.expires_at);
  }, session);
  return page;
}

/** The desk's goals; the data set is seeded once, when the first of them is measured. */
export function deskGoals(base: string, owner: Owner, p95: P95, size: DeskSize): Goal[] {
  const auth = { authorization: `Bearer ${owner.token}` };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
  let seeded: Promise<DeskData> | undefined;
  const data = () => {
    seeded ??= seedDesk(api, base, size);
    return seeded;
  };
  let browser: Promise<Browser> | undefined;
  let page: Promise<Page> | undefined;
  const ownerPage = () => {
    browser ??= chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
    page ??= browser.then((opened) => signedInPage(opened, base, owner));
    return page;
  };
  const plannerUrl = async () => `/planner?landing=${(await data()).landingId}&from=${today()}&view=month`;

  return [
    {
      name: `GET /api/planner month of ${size.vehicles} vehicles p95 (100 requests, 4 at a time)`,
      unit: "ms",
      budget: 150,
      measure: async () => {
        const { landingId } = await data();
        return p95(100, 4, () => api(`/api/planner/${landingId}?from=${today()}&days=31`));
      },
    },
    {
      name: "GET /api/insights/summary p95 (100 requests, 4 at a time)",
      unit: "ms",
      budget: 150,
      measure: async () => {
        await data();
        return p95(100, 4, () => api("/api/insights/summary"));
      },
    },
    {
      name: "GET /api/insights/charts p95 (100 requests, 4 at a time)",
      unit: "ms",
      budget: 150,
      measure: async () => {
        await data();
        return p95(100, 4, () => api("/api/insights/charts"));
      },
    },
    {
      name: `Planner month of ${size.vehicles} vehicles drawn in Chromium (navigation to bars on screen)`,
      unit: "ms",
      budget: 2500,
      measure: async () => renderMs(await ownerPage(), await plannerUrl(), "[data-planner-bar]"),
    },
    {
      name: "Planner month scrolled through, 95th percentile frame",
      unit: "ms",
      budget: 33,
      measure: async () => slowestScrollFrameMs(await ownerPage()),
    },
    {
      name: "Home at a glance with its charts drawn in Chromium (navigation to charts on screen)",
      unit: "ms",
      budget: 2500,
      measure: async () => {
        const measured = await renderMs(await ownerPage(), "/dashboard", ".recharts-wrapper");
        await (await browser)?.close();
        return measured;
      },
    },
  ];
}
