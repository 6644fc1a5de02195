import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/fleet";
import { createPublicLanding, PHONE } from "./support/public";

// What conformance tools flagged on pages outside the booking journey (issue 24.16): the 404 pages
// and the FAQ, in both languages, on a phone too. The platform's 404 speaks the browser's language.
test.use({ locale: "es-DO" });
for (const viewport of [undefined, PHONE]) {
  test.describe(viewport ? "on a phone" : "on a desktop", () => {
    if (viewport) test.use({ viewport });

    test("the 404 pages and the FAQ have no serious accessibility problems, and a landing's 404 leads home", async ({
      page,
      fleetOwner,
    }) => {
      // Five axe runs, each a few seconds on a busy machine.
      test.setTimeout(90_000);
      const owner = await fleetOwner(viewport ? "a11y-public-phone" : "a11y-public");
      const site = await createPublicLanding(owner);

      const platform = await page.goto("/nadie-aqui/vehicle");
      expect(platform?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
      await expectNoSeriousViolations(page, "platform 404");

      const missing = await page.goto(`/${site.name}/vehicles/999999?lang=en`);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("banner")).toHaveText(site.display_name);
      await expectNoSeriousViolations(page, "landing 404");
      await page.getByRole("link", { name: `Back to ${site.display_name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/${site.name}$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(site.display_name);

      for (const lang of ["es", "en"]) {
        await page.goto(`/${site.name}/faq?lang=${lang}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.getByTestId("faq").locator("summary").first().click();
        await expectNoSeriousViolations(page, `FAQ ${lang}`);
      }
    });
  });
}
