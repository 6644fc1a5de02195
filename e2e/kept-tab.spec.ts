import { expect } from "@playwright/test";
import { test } from "./support/test";

// The kept tab (e2e/support/test.ts) must hand each journey a tab as a fresh context would: the
// first journey leaves everything it can behind, the next one (same worker, same tab) finds none of it.
test.describe.configure({ mode: "serial" });
test.skip(Boolean(process.env.E2E_TRACE), "with E2E_TRACE every journey has a context of its own");

test("a journey leaves storage, cookies, scripts, routes and emulation behind", async ({ page, context }) => {
  await page.addInitScript(() => Object.assign(window, { leftBehind: "init script" }));
  await page.route("**/api/health", (route) => route.fulfill({ status: 418, body: "left behind" }));
  page.on("console", () => {});
  await page.setViewportSize({ width: 500, height: 500 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await context.addCookies([{ name: "leftBehind", value: "cookie", url: page.url() }]);
  await page.evaluate(async () => {
    localStorage.setItem("leftBehind", "local");
    sessionStorage.setItem("leftBehind", "session");
    await new Promise((opened) => {
      const request = indexedDB.open("left-behind");
      request.onsuccess = opened;
    });
  });
  expect(await page.evaluate(() => (window as unknown as { leftBehind?: string }).leftBehind)).toBe("init script");
  expect((await page.request.get("/api/health")).status()).not.toBe(418);
  expect(await page.evaluate(() => fetch("/api/health").then((response) => response.status))).toBe(418);
});

test("the next journey in the same tab finds none of it", async ({ page, context }) => {
  // The same tab, not a new one: it is still on the page the reset left it on.
  expect(new URL(page.url()).pathname).toBe("/favicon.svg");
  expect((page as unknown as { listenerCount(name: string): number }).listenerCount("console")).toBe(0);
  await page.goto("/");
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(false);
  expect(await context.cookies()).toEqual([]);
  const left = await page.evaluate(async () => ({
    script: (window as unknown as { leftBehind?: string }).leftBehind ?? null,
    local: localStorage.getItem("leftBehind"),
    session: sessionStorage.getItem("leftBehind"),
    databases: (await indexedDB.databases()).map(({ name }) => name),
    health: await fetch("/api/health").then((response) => response.status),
  }));
  expect(left).toEqual({ script: null, local: null, session: null, databases: [], health: 200 });
});
