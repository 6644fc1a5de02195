import { expect } from "@playwright/test";
import { storedVehicle, test } from "./support/fleet";
import { createPublicLanding, fillContact, hydrated, money, PHONE, searchQuery } from "./support/public";
import { addDays, book, landingDay, storedReservation } from "./support/reservations";

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
  await expect(taken).toContainText("Este vehículo ya no está libre");
  await expect(taken).toBeFocused();
  // The page no longer says the price and availability are confirmed, and nothing can be sent again (issue 24.6).
  await expect(second.getByTestId("quote-confirmed")).toHaveCount(0);
  // Said once, by the form (a walk's finding: the price's note said it too, two alerts at once).
  await expect(second.getByTestId("quote-unavailable")).toHaveCount(0);
  await expect(second.getByRole("alert")).toHaveCount(1);
  await expect(second.getByTestId("reserve")).toBeDisabled();
  // The form's own message says why: no pointer under the button to a price box that says nothing.
  await expect(second.getByTestId("reserve-blocked")).toHaveCount(0);
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

// A walk's finding: the owner blocking the dates as a visitor booked was told to them as "Otra
// persona lo reservó", someone else's booking that never was.
test("the owner blocks the dates as a visitor books: told the vehicle is no longer free, not that someone booked it", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-race-block");
  const site = await createPublicLanding(owner);
  await page.goto(`/${site.name}/review?${searchQuery(7, 2, { vehicle: String(site.jeep.id) })}&lang=en`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  await fillContact(page, { name: "Ana", last_name: "Gómez", email: "ana@example.com", phone: "809-555-0199" });
  const from = landingDay(5);
  const blocked = await owner.api.post(`/api/vehicles/${site.id}/${site.jeep.id}/blocks`, {
    data: { from, to: addDays(from, 10), units: "1", note: "Taller" },
  });
  expect(blocked.status(), await blocked.text()).toBe(201);
  await page.getByTestId("reserve").click();
  const taken = page.getByTestId("vehicle-taken");
  await expect(taken).toBeFocused();
  await expect(taken).toContainText("This vehicle is no longer free");
  await expect(taken).toContainText("It stopped being available on those dates");
  await expect(taken).not.toContainText(/someone|booked it/i);
  const stored = await owner.api.get(`/api/reservations/${site.id}`);
  expect(((await stored.json()) as { reservations: unknown[] }).reservations).toEqual([]);
});

// The tester's report: a vehicle deleted, or the site unpublished, while the visitor filled in the
// review said "Vehicle not found." / "Landing not found or it has been deleted." under a green
// "Price and availability confirmed.", with no way on.
for (const language of ["es", "en"] as const) {
  test(`the vehicle deleted or the site unpublished as a visitor books: said plainly, nothing left to send (${language})`, async ({
    page,
    fleetOwner,
  }) => {
    test.setTimeout(60_000);
    const owner = await fleetOwner(`public-gone-${language}`);
    const site = await createPublicLanding(owner);
    const words =
      language === "es"
        ? {
            gone: "Este vehículo ya no se ofrece",
            closed: "Este sitio no está recibiendo reservas ahora",
            list: "Ver vehículos disponibles",
          }
        : {
            gone: "This vehicle is no longer offered",
            closed: "This site is not taking bookings right now",
            list: "See available vehicles",
          };
    const review = async (vehicleId: number) => {
      await page.goto(`/${site.name}/review?${searchQuery(7, 2, { vehicle: String(vehicleId) })}&lang=${language}`);
      await expect(page.getByTestId("quote-confirmed")).toBeVisible();
      await hydrated(page);
      await fillContact(page, { name: "Ana", last_name: "Gómez", email: "ana@example.com", phone: "809-555-0199" });
    };

    await review(site.tucson.id);
    const deleted = await owner.api.delete(`/api/vehicle/${site.tucson.id}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
    await page.getByTestId("reserve").click();
    const gone = page.getByTestId("vehicle-gone");
    await expect(gone).toContainText(words.gone);
    await expect(gone).toBeFocused();
    await expect(gone.getByRole("link", { name: words.list })).toBeVisible();
    await expect(page.getByTestId("quote-confirmed")).toHaveCount(0);
    await expect(page.getByTestId("reserve")).toBeDisabled();

    await review(site.corolla.id);
    const unpublished = await owner.api.patch("/api/landing/status", {
      data: { landing_id: site.id, status: "draft" },
    });
    expect(unpublished.status(), await unpublished.text()).toBe(200);
    await page.getByTestId("reserve").click();
    const closed = page.getByTestId("vehicle-closed");
    await expect(closed).toContainText(words.closed);
    // There is no list to go back to, and nothing says "landing".
    await expect(closed.getByRole("link")).toHaveCount(0);
    await expect(closed).not.toContainText(/landing/i);
    await expect(page.getByTestId("reserve")).toBeDisabled();
    const stored = await owner.api.get(`/api/reservations/${site.id}`);
    expect(((await stored.json()) as { reservations: unknown[] }).reservations).toEqual([]);
  });
}

test("a customer cancelling a request the operator confirmed meanwhile sees its new status and fee before confirming", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-race-cancel");
  const site = await createPublicLanding(owner);
  const booked = await book({ ...site, vehicle: site.corolla });
  await page.setViewportSize(PHONE);
  await page.goto(`/${site.name}/reservation/${booked.reference}?t=${booked.customer_token}`);
  await expect(page.getByTestId("reservation-status")).toHaveText("Pendiente de confirmación");
  await hydrated(page);
  // The page shows a request, which is withdrawn for nothing; the operator confirms it meanwhile.
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-fee")).toHaveText("Sin cargo por cancelación.");
  const confirmed = await owner.api.patch(`/api/reservations/${booked.id}/status`, { data: { status: "confirmed" } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  await page.getByTestId("cancel-confirm-button").click();
  // Nothing is cancelled: the page now says it is confirmed, and the dialog the fee that applies.
  await expect(page.getByTestId("reservation-status")).toHaveText("Confirmada");
  await expect(page.getByTestId("cancel-confirm").getByRole("alert")).toHaveText(
    "Tu reserva cambió mientras tenías esta página abierta: revisa el cargo de cancelación antes de confirmar.",
  );
  await expect(page.getByTestId("cancel-fee")).toContainText(money(100_00, "es"));
  expect((await storedReservation(owner, site.id, booked.reference))?.status).toBe("confirmed");

  // Confirmed again with the fee in view, it is cancelled with that fee.
  await page.getByTestId("cancel-confirm-button").click();
  await expect(page.getByTestId("reservation-status")).toHaveText("Cancelada");
  await expect(page.getByTestId("reservation-cancelled")).toContainText(money(100_00, "es"));
  expect(await storedReservation(owner, site.id, booked.reference)).toMatchObject({
    status: "cancelled",
    cancellation_fee_cents: 100_00,
    cancelled_by: "customer",
  });
});

test("a customer cancelling a booking the operator already cancelled is told, where its status shows it cancelled", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-race-cancelled");
  const site = await createPublicLanding(owner);
  const booked = await book({ ...site, vehicle: site.corolla });
  await page.goto(`/${site.name}/reservation/${booked.reference}?t=${booked.customer_token}&lang=en`);
  await hydrated(page);
  await page.getByTestId("cancel-open").click();
  const cancelled = await owner.api.patch(`/api/reservations/${booked.id}/status`, { data: { status: "cancelled" } });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await page.getByTestId("cancel-confirm-button").click();
  await expect(page.getByTestId("reservation-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("cancel-confirm")).toHaveCount(0);
  // Why the cancel went, said by its status and read out: the focus is there.
  const moved = page.getByTestId("reservation-moved");
  await expect(moved).toHaveText("Your booking changed while this page was open. Its status now: Cancelled.");
  await expect(moved).toBeFocused();
  // The customer is told the company ended it, not left to think their own tap did.
  await expect(page.getByTestId("reservation-cancelled-by")).toHaveText(`${site.display_name} cancelled this booking.`);
  expect((await storedReservation(owner, site.id, booked.reference))?.cancelled_by).toBe("owner");
});

test("a long comment or name pasted into the booking form is said as it is typed, before anything is sent", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("public-comment-room");
  const site = await createPublicLanding(owner);
  await page.setViewportSize(PHONE);
  await page.goto(`/${site.name}/review?${searchQuery(7, 2, { vehicle: String(site.corolla.id) })}`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  const comment = page.getByTestId("contact-description");
  const count = page.getByTestId("contact-description-count");
  await comment.fill("Llegamos en el vuelo de las 9.");
  await expect(count).toHaveCount(0);
  await comment.fill("a".repeat(1200));
  await expect(count).toHaveText("1,200 de 1,000");
  await expect(count).toHaveClass(/text-red-700/);
  await expect(page.getByTestId("contact-error-description")).toHaveText("No puede superar los 1,000 caracteres.");
  await comment.fill("a".repeat(900));
  await expect(count).toHaveText("900 de 1,000");
  await expect(count).not.toHaveClass(/text-red-700/);
  await expect(page.getByTestId("contact-error-description")).toHaveCount(0);
  // Characters as the server counts them: an emoji is one, not two.
  await comment.fill(`Llegamos tarde ${"🙂".repeat(900)}`);
  await expect(count).toHaveText("915 de 1,000");
  await expect(count).not.toHaveClass(/text-red-700/);
  await expect(page.getByTestId("contact-error-description")).toHaveCount(0);
  // A name past its limit is said under it at once, not only after "Reservar ahora".
  const name = page.getByTestId("contact-name");
  await name.fill("Ana".repeat(40));
  await expect(page.getByTestId("contact-error-name")).toHaveText("No puede superar los 100 caracteres.");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await name.fill("Ana");
  await expect(page.getByTestId("contact-error-name")).toHaveCount(0);
});

test("a price changed while the visitor fills the form is said before anything is booked, then booked at the new total", async ({
  page,
  fleetOwner,
}) => {
  test.setTimeout(60_000);
  const owner = await fleetOwner("public-price-change");
  const site = await createPublicLanding(owner);
  const start = 9;
  await page.goto(`/${site.name}/review?${searchQuery(start, 3, { vehicle: String(site.corolla.id) })}`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  const read = (await page.getByTestId("price-breakdown-total").textContent()) ?? "";
  await fillContact(page, { name: "Ana", last_name: "Gómez", email: "ana.precio@example.com", phone: "809-555-0199" });

  // Meanwhile the owner sets a high season over those days.
  const corolla = await storedVehicle(owner, site.id, site.corolla.id);
  const from = landingDay(start);
  const season = await owner.api.put(`/api/vehicles/${site.id}/${site.corolla.id}/rules`, {
    data: { version: corolla.version, seasons: [{ name: "Navidad", from, to: addDays(from, 10), price: "200" }] },
  });
  expect(season.status(), await season.text()).toBe(200);

  await page.getByTestId("reserve").click();
  await expect(
    page.getByText("El precio de este alquiler cambió mientras reservabas. Revisa el nuevo total y vuelve a reservar"),
  ).toBeVisible();
  await expect(page.getByTestId("quote-changed")).toBeVisible();
  await expect(page.getByTestId("price-breakdown-total")).not.toHaveText(read);
  const list = await owner.api.get(`/api/reservations/${site.id}`);
  expect(((await list.json()) as { reservations: unknown[] }).reservations).toHaveLength(0);

  // Booked again, knowing it: at the total now shown.
  const shown = (await page.getByTestId("price-breakdown-total").textContent()) ?? "";
  await page.getByTestId("reserve").click();
  await expect(page).toHaveURL(/\/thanks-you\?ref=NLY-/);
  const reference = new URL(page.url()).searchParams.get("ref") ?? "";
  const stored = (await storedReservation(owner, site.id, reference)) as unknown as { total_cents: number };
  expect(money(stored.total_cents, "es")).toBe(shown);
});
