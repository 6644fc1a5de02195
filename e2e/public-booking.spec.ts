import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/fleet";
import { textLines } from "./support/layout";
import {
  createPublicLanding,
  DESKTOP,
  emailedReservationLink,
  expectedTotal,
  fillContact,
  hydrated,
  money,
  PHONE,
} from "./support/public";
import { addDays, landingDay, storedReservation } from "./support/reservations";

const WORDS = {
  es: {
    photo: (n: number) => `Foto ${n} de 3`,
    filters: "Filtros",
    choose: "Elegir",
    pending: "Pendiente de confirmación",
    confirmed: "Confirmada",
    unconfirmed: "Tu reserva aún no está confirmada: mientras tanto, cancelarla no tiene cargo.",
    cancelTitle: "¿Cancelar tu reserva?",
    noFee: "no tiene cargo",
    noFeeLine: "Sin cargo por cancelación.",
    fee: (amount: string) => `Cargo por cancelación según la política: ${amount}`,
    cancelled: "Cancelada",
    thanks: "¡Gracias, Ana!",
    sending: "Reservando…",
  },
  en: {
    photo: (n: number) => `Photo ${n} of 3`,
    filters: "Filters",
    choose: "Choose",
    pending: "Awaiting confirmation",
    confirmed: "Confirmed",
    unconfirmed: "Your booking is not confirmed yet: until it is, cancelling it has no fee.",
    cancelTitle: "Cancel your booking?",
    noFee: "has no fee",
    noFeeLine: "No cancellation fee.",
    fee: (amount: string) => `Cancellation fee under the policy: ${amount}`,
    cancelled: "Cancelled",
    thanks: "Thank you, Ana!",
    sending: "Booking…",
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
      // The card's button is its link, named by the word it shows: a voice user says "Choose" (WCAG 2.5.3).
      await page.getByRole("link", { name: `${words.choose} Toyota Corolla 2024`, exact: true }).click();

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
      if (device !== "phone") {
        // Back to the first with the keyboard: the arrow keeps the focus there, only marked as
        // going no further (a disabled button dropped the focus to the page).
        const previous = page.getByTestId("carousel-previous");
        await previous.focus();
        await page.keyboard.press("Enter");
        await page.keyboard.press("Enter");
        await expect(position).toHaveText(words.photo(1));
        await expect(previous).toBeFocused();
        await expect(previous).toHaveAttribute("aria-disabled", "true");
        await expect(page.getByTestId("carousel-next")).not.toHaveAttribute("aria-disabled", "true");
        await page.keyboard.press("Enter");
        await expect(position).toHaveText(words.photo(1));
      }
      await expectNoSeriousViolations(page, "vehicle");
      await page.getByTestId(device === "phone" ? "bar-select" : "vehicle-select").click();

      // Extras: a coverage (taken once) and a child seat, then one more seat.
      await expect(page).toHaveURL(new RegExp(`/${site.name}/additions\\?.*vehicle=${site.corolla.id}`));
      await hydrated(page);
      const [coverage, , seat] = site.addons;
      if (!coverage || !seat) throw new Error("the landing has its three add-ons");
      const coverageRow = page.locator(`[data-addon-id="${coverage.id}"]`);
      const seatRow = page.locator(`[data-addon-id="${seat.id}"]`);
      await expect(coverageRow.locator('[data-kind="coverage"]')).toBeVisible();
      await expect(seatRow.locator('[data-kind="child_seat"]')).toBeVisible();
      await expect(seatRow.getByTestId("addon-cap")).toHaveText(
        language === "es" ? "Hasta 3 por reserva" : "Up to 3 per booking",
      );
      await coverageRow.getByTestId("addon-add").click();
      await seatRow.getByTestId("addon-add").click();
      await seatRow.getByTestId("addon-increase").click();
      await expect(seatRow.getByTestId("addon-quantity")).toHaveText("2");
      // A coverage has no plus: it is added, or not.
      await expect(coverageRow.getByTestId("addon-added")).toBeVisible();
      await expect(coverageRow.getByTestId("addon-increase")).toHaveCount(0);
      const total = expectedTotal(4550, 3, [
        { id: coverage.id, priceCents: coverage.price_cents, quantity: 1 },
        { id: seat.id, priceCents: seat.price_cents, quantity: 2 },
      ]);
      await expect(page.getByTestId("running-total-total")).toHaveText(money(total, language));
      // Said to a screen reader too, with what it covers (the quantity alone was).
      await expect(page.getByTestId("extras-total-said")).toHaveText(
        new RegExp(`^Total ${money(total, language).replace(/[$.]/g, "\\$&")}, (for|por) 3 (days|días), (with|con) `),
      );
      if (device === "phone") await expect(page.getByTestId("bottom-bar-total")).toHaveText(money(total, language));
      await expect(page).toHaveURL(new RegExp(`addons=${coverage.id}%3A1%2C${seat.id}%3A2`));
      await expectNoSeriousViolations(page, "extras");
      // One way on: the bottom bar's on a phone, the summary's beside the extras on a wider screen.
      await expect(page.getByTestId("addons-continue")).toBeVisible({ visible: device !== "phone" });
      await page.getByTestId(device === "phone" ? "bar-continue" : "addons-continue").click();

      // Review: the domain's total, confirmed by the server's quote; then the contact form.
      await expect(page.getByTestId("price-breakdown-total")).toHaveText(money(total, language));
      await expect(page.getByTestId("quote-confirmed")).toBeVisible();
      await expect(page.getByTestId("cancellation-policy")).toBeVisible();
      // How it is paid at pickup, as the owner's Pagos tab set it (a walk's finding: never said).
      await expect(page.getByTestId("payment-note")).toHaveText(
        language === "es"
          ? "Pagas todo en la recogida (efectivo, tarjeta). Recibirás la reserva por correo."
          : "You pay it all at pickup (cash, card). You will get your booking by email.",
      );
      await expectNoSeriousViolations(page, "review");
      if (device === "phone") {
        // DESIGN.md: tap targets at least 44 px, the trip card's "Change" links too.
        const changes = page.locator("section[aria-labelledby=review-trip] a");
        await expect(changes).toHaveCount(2);
        for (const change of await changes.all()) {
          const box = await change.boundingBox();
          expect(box?.height ?? 0, "a Change link's tap height").toBeGreaterThanOrEqual(44);
          expect(box?.width ?? 0, "a Change link's tap width").toBeGreaterThanOrEqual(44);
        }
      }
      await page.getByTestId("reserve").click();
      await expect(page.getByTestId("contact-error-name")).toBeVisible();
      await fillContact(page, { name: "Ana", last_name: "Pérez", email: "ana@example.com", phone: "+1 809 555 0101" });
      let sent = 0;
      if (device === "phone") {
        // Sent from the phone's bar: while the booking is on its way, the bar's button says so as the
        // form's does, and both are busy and disabled. The focus stays on the button pressed (a
        // screen reader hears "Reservando…"), and pressing it again sends nothing more.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route("**/api/reservations", async (route) => {
          sent++;
          await held;
          await route.continue();
        });
        await page.getByTestId("bar-reserve").click();
        for (const id of ["bar-reserve", "reserve"]) {
          const button = page.getByTestId(id);
          await expect(button).toHaveText(words.sending);
          await expect(button).toBeDisabled();
          await expect(button).toHaveAttribute("aria-busy", "true");
        }
        await expect(page.getByTestId("bar-reserve")).toBeFocused();
        await page.keyboard.press("Enter");
        release();
      } else {
        await page.getByTestId("reserve").click();
      }

      // Thank-you, then the customer's own page from their email, where they cancel with the fee shown first.
      await expect(page).toHaveURL(new RegExp(`/${site.name}/thanks-you\\?ref=NLY-`));
      if (device === "phone") expect(sent, "bookings sent").toBe(1);
      await expect(page.getByTestId("thanks-title")).toHaveText(words.thanks);
      const reference = (await page.getByTestId("thanks-reference").textContent()) ?? "";
      expect(reference).toMatch(/^NLY-/);
      if (device === "phone") {
        // On the narrowest phones too, the reference to keep reads on one line, never "NLY-" over the rest.
        await page.setViewportSize({ width: 320, height: 640 });
        expect(await textLines(page.getByTestId("thanks-reference")), "lines of the reference at 320 px").toBe(1);
        await page.setViewportSize(viewport);
      }
      await expect(page.getByTestId("reservation-price-total")).toHaveText(money(total, language));
      await expectNoSeriousViolations(page, "thanks");
      await expect(page.getByTestId("thanks-manage")).toHaveAttribute(
        "href",
        new RegExp(`/reservation/${reference}\\?t=`),
      );
      // The customer comes back later from the link in their confirmation email: the booking kept
      // the language it was made in, so the page opens in it (PRODUCT §6, issue 24.1).
      const link = await emailedReservationLink(reference);
      expect(link.endsWith("&lang=en")).toBe(language === "en");
      // On the desktop the operator confirms it first: only a confirmed booking carries the
      // policy's fee; on the phone the request is still pending and is withdrawn for nothing.
      const confirmedFirst = device === "desktop";
      const fee = confirmedFirst ? 100_00 : 0;
      if (confirmedFirst) {
        const id = (await storedReservation(owner, site.id, reference))?.id;
        expect((await owner.api.patch(`/api/reservations/${id}/status`, { data: { status: "confirmed" } })).ok()).toBe(
          true,
        );
      }
      await page.goto(link);
      await expect(page.getByTestId("reservation-status")).toHaveText(confirmedFirst ? words.confirmed : words.pending);
      await hydrated(page);
      await page.getByTestId("cancel-open").click();
      // No fee is said as none, not as an amount of zero in red (a walk's finding).
      await expect(page.getByTestId("cancel-fee")).toHaveText(
        fee > 0 ? words.fee(money(fee, language)) : words.noFeeLine,
      );
      if (!confirmedFirst) {
        await expect(page.getByTestId("cancel-confirm")).toContainText(words.unconfirmed);
        // Said once, not once more in the line about what was paid.
        const said = (await page.getByTestId("cancel-confirm").textContent()) ?? "";
        expect(said.split(words.noFee).length - 1, `"${words.noFee}" in the dialog`).toBe(1);
      }
      await expectNoSeriousViolations(page, "customer's page");
      // A modal dialog (an audit's finding: it was an "alertdialog" in the page, which a screen
      // reader leaves): it takes the focus, and the page behind it cannot be reached meanwhile.
      const confirm = page.getByRole("dialog", { name: words.cancelTitle });
      await expect(confirm).toBeFocused();
      expect(await confirm.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
      // Changing their mind, by Escape or "keep": the focus goes back to the button that asked.
      await page.getByTestId("cancel-confirm").press("Escape");
      await expect(page.getByTestId("cancel-open")).toBeFocused();
      await page.keyboard.press("Enter");
      await page.getByTestId("cancel-keep").click();
      await expect(page.getByTestId("cancel-open")).toBeFocused();
      await page.getByTestId("cancel-open").click();
      await page.getByTestId("cancel-confirm-button").click();
      await expect(page.getByTestId("reservation-status")).toHaveText(words.cancelled);
      if (fee > 0) await expect(page.getByTestId("reservation-cancelled")).toContainText(money(fee, language));
      // Where the visitor reads it: the message takes the focus (issue 24.13); nothing speaks of a refund.
      await expect(page.getByTestId("reservation-cancelled")).toBeFocused();
      await expect(page.locator("main")).not.toContainText(/refund|reembols|se te devolver/i);

      // The owner sees the booking and its cancellation.
      const stored = await storedReservation(owner, site.id, reference);
      expect(stored?.status).toBe("cancelled");
      expect(stored?.total_cents).toBe(total);
      expect(stored?.cancellation_fee_cents).toBe(fee);
      expect(stored?.cancelled_by).toBe("customer");
    });
  }
}
