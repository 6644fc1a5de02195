import { priceRental } from "@domain/pricing";
import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/fleet";
import {
  applyRentalRules,
  createPublicLanding,
  DESKTOP,
  fillContact,
  hydrated,
  mondayFrom,
  money,
  PHONE,
  searchQuery,
} from "./support/public";
import { addDays, storedReservation } from "./support/reservations";

const WORDS = {
  es: {
    sunday: "Cerrado los domingos (Santiago).",
    minimum: "Mínimo 3 días de alquiler.",
    taken: "No disponible en esas fechas.",
    choose: "Elegir",
    modify: "Modificar búsqueda",
    dropoff: "Lugar de devolución",
    regular: (price: string) => `Tarifa normal: 3 días × ${price}`,
    season: (price: string) => `Temporada alta: 5 días × ${price}`,
    discount: "Descuento 7+ días (10 %)",
    oneWay: "Devolución en otro lugar",
    young: "Conductor joven: 8 días × US$10.00",
    deposit: (amount: string) => `Depósito de seguridad ${amount} (se retiene al recoger, nunca se cobra en línea)`,
    call: "Llamar",
    thanks: "¡Gracias, Ana!",
  },
  en: {
    sunday: "Closed on Sundays (Santiago).",
    minimum: "Minimum 3 rental days.",
    taken: "Not available on those dates.",
    choose: "Choose",
    modify: "Change search",
    dropoff: "Return location",
    regular: (price: string) => `Regular rate: 3 days × ${price}`,
    // The season's name as the owner wrote it in English (PRODUCT §7).
    season: (price: string) => `High season: 5 days × ${price}`,
    discount: "7+ day discount (10%)",
    oneWay: "One-way return",
    young: "Young driver: 8 days × $10.00",
    deposit: (amount: string) => `Security deposit ${amount} (held at pickup, never charged online)`,
    call: "Call",
    thanks: "Thank you, Ana!",
  },
} as const;

/**
 * Issue 10 from the visitor's side: an owner's minimum days, Sunday closing, one-way fee, season
 * and block are each explained before the last step and priced line by line, and the booking's
 * stored total is the one shown.
 */
for (const [language, device, viewport] of [
  ["es", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  test(`a visitor sees the rental rules explained and priced, and books, in ${language} on a ${device}`, async ({
    page,
    fleetOwner,
  }) => {
    test.setTimeout(90_000);
    const words = WORDS[language];
    const owner = await fleetOwner(`rules-public-${language}-${device}`);
    const site = await createPublicLanding(owner, "Reglas");
    const monday = mondayFrom(10);
    await applyRentalRules(owner, site, {
      monday,
      seasonFrom: addDays(monday, 3),
      blockFrom: addDays(monday, 1),
      blockTo: addDays(monday, 4),
    });
    await page.setViewportSize(viewport);
    // The browser prices and explains with the same code as the server's HTML: no hydration warning.
    const consoleProblems: string[] = [];
    page.on("console", (entry) => {
      if (entry.type() === "error" || entry.type() === "warning") consoleProblems.push(entry.text());
    });
    page.on("pageerror", (error) => consoleProblems.push(error.message));
    const pick = (phone: string, desktop: string) => page.getByTestId(device === "phone" ? phone : desktop);

    // Home: the contact buttons; a Sunday pickup is refused under its field before leaving the page.
    await page.goto(`/${site.name}${language === "en" ? "?lang=en" : ""}`);
    await hydrated(page);
    const footer = page.getByTestId("footer-contact");
    await expect(footer.getByTestId("contact-call")).toHaveAttribute("href", "tel:+18095550101");
    await expect(footer.getByTestId("contact-call")).toHaveText(words.call);
    await expect(footer.getByTestId("contact-whatsapp")).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/18095550199\?text=/,
    );
    await page.getByTestId("search-from").fill(addDays(monday, -1));
    await page.getByTestId("search-to").fill(addDays(monday, 2));
    await page.getByTestId("search-submit").click();
    await expect(page.getByTestId("search-error-from")).toHaveText(words.sunday);
    await expect(page.getByTestId("search-from")).toHaveAttribute("aria-invalid", "true");
    await expect(page).not.toHaveURL(/\/vehicle\?/);

    // Monday to Wednesday: two days, under the landing's minimum: every card says so and offers no choice.
    await page.getByTestId("search-from").fill(monday);
    await page.getByTestId("search-submit").click();
    await expect(page).toHaveURL(new RegExp(`/${site.name}/vehicle\\?.*from=${monday}`));
    const cards = page.getByTestId("vehicle-card");
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      await expect(card.getByTestId("vehicle-reasons")).toContainText(words.minimum);
      await expect(card).not.toContainText(words.choose);
    }
    await hydrated(page);
    await expectNoSeriousViolations(page, "list with reasons");

    // Eight days, returned at La Romana: the Jeep is blocked, the others are priced with every rule.
    await page.getByText(words.modify, { exact: true }).click();
    await page.getByTestId("search-to").fill(addDays(monday, 8));
    await page.getByTestId("different-return").check();
    await page.getByLabel(words.dropoff).selectOption("La Romana");
    await page.getByTestId("search-submit").click();
    await expect(page).toHaveURL(/dropoff=La(\+|%20)Romana/);
    const price = priceRental({
      pricePerDayCents: 4550,
      days: 8,
      pickupDate: monday,
      seasons: [{ name: "Temporada alta", from: addDays(monday, 3), to: addDays(monday, 63), price_cents: 9000 }],
      weekDiscountBasisPoints: 1000,
      fees: [{ kind: "oneWay", totalCents: 2500, perDayCents: null }],
      addons: [],
      taxRateBasisPoints: 1800,
      taxLabel: "ITBIS",
      currency: "USD",
    });
    // 3 × 45.50 + 5 × 90 = 586.50; - 10 % = 527.85; + 25 = 552.85; + 18 % = 652.36
    expect(price.totalCents).toBe(65236);
    // Once a driver under 25 gives their date of birth: 8 days × 10.00 more; 632.85 + 18 % = 746.76.
    const youngPrice = priceRental({
      pricePerDayCents: 4550,
      days: 8,
      pickupDate: monday,
      seasons: [{ name: "Temporada alta", from: addDays(monday, 3), to: addDays(monday, 63), price_cents: 9000 }],
      weekDiscountBasisPoints: 1000,
      fees: [
        { kind: "oneWay", totalCents: 2500, perDayCents: null },
        { kind: "youngDriver", totalCents: 8000, perDayCents: 1000 },
      ],
      addons: [],
      taxRateBasisPoints: 1800,
      taxLabel: "ITBIS",
      currency: "USD",
    });
    expect(youngPrice.totalCents).toBe(74676);
    const jeep = page.locator(`[data-vehicle-id="${site.jeep.id}"]`);
    await expect(jeep.getByTestId("vehicle-reasons")).toHaveText(words.taken);
    await expect(jeep).not.toContainText(words.choose);
    const corolla = page.locator(`[data-vehicle-id="${site.corolla.id}"]`);
    await expect(corolla.getByTestId("vehicle-total")).toContainText(money(price.totalCents, language));
    await expect(corolla.getByTestId("vehicle-reasons")).toHaveCount(0);
    await corolla.getByTestId("vehicle-link").click();

    // The vehicle: each line, the deposit apart, and the contact buttons naming the vehicle.
    await expect(page.getByTestId("vehicle-name")).toHaveText("Toyota Corolla 2024");
    await hydrated(page);
    const lines = page.getByTestId("vehicle-price");
    await expect(lines).toContainText(words.regular(money(4550, language)));
    await expect(lines).toContainText(words.season(money(9000, language)));
    await expect(lines).toContainText(words.discount);
    await expect(lines).toContainText(`−${money(price.discountCents, language)}`);
    await expect(lines).toContainText(words.oneWay);
    await expect(page.getByTestId("vehicle-price-total")).toHaveText(money(price.totalCents, language));
    await expect(page.getByTestId("deposit-note")).toHaveText(words.deposit(money(30000, language)));
    const whatsapp = page.getByTestId("vehicle-contact").getByTestId("contact-whatsapp");
    const message = new URL((await whatsapp.getAttribute("href")) ?? "").searchParams.get("text") ?? "";
    expect(message).toContain("Toyota Corolla 2024");
    expect(message).toContain(site.display_name);
    await expectNoSeriousViolations(page, "vehicle with rules");
    await pick("bar-select", "vehicle-select").click();

    // Extras (none), then the review: the same lines and total, confirmed by the server's quote.
    await expect(page).toHaveURL(new RegExp(`/${site.name}/additions\\?`));
    await expect(page.getByTestId("running-total-total")).toHaveText(money(price.totalCents, language));
    await pick("bar-continue", "addons-continue").click();
    await expect(page.getByTestId("price-breakdown-total")).toHaveText(money(price.totalCents, language));
    await expect(page.getByTestId("price-breakdown")).toContainText(words.oneWay);
    await expect(page.getByTestId("deposit-note")).toBeVisible();
    await expect(page.getByTestId("quote-confirmed")).toBeVisible();
    await expectNoSeriousViolations(page, "review with rules");
    // A driver of 22 adds the young driver's fee, still confirmed by the server (which never sees the date).
    await page.getByTestId("contact-driver_birth_date").fill(`${Number(monday.slice(0, 4)) - 22}-06-15`);
    await expect(page.getByTestId("price-breakdown")).toContainText(words.young);
    await expect(page.getByTestId("price-breakdown-total")).toHaveText(money(youngPrice.totalCents, language));
    await expect(page.getByTestId("quote-confirmed")).toBeVisible();
    await fillContact(page, { name: "Ana", last_name: "Pérez", email: "ana@example.com", phone: "+1 809 555 0101" });
    await page.getByTestId("reserve").click();

    // Thank-you: the stored lines; the stored reservation's total is the one the visitor was shown.
    await expect(page.getByTestId("thanks-title")).toHaveText(words.thanks);
    const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";
    await expect(page.getByTestId("reservation-price-total")).toHaveText(money(youngPrice.totalCents, language));
    await expect(page.getByTestId("reservation-price")).toContainText(words.season(money(9000, language)));
    await expect(page.getByTestId("deposit-note")).toHaveText(words.deposit(money(30000, language)));
    const thanksWhatsapp = page.getByTestId("thanks-contact").getByTestId("contact-whatsapp");
    expect(new URL((await thanksWhatsapp.getAttribute("href")) ?? "").searchParams.get("text")).toContain(reference);
    const stored = (await storedReservation(owner, site.id, reference)) as unknown as {
      total_cents: number;
      discount_cents: number;
      fees_cents: number;
      deposit_cents: number;
      arrival_place: string;
    };
    expect(stored).toMatchObject({
      total_cents: youngPrice.totalCents,
      discount_cents: price.discountCents,
      fees_cents: 10500,
      deposit_cents: 30000,
      arrival_place: "La Romana",
    });
    expect(consoleProblems).toEqual([]);
  });
}

test("more people than the vehicle carries: its page and the review say so, and nothing says it can be booked", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("rules-seats", { open: false });
  const site = await createPublicLanding(owner, "Asientos");
  await page.setViewportSize(PHONE);
  // The Jeep takes 4; the fleet's largest, 5.
  const query = searchQuery(6, 3, { seats: "5", lang: "en" });
  await page.goto(`/${site.name}/vehicles/${site.jeep.id}?${query}`);
  await hydrated(page);
  await expect(page.getByTestId("vehicle-unavailable")).toContainText("This vehicle takes at most 4 people.");
  await expect(page.getByTestId("vehicle-select")).toHaveCount(0);

  const quoted = page.waitForResponse((response) => response.url().includes("/quote?"));
  await page.goto(`/${site.name}/review?${query}&vehicle=${site.jeep.id}`);
  await hydrated(page);
  await quoted;
  await expect(page.getByTestId("booking-problems")).toContainText("This vehicle takes at most 4 people.");
  await expect(page.getByTestId("reserve")).toBeDisabled();
  // The greyed button says why it cannot be pressed, where the traveller's eye is (a walk's finding).
  await expect(page.getByTestId("reserve-blocked")).toHaveText(
    "This cannot be booked as it stands: the reason is shown with the price.",
  );
  // The server's quote hears no seats: its "confirmed" is not shown over the reason.
  await expect(page.getByTestId("quote-checking")).toHaveCount(0);
  await expect(page.getByTestId("quote-confirmed")).toHaveCount(0);
});

test("a return place the landing does not offer from that pickup is said once on the review, with one way back", async ({
  page,
  signedInOwner,
}) => {
  const owner = await signedInOwner("rules-pair", { open: false });
  const site = await createPublicLanding(owner, "Pares");
  await page.setViewportSize(PHONE);
  // Santiago returns at Santiago or La Romana only: an old or edited link asks for Punta Cana.
  const query = searchQuery(6, 3, { dropoff: "Punta Cana", lang: "en" });
  const quoted = page.waitForResponse((response) => response.url().includes("/quote?"));
  await page.goto(`/${site.name}/review?${query}&vehicle=${site.corolla.id}`);
  await hydrated(page);
  await quoted;
  const sentence = "Picking up at Santiago and returning at Punta Cana is not offered.";
  await expect(page.getByTestId("booking-problems")).toContainText(sentence);
  await expect(page.getByTestId("reserve")).toBeDisabled();
  // The server's quote refuses it in the same words: not said a second time under the total.
  await expect(page.getByTestId("quote-checking")).toHaveCount(0);
  await expect(page.getByTestId("quote-refused")).toHaveCount(0);
  await expect(page.getByText(sentence)).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Price" }).getByRole("link", { name: "Change search" })).toHaveCount(1);
});
