import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, DESKTOP } from "./support/public";
import { addDays, landingDay } from "./support/reservations";

test.use({ javaScriptEnabled: false, viewport: DESKTOP });

test("with JavaScript off, home, list and vehicle pages read and the search, filters and extras work", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-nojs");
  const site = await createPublicLanding(owner);

  await page.goto(`/${site.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(site.display_name);
  await expect(page.getByTestId("vehicle-card")).toHaveCount(3);
  const from = landingDay(6);
  await page.getByTestId("search-from").fill(from);
  await page.getByTestId("search-to").fill(addDays(from, 2));
  await page.getByTestId("search-submit").click();

  // The list, as the server rendered it for the search.
  await expect(page).toHaveURL(new RegExp(`/${site.name}/vehicle\\?.*from=${from}`));
  await expect(page.getByTestId("vehicle-card")).toHaveCount(3);
  await expect(page.getByTestId("vehicle-total")).toHaveCount(3);

  // The filters are a GET form, shown beside the results on a wide screen even without JavaScript.
  await page.getByTestId("filter-type").selectOption("suv");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/type=suv/);
  await expect(page.getByTestId("vehicle-card")).toHaveCount(2);

  // The vehicle page reads, and Select is a link on to the extras, whose buttons are links too.
  await page.locator(`[data-vehicle-id="${site.tucson.id}"]`).getByTestId("vehicle-link").click();
  await expect(page.getByTestId("vehicle-name")).toHaveText("Hyundai Tucson 2024");
  await expect(page.getByTestId("vehicle-details")).toContainText("SUV");
  await page.getByTestId("vehicle-select").click();
  await expect(page).toHaveURL(new RegExp(`/${site.name}/additions\\?.*vehicle=${site.tucson.id}`));
  // The child seat (the third add-on): up to 3 per booking, so it has a plus.
  const seat = page.locator(`[data-addon-id="${site.addons[2]?.id}"]`);
  await seat.getByTestId("addon-add").click();
  await expect(seat.getByTestId("addon-quantity")).toHaveText("1");
  await seat.getByTestId("addon-increase").click();
  await expect(seat.getByTestId("addon-quantity")).toHaveText("2");
  await page.getByTestId("addons-continue").click();
  await expect(page).toHaveURL(new RegExp(`/${site.name}/review\\?`));
  await expect(page.getByTestId("price-breakdown-total")).toBeVisible();
  // Nothing checks the price without JavaScript: no "Confirmando…" that never ends, the reason said.
  // (Playwright's text search skips <noscript>, whose content shows here.)
  const notice = page.locator("noscript p");
  await expect(notice).toHaveText("Para enviar la reserva, activa JavaScript en tu navegador.");
  await expect(notice).toBeVisible();
  // Said before the fields, so nobody fills them all in first.
  const noticeTop = (await notice.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(noticeTop).toBeLessThan((await page.getByTestId("contact-name").boundingBox())?.y ?? 0);
  await expect(page.getByTestId("quote-checking")).toBeHidden();
});
