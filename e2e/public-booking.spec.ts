import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/fleet";
import {
  createPublicLanding,
  DESKTOP,
  emailedReservationLink,
  expectedTotal,
  hydrated,
  money,
  PHONE,
} from "./support/public";
import { addDays, landingDay, storedReservation } from "./support/reservations";

const WORDS = {
  es: {
    photo: (n: number) => `Foto ${n} de 3`,
    filters: "Filtros",
    pending: "Pendiente de confirmación",
    cancelled: "Cancelada",
    thanks: "¡Gracias, Ana!",
  },
  en: {
    photo: (n: number) => `Photo ${n} of 3`,
    filters: "Filters",
    pending: "Awaiting confirmation",
    cancelled: "Cancelled",
    thanks: "Thank you, Ana!",
  },
} as const;

for (const language of ["es", "en"] as const) {
  for (const [device, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`a visitor books and cancels in ${language} on a ${device}`, async ({ page, fleetOwner }) => {
      test.setTimeout(90_000);
      const words = WORDS[language];
      const owner = await fleetOwner(`public-${language}-${device}`);
      const site = await createPublicLanding(owner);
      await page.setViewportSize(viewport);

      // Home: the landing's name, three vehicles, the search form with its defaults.
      await page.goto(`/${site.name}${language === "en" ? "?lang=en" : ""}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(site.display_name);
      await expect(page.getByTestId("vehicle-card")).toHaveCount(3);
      await hydrated(page);
      await expectNoSeriousViolations(page, "home");

      // Search five days from now for three days.
      const from = landingDay(5);
      const to = addDays(from, 3);
      await page.getByTestId("search-from").fill(from);
      await page.getByTestId("search-to").fill(to);
      await page.getByTestId("search-submit").click();
      await expect(page).toHaveURL(new RegExp(`/${site.name}/vehicle\\?.*from=${from}.*to=${to}`));
      await expect(page.getByTestId("vehicle-card")).toHaveCount(3);
      await expect(page.getByTestId("vehicle-total").first()).toContainText(
        money(expectedTotal(4550, 3, []), language),
      );
      await hydrated(page);
      await expectNoSeriousViolations(page, "list");

      // Filter: the quick search on the name, instantly, and the URL follows.
      if (device === "phone") await page.getByText(words.filters, { exact: true }).click();
      await page.getByTestId("filter-q").fill("corolla");
      await expect(page.getByTestId("vehicle-card")).toHaveCount(1);
      await expect(page).toHaveURL(/q=corolla/);
      await page.getByTestId("vehicle-link").click();

      // The vehicle: swipe the photos, then the keyboard.
      await expect(page.getByTestId("vehicle-name")).toHaveText("Toyota Corolla 2024");
      await hydrated(page);
      const position = page.getByTestId("carousel-position");
      await expect(position).toHaveText(words.photo(1));
      const strip = page.getByTestId("carousel-strip");
      if (device === "phone") {
        await strip.hover();
        await page.mouse.wheel(viewport.width, 0);
      } else {
        await page.getByTestId("carousel-next").click();
      }
      await expect(position).toHaveText(words.photo(2));
      await strip.focus();
      await page.keyboard.press("ArrowRight");
      await expect(position).toHaveText(words.photo(3));
      await expectNoSeriousViolations(page, "vehicle");
      await page.getByTestId(device === "phone" ? "bar-select" : "vehicle-select").click();

      // Extras: add two, then one more of the first.
      await expect(page).toHaveURL(new RegExp(`/${site.name}/additions\\?.*vehicle=${site.corolla.id}`));
      await hydrated(page);
      const [first, second] = site.addons;
      if (!first || !second) throw new Error("the landing has its three add-ons");
      await page.locator(`[data-addon-id="${first.id}"]`).getByTestId("addon-add").click();
      await page.locator(`[data-addon-id="${second.id}"]`).getByTestId("addon-add").click();
      await page.locator(`[data-addon-id="${first.id}"]`).getByTestId("addon-increase").click();
      await expect(page.locator(`[data-addon-id="${first.id}"]`).getByTestId("addon-quantity")).toHaveText("2");
      const total = expectedTotal(4550, 3, [
        { id: first.id, priceCents: first.price_cents, quantity: 2 },
        { id: second.id, priceCents: second.price_cents, quantity: 1 },
      ]);
      await expect(page.getByTestId("running-total-total")).toHaveText(money(total, language));
      if (device === "phone") await expect(page.getByTestId("bottom-bar-total")).toHaveText(money(total, language));
      await expect(page).toHaveURL(new RegExp(`addons=${first.id}%3A2%2C${second.id}%3A1`));
      await expectNoSeriousViolations(page, "extras");
      await page.getByTestId(device === "phone" ? "bar-continue" : "addons-continue").click();

      // Review: the domain's total, confirmed by the server's quote; then the contact form.
      await expect(page.getByTestId("price-breakdown-total")).toHaveText(money(total, language));
      await expect(page.getByTestId("quote-confirmed")).toBeVisible();
      await expect(page.getByTestId("cancellation-policy")).toBeVisible();
      await expectNoSeriousViolations(page, "review");
      await page.getByTestId("reserve").click();
      await expect(page.getByTestId("contact-error-name")).toBeVisible();
      await page.getByTestId("contact-name").fill("Ana");
      await page.getByTestId("contact-last_name").fill("Pérez");
      await page.getByTestId("contact-email").fill("ana@example.com");
      await page.getByTestId("contact-phone").fill("+1 809 555 0101");
      await page.getByTestId("contact-terms").check();
      await page.getByTestId("reserve").click();

      // Thank-you, then the customer's own page from their email, where they cancel with the fee shown first.
      await expect(page).toHaveURL(new RegExp(`/${site.name}/thanks-you\\?ref=NLY-`));
      await expect(page.getByTestId("thanks-title")).toHaveText(words.thanks);
      const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";
      expect(reference).toMatch(/^NLY-/);
      await expect(page.getByTestId("reservation-price-total")).toHaveText(money(total, language));
      await expectNoSeriousViolations(page, "thanks");
      await expect(page.getByTestId("thanks-manage")).toHaveAttribute(
        "href",
        new RegExp(`/reservation/${reference}\\?t=`),
      );
      // The customer comes back later from the link in their confirmation email, which is in the
      // landing's language (PRODUCT §6); an English-speaking customer switches, keeping the link.
      await page.goto(await emailedReservationLink(reference));
      if (language === "en") {
        await expect(page.getByTestId("reservation-status")).toHaveText("Pendiente de confirmación");
        await page.getByTestId("language-switch").click();
      }
      await expect(page.getByTestId("reservation-status")).toHaveText(words.pending);
      await hydrated(page);
      await page.getByTestId("cancel-open").click();
      await expect(page.getByTestId("cancel-fee")).toContainText(money(100_00, language));
      await expectNoSeriousViolations(page, "customer's page");
      await page.getByTestId("cancel-confirm-button").click();
      await expect(page.getByTestId("reservation-status")).toHaveText(words.cancelled);
      await expect(page.getByTestId("reservation-cancelled")).toContainText(money(100_00, language));

      // The owner sees the booking and its cancellation.
      const stored = await storedReservation(owner, site.id, reference);
      expect(stored?.status).toBe("cancelled");
      expect(stored?.total_cents).toBe(total);
      expect(stored?.cancellation_fee_cents).toBe(100_00);
    });
  }
}
