import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, hydrated, PHONE, searchQuery } from "./support/public";
import { book } from "./support/reservations";

// Chrome's Back showed the searched list from its HTTP cache without asking, as drawn before the
// car's last unit was booked: free. A page that shows availability is never stored (no-store).
test("back to the list after the last unit was booked shows the car taken", async ({ browser, fleetOwner }) => {
  const owner = await fleetOwner("public-back");
  const site = await createPublicLanding(owner);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/${site.name}/vehicle?${searchQuery(12, 3)}`);
  await hydrated(page);
  const jeep = page.locator(`[data-vehicle-id="${site.jeep.id}"]`);
  await expect(jeep.getByTestId("vehicle-unavailable")).toHaveCount(0);
  await jeep.getByTestId("vehicle-link").click();
  await expect(page.getByTestId("vehicle-name")).toHaveText(site.jeep.name);

  // Someone else books the jeep's one unit for those days meanwhile.
  await book({ ...site, vehicle: site.jeep }, { start: 12, length: 3 });
  await page.goBack();
  await expect(jeep.getByTestId("vehicle-unavailable")).toBeVisible();
  await context.close();
});
