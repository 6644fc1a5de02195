import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, fillContact, hydrated, searchQuery } from "./support/public";

test("two visitors race for the last unit: the second is told and sent back with the search kept", async ({
  browser,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-race");
  const site = await createPublicLanding(owner);
  const query = searchQuery(7, 2, { vehicle: String(site.jeep.id) });
  const visitors = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all(visitors.map((context) => context.newPage()));
  if (!first || !second) throw new Error("two pages");
  for (const [page, name] of [
    [first, "Ana"],
    [second, "Luis"],
  ] as const) {
    await page.goto(`/${site.name}/review?${query}`);
    await expect(page.getByTestId("quote-confirmed")).toBeVisible();
    await hydrated(page);
    await fillContact(page, {
      name,
      last_name: "Gómez",
      email: `${name.toLowerCase()}@example.com`,
      phone: "809-555-0199",
    });
  }
  await first.getByTestId("reserve").click();
  await expect(first).toHaveURL(/\/thanks-you\?ref=NLY-/);
  await second.getByTestId("reserve").click();
  const taken = second.getByTestId("vehicle-taken");
  await expect(taken).toBeVisible();
  await expect(taken).toContainText("Este vehículo acaba de ser reservado");
  await expect(taken).toBeFocused();
  // The page no longer says the price and availability are confirmed, and nothing can be sent again (issue 24.6).
  await expect(second.getByTestId("quote-confirmed")).toHaveCount(0);
  await expect(second.getByTestId("quote-unavailable")).toBeVisible();
  await expect(second.getByTestId("reserve")).toBeDisabled();
  await second.getByTestId("taken-link").click();
  await expect(second).toHaveURL(new RegExp(`/${site.name}/vehicle\\?`));
  const url = new URL(second.url());
  const wanted = new URLSearchParams(query);
  for (const key of ["pickup", "from", "fromTime", "to", "toTime", "seats"]) {
    expect(url.searchParams.get(key)).toBe(wanted.get(key));
  }
  expect(url.searchParams.get("vehicle")).toBeNull();
  const jeepCard = second.locator(`[data-vehicle-id="${site.jeep.id}"]`);
  await expect(jeepCard.getByTestId("vehicle-unavailable")).toBeVisible();
  for (const context of visitors) await context.close();
});
