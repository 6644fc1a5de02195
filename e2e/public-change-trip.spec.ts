import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, hydrated, PHONE, searchQuery } from "./support/public";
import { addDays, landingDay } from "./support/reservations";

// The traveller's walk: "Cambiar tu viaje" on the review opened the vehicle list with its search
// folded, and the trip changed there lost the vehicle and the extras chosen.
for (const language of ["es", "en"] as const) {
  test(`changing the trip from the review keeps the vehicle and extras, or says the vehicle is not available (${language}, phone)`, async ({
    page,
    fleetOwner,
  }) => {
    const owner = await fleetOwner(`change-trip-${language}`);
    const site = await createPublicLanding(owner);
    const seat = site.addons[2];
    if (!seat) throw new Error("the landing has its add-ons");
    await page.setViewportSize(PHONE);
    const from = landingDay(6);
    const review = (vehicle: number) =>
      `/${site.name}/review?${searchQuery(6, 3, { vehicle: String(vehicle), addons: `${seat.id}:2`, lang: language })}`;

    await page.goto(review(site.corolla.id));
    await hydrated(page);
    await page.getByTestId("review-edit-trip").click();
    // The list, its search open and filled with the trip, the choices carried along.
    await expect(page).toHaveURL(new RegExp(`/vehicle\\?.*vehicle=${site.corolla.id}&addons=${seat.id}%3A2`));
    const search = page.getByTestId("list-search");
    await expect(search).toHaveAttribute("open", "");
    await hydrated(page);
    await expect(search.getByTestId("search-from")).toHaveValue(from);
    await expect(search.getByTestId("search-to")).toHaveValue(addDays(from, 3));
    await expect(search.getByTestId("search-fromTime")).toHaveValue("10:00");
    await expect(search.locator("select[name=pickup]")).toHaveValue("Santiago");

    // Two more days: back to the review, with the same vehicle and extras for the new trip.
    await search.getByTestId("search-to").fill(addDays(from, 5));
    await search.getByTestId("search-submit").click();
    await expect(page).toHaveURL(new RegExp(`/review\\?.*to=${addDays(from, 5)}.*vehicle=${site.corolla.id}`));
    await expect(page.getByTestId("trip-summary")).toContainText(site.corolla.name);
    await expect(page.getByTestId("review-extras")).toContainText(
      language === "es" ? "Silla de bebé × 2" : "Baby seat × 2",
    );
    await expect(page.getByTestId("quote-confirmed")).toBeVisible();

    // A trip the vehicle cannot make (its only unit blocked then): the review says so and offers another.
    const blocked = await owner.api.post(`/api/vehicles/${site.id}/${site.jeep.id}/blocks`, {
      data: { from: addDays(from, 20), to: addDays(from, 30), units: "1", note: "Mantenimiento" },
    });
    expect(blocked.status(), await blocked.text()).toBe(201);
    await page.goto(review(site.jeep.id));
    await hydrated(page);
    await page.getByTestId("review-edit-trip").click();
    await hydrated(page);
    await search.getByTestId("search-from").fill(addDays(from, 21));
    await search.getByTestId("search-to").fill(addDays(from, 24));
    await search.getByTestId("search-submit").click();
    await expect(page).toHaveURL(new RegExp(`/review\\?.*vehicle=${site.jeep.id}`));
    await expect(page.getByTestId("quote-unavailable")).toContainText(
      language === "es"
        ? "Este vehículo ya no está disponible en esas fechas."
        : "This vehicle is no longer available on those dates.",
    );
    await expect(page.getByTestId("reserve-blocked")).toHaveText(
      language === "es"
        ? "Así no se puede reservar: el motivo está en el recuadro del precio."
        : "This cannot be booked as it stands: the reason is shown with the price.",
    );
    await expect(page.getByTestId("review-extras")).toContainText(
      language === "es" ? "Silla de bebé × 2" : "Baby seat × 2",
    );
    // The phone's bar offers why instead of a greyed "Book now", and leads to the reason, said
    // first in the price's box (a walk's finding: a tap did nothing and the reason was far below).
    const bar = page.getByTestId("bottom-bar");
    await expect(bar.getByTestId("bar-reserve")).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole("link", { name: language === "es" ? "Ver el motivo" : "See why" }).click();
    await expect(page.getByTestId("quote-unavailable")).toBeInViewport();
    const box = page.getByRole("region", { name: language === "es" ? "Precio" : "Price" });
    await expect(box.locator("h2 + *")).toHaveAttribute("data-testid", "quote-unavailable");
  });
}

// A walk's finding: a pickup moved past the return left the return behind, and the search then
// refused the trip until the traveller found the return and moved it too.
test("a pickup moved past the return takes the return along, the trip as long as searched (phone)", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("change-trip-return");
  const site = await createPublicLanding(owner);
  await page.setViewportSize(PHONE);
  const from = landingDay(6);
  await page.goto(`/${site.name}/vehicle?${searchQuery(6, 3, { lang: "es" })}`);
  await hydrated(page);
  const search = page.getByTestId("list-search");
  await search.locator("summary").click();
  // A year typed digit by digit passes through 3020: a pickup no one can book takes nothing along.
  await search.getByTestId("search-from").fill(`3020${from.slice(4)}`);
  await expect(search.getByTestId("search-to")).toHaveValue(addDays(from, 3));
  await search.getByTestId("search-from").fill(addDays(from, 10));
  await expect(search.getByTestId("search-to")).toHaveValue(addDays(from, 13));
  // A pickup still before the return leaves the return where it is.
  await search.getByTestId("search-from").fill(addDays(from, 11));
  await expect(search.getByTestId("search-to")).toHaveValue(addDays(from, 13));
  await search.getByTestId("search-submit").click();
  await expect(page).toHaveURL(new RegExp(`from=${addDays(from, 11)}.*to=${addDays(from, 13)}`));
  await expect(page.getByTestId("vehicle-card").first()).toBeVisible();
});
