import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, hydrated, phoneVisitor, searchQuery } from "./support/public";
import { book } from "./support/reservations";

// Chrome's Back showed the searched list from its HTTP cache without asking, as drawn before the
// car's last unit was booked: free. A page that shows availability is never stored (no-store).
test("back to the list after the last unit was booked shows the car taken", async ({ browser, fleetOwner }) => {
  const owner = await fleetOwner("public-back");
  const site = await createPublicLanding(owner);
  const { context, page } = await phoneVisitor(browser);
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

// A walk's finding: the extras page changes its own address as extras are added, so the browser's
// Back went to the vehicle as it was before them, and its Select opened the extras page empty.
test("back from the extras to the vehicle and Select again keeps the extras chosen", async ({
  browser,
  fleetOwner,
}) => {
  const owner = await fleetOwner("public-back-extras");
  const site = await createPublicLanding(owner);
  const [, , seat] = site.addons;
  if (!seat) throw new Error("the landing has its add-ons");
  const { context, page } = await phoneVisitor(browser);
  await page.goto(`/${site.name}/vehicles/${site.corolla.id}?${searchQuery(12, 3)}`);
  await hydrated(page);
  await page.getByTestId("vehicle-select").click();
  await hydrated(page);
  const row = page.locator(`[data-addon-id="${seat.id}"]`);
  await row.getByTestId("addon-add").click();
  await row.getByTestId("addon-increase").click();
  await expect(row.getByTestId("addon-quantity")).toHaveText("2");
  await page.goBack();
  await expect(page.getByTestId("vehicle-name")).toHaveText(site.corolla.name);
  await page.getByTestId("vehicle-select").click();
  await hydrated(page);
  await expect(page.locator(`[data-addon-id="${seat.id}"]`).getByTestId("addon-quantity")).toHaveText("2");
  await expect(page).toHaveURL(new RegExp(`addons=${seat.id}%3A2`));
  // Another vehicle, or another trip of the same one, starts with none.
  await page.goto(`/${site.name}/additions?${searchQuery(12, 3, { vehicle: String(site.jeep.id) })}`);
  await hydrated(page);
  await expect(page.locator(`[data-addon-id="${seat.id}"]`).getByTestId("addon-quantity")).toHaveCount(0);
  await page.goto(`/${site.name}/additions?${searchQuery(20, 2, { vehicle: String(site.corolla.id) })}`);
  await hydrated(page);
  await expect(page.locator(`[data-addon-id="${seat.id}"]`).getByTestId("addon-quantity")).toHaveCount(0);
  await context.close();
});

// A walk's finding: the FAQ's links dropped the booking in progress, and its button started over
// from the home page.
test("the FAQ opened from the extras leads back to them, the extras chosen kept (phone)", async ({
  browser,
  fleetOwner,
}) => {
  const owner = await fleetOwner("public-faq-back");
  const site = await createPublicLanding(owner);
  const [, , seat] = site.addons;
  if (!seat) throw new Error("the landing has its add-ons");
  const { context, page } = await phoneVisitor(browser);
  // Opened with one seat already in its address (back from the review, say), then a second one.
  const chosen = { vehicle: String(site.corolla.id), addons: `${seat.id}:1` };
  await page.goto(`/${site.name}/additions?${searchQuery(12, 3, chosen)}`);
  await hydrated(page);
  const row = page.locator(`[data-addon-id="${seat.id}"]`);
  await row.getByTestId("addon-increase").click();
  await expect(row.getByTestId("addon-quantity")).toHaveText("2");
  // On a phone the FAQ is in the footer; chosen after the page was drawn, the extras go with it.
  await page.getByRole("contentinfo").getByRole("link", { name: "Preguntas frecuentes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preguntas frecuentes" })).toBeVisible();
  await page.getByRole("link", { name: "Seguir con mi reserva" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/${site.name}/additions\\?.*vehicle=${site.corolla.id}&addons=${seat.id}%3A2`),
  );
  await hydrated(page);
  await expect(page.locator(`[data-addon-id="${seat.id}"]`).getByTestId("addon-quantity")).toHaveText("2");
  await context.close();
});

// A walk's finding: Back from the list to the home showed the search's dates and passengers as
// chosen but the pickup place as the list's first: searching again went to the wrong city.
test("back from the list to the home keeps the pickup place chosen", async ({ browser, fleetOwner }) => {
  const owner = await fleetOwner("public-back-place");
  const site = await createPublicLanding(owner);
  const { context, page } = await phoneVisitor(browser);
  await page.goto(`/${site.name}?lang=en`);
  await hydrated(page);
  await page.getByTestId("search-pickup").selectOption("Punta Cana");
  await page.getByRole("button", { name: "Search vehicles" }).click();
  await page.waitForURL(/\/vehicle\?pickup=Punta(%20|\+)Cana/);
  await hydrated(page);
  await page.goBack();
  await hydrated(page);
  await expect(page.getByTestId("search-pickup")).toHaveValue("Punta Cana");
  // Its returns are Punta Cana's: the round trip only, as on the way in.
  await expect(page.getByTestId("same-place-return")).toBeVisible();
  await expect(page.getByTestId("different-return")).toHaveCount(0);
  // Loaded again rather than restored (a phone short of memory does that): the address keeps the search.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("search-pickup")).toHaveValue("Punta Cana");
  await context.close();
});

// A walk's finding: offline, Continue opened the browser's own error page, and the site was gone.
test("offline, a step's link stays on the page and says why; back online it goes on", async ({
  browser,
  fleetOwner,
}) => {
  const owner = await fleetOwner("public-offline-step");
  const site = await createPublicLanding(owner);
  const { context, page } = await phoneVisitor(browser);
  const extras = `/${site.name}/additions?${searchQuery(12, 3, { vehicle: String(site.corolla.id), lang: "en" })}`;
  await page.goto(extras);
  await hydrated(page);
  await context.setOffline(true);
  await page.getByTestId("bar-continue").click();
  await expect(page.getByTestId("offline-notice")).toHaveText(
    "You are offline. What you chose is still here: carry on once the connection is back.",
  );
  expect(new URL(page.url()).pathname).toBe(`/${site.name}/additions`);
  // The language switch too: held, the page stays in English.
  await page.getByTestId("language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("offline-notice")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId("offline-notice")).toHaveCount(0);
  await page.getByTestId("bar-continue").click();
  await expect(page).toHaveURL(new RegExp(`/${site.name}/review`));
  await context.close();
});
