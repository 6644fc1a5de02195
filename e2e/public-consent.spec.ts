import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, DESKTOP, hydrated, searchQuery } from "./support/public";

// The terms are accepted only by a click of their own. On a desktop, with the form empty, the
// errors a click on "Book now" reveals move the page so that the second click of a double click
// landed on the terms and ticked them.
test("a double click on Book now never accepts the terms; a click on them does", async ({ browser, fleetOwner }) => {
  const owner = await fleetOwner("public-consent");
  const site = await createPublicLanding(owner);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`/${site.name}/review?${searchQuery(9, 3, { vehicle: String(site.jeep.id) })}`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  const terms = page.getByTestId("contact-terms");

  await page.getByTestId("reserve").dblclick();
  await expect(page.getByTestId("contact-error-name")).toBeVisible();
  await expect(page.getByTestId("contact-error-terms_accepted")).toBeVisible();
  await expect(terms).not.toBeChecked();

  await terms.click();
  await expect(terms).toBeChecked();
  await expect(page.getByTestId("contact-error-terms_accepted")).toHaveCount(0);
  // A double click on the terms themselves counts once.
  await terms.dblclick();
  await expect(terms).not.toBeChecked();
  await context.close();
});
