import { expect, type Route } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, DESKTOP, hydrated, PHONE } from "./support/public";

/**
 * Issue 25.19: photos as a traveller's screen needs them. A phone with a 2x screen gets the 960 px
 * variant of a photo drawn 390 px wide (its naturalWidth reads ~390 because the browser divides by
 * the density; the file is the 960 one); and on a desktop the "Foto 1 de 3" badge sits on the
 * photo, not on the thumbnails under it.
 */
test.describe("on a 2x phone", () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test("the list and the vehicle page load each photo's 960 px variant", async ({ page, fleetOwner }) => {
    const owner = await fleetOwner("photos-2x");
    const site = await createPublicLanding(owner);
    for (const path of [`/${site.name}/vehicle`, `/${site.name}/vehicles/${site.corolla.id}`]) {
      // The 1600 px files wait until the photo has chosen. The shell's preload scanner reads 100vw
      // on a 980 px page before the viewport tag applies and fetches the vehicle page's 1600 one
      // too; when that arrived first, Chromium took the bigger file already in its cache
      // (AvoidDownloadIfHigherDensityResourceIsInCache), and a loaded run failed here once.
      const html = await (await page.request.get(path)).text();
      const widest = new Set([...html.matchAll(/([^\s",]+) 1600w/g)].map(([, url = ""]) => url));
      const held: Route[] = [];
      await page.route(
        (url) => widest.has(url.pathname),
        (route) => {
          held.push(route);
        },
      );
      // Not "load": that waits for the held files too.
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const photo = page.locator("main img[srcset]").first();
      await expect(photo).toHaveJSProperty("complete", true);
      const { chosen, variants } = await photo.evaluate((image: HTMLImageElement) => ({
        chosen: new URL(image.currentSrc).pathname,
        variants: Object.fromEntries(
          image.srcset.split(",").map((entry) => {
            const [url = "", width = ""] = entry.trim().split(/\s+/);
            return [width, url];
          }),
        ),
      }));
      expect(chosen, path).toBe(variants["960w"]);
      await page.unrouteAll({ behavior: "ignoreErrors" });
      for (const route of held) await route.continue().catch(() => undefined);
    }
  });
});

test("the photo's position badge never covers the thumbnails", async ({ page, fleetOwner }) => {
  const owner = await fleetOwner("photos-badge");
  const site = await createPublicLanding(owner);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/${site.name}/vehicles/${site.corolla.id}`);
  await hydrated(page);
  const badge = await page.getByTestId("carousel-position").boundingBox();
  const thumbnails = await page.getByTestId("carousel").getByRole("list").boundingBox();
  if (!badge || !thumbnails) throw new Error("the carousel shows its badge and its thumbnails");
  expect(badge.y + badge.height).toBeLessThanOrEqual(thumbnails.y);
});
