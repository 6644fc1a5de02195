import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { createLanding, createVehicle, type FleetOwner, test } from "./support/fleet";
import { DESKTOP, hydrated, PHONE } from "./support/public";
import { addDays, landingDay } from "./support/reservations";

// Issue 25.2: the operator's pairs, a round trip at STI and Oficina -> SDQ (US$40). SDQ is only
// a return place, and STI -> SDQ was never created.
async function operatorSite(owner: FleetOwner) {
  const landing = await createLanding(owner, "Pares");
  await createVehicle(owner, landing.id, { name: "Toyota Yaris 2024", price: "55", units: "3" }, 1);
  for (const [from, to] of [
    ["STI", "STI"],
    ["Oficina", "SDQ"],
  ]) {
    const response = await owner.api.post(`/api/landings/${landing.id}/addLocation`, {
      data: { place_of_departure: from, arrival_place: to },
    });
    expect(response.status(), await response.text()).toBe(201);
    if (from !== to) {
      const { location } = (await response.json()) as { location: { id: number } };
      const fee = await owner.api.patch(`/api/landing/${landing.id}/locations/${location.id}`, {
        data: { one_way_fee: "40" },
      });
      expect(fee.status()).toBe(200);
    }
  }
  const published = await owner.api.patch("/api/landing/status", { data: { landing_id: landing.id } });
  expect(published.status(), await published.text()).toBe(200);
  return landing;
}

test.describe("with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("the search offers pickup places only, and the return places each pickup allows", async ({
    page,
    fleetOwner,
  }) => {
    const site = await operatorSite(await fleetOwner("places-pairs"));
    await page.goto(`/${site.name}`);
    await hydrated(page);
    const pickup = page.getByTestId("search-pickup");
    await expect(pickup.getByRole("option")).toHaveText(["STI", "Oficina"]);
    // STI has only its round trip: the car comes back there, nothing to choose.
    await expect(page.getByTestId("same-place-return")).toHaveText("Devolución en el mismo lugar.");
    await expect(page.getByTestId("search-dropoff")).toHaveCount(0);

    // Oficina goes to SDQ only: the return list follows the pickup at once.
    await pickup.selectOption("Oficina");
    const dropoff = page.getByLabel("Lugar de devolución");
    await expect(dropoff.getByRole("option")).toHaveText(["SDQ"]);
    await expect(page.getByTestId("same-place-return")).toHaveCount(0);
    await expectNoSeriousViolations(page);

    const from = landingDay(6);
    await page.getByTestId("search-from").fill(from);
    await page.getByTestId("search-to").fill(addDays(from, 3));
    await page.getByTestId("search-submit").click();
    await expect(page).toHaveURL(/pickup=Oficina&dropoff=SDQ/);
    // The one-way fee is in the total: 3 days at US$55 plus US$40, with 18 % ITBIS.
    await expect(page.getByTestId("vehicle-total").first()).toContainText("241.90");
    await expect(page.getByTestId("search-error-dropoff")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  test("a pair never created is refused by name, in Spanish and in English, with no price", async ({
    page,
    fleetOwner,
  }) => {
    const site = await operatorSite(await fleetOwner("places-pairs-nojs"));
    const from = landingDay(6);
    const search = (pickup: string, dropoff: string, lang = "") =>
      `/${site.name}/vehicle?${new URLSearchParams({
        pickup,
        dropoff,
        from,
        fromTime: "10:00",
        to: addDays(from, 3),
        toTime: "10:00",
        seats: "2",
        ...(lang ? { lang } : {}),
      })}`;

    await page.goto(search("STI", "SDQ"));
    await expect(page.getByTestId("search-error-dropoff")).toHaveText("No se ofrece recoger en STI y devolver en SDQ.");
    // Said once, above; the card says it cannot be booked for this search, and where to look.
    await expect(page.getByTestId("vehicle-card")).toContainText(
      "No se puede reservar con esta búsqueda (ver arriba).",
    );
    await expect(page.getByText("No se ofrece recoger en STI y devolver en SDQ.")).toHaveCount(1);
    await expect(page.getByTestId("vehicle-total")).toHaveCount(0);

    await page.goto(search("SDQ", "SDQ", "en"));
    await expect(page.getByTestId("search-error-pickup")).toHaveText(
      "There are no pickups at SDQ. Choose a pickup place from the list.",
    );

    // The form itself, sent as it stands: a new pickup without JavaScript keeps the old return
    // choice, so the next page names the pair and offers the returns of the new pickup.
    await page.goto(`/${site.name}`);
    await page.getByTestId("search-pickup").selectOption("Oficina");
    await page.getByTestId("search-from").fill(from);
    await page.getByTestId("search-to").fill(addDays(from, 3));
    await page.getByTestId("search-submit").click();
    await expect(page.getByTestId("search-error-dropoff")).toHaveText(
      "No se ofrece recoger en Oficina y devolver en Oficina.",
    );
    await expect(page.getByTestId("search-dropoff").getByRole("option")).toHaveText(["SDQ"]);
    await page.getByTestId("search-submit").click();
    await expect(page).toHaveURL(/pickup=Oficina.*dropoff=SDQ/);
    await expect(page.getByTestId("search-error-dropoff")).toHaveCount(0);
    await expect(page.getByTestId("vehicle-total")).toContainText("241.90");
  });
});
