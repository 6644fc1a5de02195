import { expect } from "@playwright/test";
import { test } from "./support/fleet";
import { createPublicLanding, expectedTotal, fillContact, hydrated, money, PHONE, searchQuery } from "./support/public";
import { addDays, landingDay } from "./support/reservations";

/**
 * Nothing the traveller chose or typed is lost on the way (issue 24.2, 24.4, 24.7), on a phone in
 * both languages: a language switch keeps the extras and the filters, the contact details survive a
 * reload, back and forward and a switch, and coming back to the review after booking leads to the
 * booking made instead of a second one.
 */
const OTHER = { es: "en", en: "es" } as const;

for (const language of ["es", "en"] as const) {
  test(`a language switch keeps the extras and the filters (${language}, phone)`, async ({ page, fleetOwner }) => {
    const owner = await fleetOwner(`choices-switch-${language}`);
    const site = await createPublicLanding(owner);
    await page.setViewportSize(PHONE);
    const [, , seat] = site.addons;
    if (!seat) throw new Error("the landing has its add-ons");

    await page.goto(
      `/${site.name}/additions?${searchQuery(6, 3, { vehicle: String(site.corolla.id), lang: language })}`,
    );
    await hydrated(page);
    await page.locator(`[data-addon-id="${seat.id}"]`).getByTestId("addon-add").click();
    const total = money(
      expectedTotal(4550, 3, [{ id: seat.id, priceCents: seat.price_cents, quantity: 1 }]),
      OTHER[language],
    );
    await expect(page).toHaveURL(/addons=/);
    // Opened in a new tab (a middle click, Ctrl or Cmd): the extra goes with it, and this tab stays.
    for (const press of [{ button: "middle" as const }, { modifiers: ["ControlOrMeta" as const] }]) {
      const [other] = await Promise.all([
        page.context().waitForEvent("page"),
        page.getByTestId("language-switch").click(press),
      ]);
      await expect(other.locator("html")).toHaveAttribute("lang", OTHER[language]);
      await expect(other.getByTestId("running-total-total")).toHaveText(total);
      await other.close();
    }
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", OTHER[language]);
    await expect(page.getByTestId("running-total-total")).toHaveText(total);
    await expect(page.locator(`[data-addon-id="${seat.id}"]`).getByTestId("addon-quantity")).toHaveText("1");

    await page.goto(`/${site.name}/vehicle?${searchQuery(6, 3, { lang: language })}`);
    await hydrated(page);
    await page.getByText(language === "es" ? "Filtros" : "Filters", { exact: true }).click();
    await page.getByTestId("filter-q").fill("tucson");
    await expect(page.getByTestId("vehicle-card")).toHaveCount(1);

    // A price range typed the wrong way round is read the right way, and its fields say so once
    // left (a walk's finding: "from 200 to 10" stayed over cars of 45 to 120).
    await page.getByTestId("filter-minPrice").fill("200");
    await page.getByTestId("filter-maxPrice").fill("10");
    await expect(page.getByTestId("vehicle-card")).toHaveCount(1);
    await page.getByTestId("filter-maxPrice").press("Tab");
    await expect(page.getByTestId("filter-minPrice")).toHaveValue("10");
    await expect(page.getByTestId("filter-maxPrice")).toHaveValue("200");
    await expect(page).toHaveURL(/minPrice=10&maxPrice=200/);
    await page.getByTestId("filter-minPrice").fill("");
    await page.getByTestId("filter-maxPrice").fill("");

    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", OTHER[language]);
    await expect(page).toHaveURL(/q=tucson/);
    await expect(page.getByTestId("vehicle-card")).toHaveCount(1);
  });

  // A walk's finding: the home page's search, changed and not sent yet, was lost by the switch.
  test(`a language switch keeps the search typed on the home page (${language}, phone)`, async ({
    page,
    fleetOwner,
  }) => {
    const owner = await fleetOwner(`choices-home-${language}`);
    const site = await createPublicLanding(owner);
    await page.setViewportSize(PHONE);
    await page.goto(`/${site.name}?lang=${language}`);
    await hydrated(page);
    const from = landingDay(12);
    const to = addDays(from, 5);
    await page.getByTestId("search-pickup").selectOption("Punta Cana");
    await page.getByTestId("search-from").fill(from);
    await page.getByTestId("search-fromTime").fill("08:30");
    await page.getByTestId("search-to").fill(to);
    await page.getByTestId("search-toTime").fill("19:00");
    await page.getByLabel(language === "es" ? "Personas" : "Passengers").selectOption("3");
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", OTHER[language]);
    await hydrated(page);
    await expect(page.getByTestId("search-pickup")).toHaveValue("Punta Cana");
    await expect(page.getByTestId("search-from")).toHaveValue(from);
    await expect(page.getByTestId("search-fromTime")).toHaveValue("08:30");
    await expect(page.getByTestId("search-to")).toHaveValue(to);
    await expect(page.getByTestId("search-toTime")).toHaveValue("19:00");
    await expect(page.getByLabel(language === "es" ? "Passengers" : "Personas")).toHaveValue("3");
    // Left as drawn, the form adds nothing to the address: its defaults are no choice of the visitor's.
    await page.goto(`/${site.name}?lang=${language}`);
    await hydrated(page);
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", OTHER[language]);
    expect(new URL(page.url()).search).toBe(`?lang=${OTHER[language]}`);
  });

  test(`the contact details survive a reload, back and forward and a switch, until booked (${language}, phone)`, async ({
    page,
    fleetOwner,
  }) => {
    test.setTimeout(60_000);
    const owner = await fleetOwner(`choices-contact-${language}`);
    const site = await createPublicLanding(owner);
    await page.setViewportSize(PHONE);
    const review = `/${site.name}/review?${searchQuery(8, 2, { vehicle: String(site.tucson.id), lang: language })}`;
    await page.goto(review);
    await hydrated(page);
    await page.getByTestId("contact-name").fill("Ana");
    await page.getByTestId("contact-last_name").fill("Pérez");
    // A slip in the provider is said once the field is left, and put right with one tap (a walk
    // booked with "gmail.con" and never got its confirmation).
    await page.getByTestId("contact-email").fill("ana@gmail.con");
    await page.getByTestId("contact-phone").fill("+1 809 555 0101");
    const suggestion = page.getByTestId("contact-email-suggestion");
    await expect(suggestion).toHaveText(
      language === "es" ? "¿Quisiste decir ana@gmail.com?" : "Did you mean ana@gmail.com?",
    );
    await suggestion.getByRole("button", { name: "ana@gmail.com" }).click();
    await expect(page.getByTestId("contact-email")).toHaveValue("ana@gmail.com");
    await expect(suggestion).toHaveText("");
    const expectKept = async () => {
      await hydrated(page);
      await expect(page.getByTestId("contact-name")).toHaveValue("Ana");
      await expect(page.getByTestId("contact-email")).toHaveValue("ana@gmail.com");
      await expect(page.getByTestId("contact-phone")).toHaveValue("+1 809 555 0101");
    };
    await page.reload();
    await expectKept();
    await page.getByTestId("language-switch").click();
    await expect(page.locator("html")).toHaveAttribute("lang", OTHER[language]);
    await expectKept();
    await page.goBack();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectKept();
    await page.goForward();
    await expectKept();
    // Never in the address.
    expect(page.url()).not.toContain("ana");

    await page.getByTestId("contact-terms").check();
    await page.getByTestId("reserve").click();
    await expect(page).toHaveURL(/\/thanks-you\?ref=NLY-/);
    const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";

    // Back to the review: it leads to the booking made, and offers no second one.
    await page.goBack();
    const already = page.getByTestId("already-booked");
    await expect(already).toBeVisible();
    await expect(already).toContainText(reference);
    await expect(page.getByTestId("contact-form")).toHaveCount(0);
    await expect(page.getByTestId("quote-confirmed")).toHaveCount(0);
    // The phone's bar leads to it too, instead of a reserve button that does nothing.
    await expect(page.getByTestId("bar-reserve")).toHaveCount(0);
    await expect(page.getByTestId("bar-booked-link")).toHaveAttribute("href", new RegExp(`ref=${reference}`));
    await expect(page.getByTestId("already-booked-reference")).toHaveText(reference);
    const bookings = await owner.api.get(`/api/reservations/${site.id}`);
    expect(((await bookings.json()) as { reservations: unknown[] }).reservations).toHaveLength(1);
    await page.getByTestId("already-booked-link").click();
    await expect(page).toHaveURL(new RegExp(`ref=${reference}`));

    // Another booking like it starts with the same person's details; the terms are asked again.
    await page.goto(review);
    await hydrated(page);
    await page.getByTestId("book-again").click();
    await expect(page.getByTestId("contact-name")).toHaveValue("Ana");
    await expect(page.getByTestId("contact-terms")).not.toBeChecked();
  });
}

// A walk's finding: an extra the owner removed while a traveller was on the review was refused at
// "Reservar" with "Este extra no existe en esta landing." under a price that still counted it, and
// a reload dropped it from the booking without a word.
test("an extra removed while the traveller reviews is said to be gone, and the booking goes through without it (phone)", async ({
  page,
  browser,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInOwner("choices-addon-gone", { open: false });
  const site = await createPublicLanding(owner);
  const seat = site.addons[2];
  if (!seat) throw new Error("the landing has its add-ons");
  const traveller = await (await browser.newContext({ viewport: PHONE })).newPage();
  await traveller.goto(
    `/${site.name}/review?${searchQuery(6, 3, { vehicle: String(site.corolla.id), addons: `${seat.id}:2`, lang: "es" })}`,
  );
  await hydrated(traveller);
  await expect(traveller.getByTestId("review-extras")).toContainText("Silla de bebé × 2");
  await expect(traveller.getByTestId("review-addons-gone")).toHaveCount(0);
  await fillContact(traveller, { name: "Ana", last_name: "Pérez", email: "ana@example.com", phone: "+1 809 555 0101" });

  // Meanwhile the owner takes the seat off the landing.
  await page.goto(`/view-landing/${site.id}?tab=settings`);
  await page.getByRole("button", { name: "Quitar el extra 3" }).click();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Landing actualizada con éxito.")).toBeVisible();

  // "Reservar" finds it gone: the page is drawn again without it, says so, and keeps the details.
  await traveller.getByTestId("reserve").click();
  await expect(traveller.getByTestId("review-addons-gone")).toHaveText(
    "Uno de los extras que elegiste ya no se ofrece: lo quitamos y el precio ya no lo incluye.",
  );
  await expect(traveller.getByTestId("review-extras")).toHaveText("Sin extras");
  await hydrated(traveller);
  await expect(traveller.getByTestId("contact-name")).toHaveValue("Ana");
  await expect(traveller.getByTestId("price-breakdown-total")).toHaveText(money(expectedTotal(4550, 3, []), "es"));
  await traveller.getByTestId("contact-terms").check();
  await traveller.getByTestId("reserve").click();
  await expect(traveller).toHaveURL(new RegExp(`/${site.name}/thanks-you\\?`));
  await traveller.context().close();
});

// A walk's finding: ticking "Return to a different place" left its list on "Same as pickup", and a
// search made at once was a round trip after all.
test("ticking a return elsewhere chooses the first other place, and the search returns there (phone)", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("choices-return-elsewhere");
  const site = await createPublicLanding(owner);
  await page.setViewportSize(PHONE);
  await page.goto(`/${site.name}?lang=en`);
  await hydrated(page);
  await page.getByTestId("search-pickup").selectOption("Santiago");
  const dropoff = page.getByLabel("Return location");
  await expect(dropoff).toBeHidden();
  await page.getByTestId("different-return").check();
  await expect(dropoff).toBeVisible();
  await expect(dropoff).toHaveValue("La Romana");
  await page.getByRole("button", { name: "Search vehicles" }).click();
  await expect(page).toHaveURL(/\/vehicle\?.*dropoff=La(%20|\+)Romana/);
  // Unticked again, it is the round trip: the list's "Same as pickup" is what goes.
  await page.goto(`/${site.name}?lang=en`);
  await hydrated(page);
  await page.getByTestId("different-return").check();
  await page.getByTestId("different-return").uncheck();
  await page.getByRole("button", { name: "Search vehicles" }).click();
  await page.waitForURL(/\/vehicle\?/);
  expect(page.url()).not.toContain("dropoff=");
});
