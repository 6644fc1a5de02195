import { type Browser, expect } from "@playwright/test";
import { type FleetOwner, test } from "./support/fleet";
import { stripeFailsNext, takeCardPayments, takeTransferPayments } from "./support/payments";
import { createPublicLanding, fillContact, hydrated, money, phoneVisitor, searchQuery } from "./support/public";

// Issue 27.3: a visitor prepays by card on the provider's page (the local stand-in) from a phone,
// comes back to their booking, and the operator's dashboard shows it confirmed without a reload.

/**
 * A landing of `owner` that takes 30 % by card at booking, and a visitor on a phone at its review
 * page (`query` added to the search), hydrated, the stand-in's keys with them.
 */
async function cardReviewOnPhone(browser: Browser, owner: FleetOwner, query: Record<string, string> = {}) {
  const site = await createPublicLanding(owner);
  const keys = await takeCardPayments(owner, site.id, {
    prepay: "percent",
    prepay_percent: "30",
    channel: "card",
    pickup_methods: ["cash", "card"],
  });
  const { context: visitor, page: phone } = await phoneVisitor(browser);
  await phone.goto(`/${site.name}/review?${searchQuery(9, 3, { vehicle: String(site.jeep.id), ...query })}`);
  await expect(phone.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(phone);
  return { site, keys, visitor, phone };
}

test("a visitor on a phone prepays 30 % on the payment page and the booking appears confirmed, live, in the dashboard", async ({
  browser,
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInOwner("prepay", { open: false });
  const { visitor, phone } = await cardReviewOnPhone(browser, owner);
  await page.goto("/reservation");
  await expect(page.getByRole("main").getByRole("heading", { name: "Reservaciones" })).toBeVisible();

  const total = (await phone.getByTestId("price-breakdown-total").textContent()) ?? "";
  await fillContact(phone, {
    name: "Ana",
    last_name: "Gómez",
    email: "ana.prepago@example.com",
    phone: "809-555-0199",
  });
  // Before booking, the visitor reads what is paid now and what at pickup.
  const cents = Number(total.replace(/[^0-9]/g, ""));
  const prepay = Math.round(cents * 0.3);
  await expect(phone.getByTestId("payment-note")).toHaveText(
    `Pagarás ${money(prepay, "es")} con tarjeta en la página segura de Stripe. El resto (${money(cents - prepay, "es")}) se paga en la recogida (efectivo, tarjeta).`,
  );
  await phone.getByTestId("reserve").click();

  // The provider's page, with 30 % of the total.
  await expect(phone).toHaveURL(/\/pay\/cs_/);
  const charged = (await phone.locator("[data-amount]").textContent()) ?? "";
  expect(Number(charged.replace(/[^0-9]/g, ""))).toBe(prepay);
  await phone.getByRole("button", { name: "Pagar" }).click();

  // Back on their booking, confirmed, with what was paid and what is left for the counter.
  await expect(phone).toHaveURL(/\/reservation\/NLY-[A-Z0-9]{6}\?.*paid=1/);
  await expect(phone.getByTestId("reservation-status")).toHaveText("Confirmada");
  await expect(phone.getByTestId("payment-paid")).toContainText(money(prepay, "es"));
  await expect(phone.getByTestId("payment-pickup")).toContainText(money(cents - prepay, "es"));
  await expect(phone.getByTestId("payment-pickup")).toContainText("efectivo, tarjeta");
  const reference = (await phone.getByTestId("reservation-reference").textContent()) ?? "";

  // The operator's list shows it, confirmed, without a reload.
  const row = page.getByTestId("reservation-row").filter({ hasText: reference });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText("Confirmada")).toBeVisible();
  // Its detail says what was paid online and what the counter collects.
  await row.getByRole("button", { name: reference, exact: true }).click();
  const detail = page.getByRole("dialog", { name: `Reserva ${reference}` });
  await expect(detail.getByTestId("reservation-paid")).toHaveText(money(prepay, "es"));
  await expect(detail.getByTestId("reservation-due-at-pickup")).toHaveText(money(cents - prepay, "es"));
  // Cancelling it, the owner reads what goes back to the card, never that nothing was charged; and
  // forgoing the fee gives back all of it. The owner keeps the booking.
  const refund = Math.max(0, prepay - 100_00);
  await detail.getByRole("button", { name: "Cancelar reserva" }).click();
  const cancelling = page.getByRole("dialog", { name: "¿Cancelar esta reserva?" });
  await expect(cancelling.getByTestId("cancellation-refund")).toHaveText(
    refund > 0
      ? `El cliente pagó ${money(prepay, "es")} con tarjeta: al cancelar se le devuelven ${money(refund, "es")} a la misma tarjeta.`
      : `El cliente pagó ${money(prepay, "es")} con tarjeta: se queda para el cargo, así que no se le devuelve nada.`,
  );
  await expect(cancelling).not.toContainText("No se cobró nada en línea");
  await cancelling.getByTestId("waive-fee").check();
  await expect(cancelling.getByTestId("cancellation-refund")).toHaveText(
    `El cliente pagó ${money(prepay, "es")} con tarjeta: al cancelar se le devuelven ${money(prepay, "es")} a la misma tarjeta.`,
  );
  await cancelling.getByRole("button", { name: "Volver" }).click();
  await expect(cancelling).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The visitor cancels ten days ahead: the policy's early fee (US$100) is kept from what was paid.
  await phone.getByTestId("cancel-open").click();
  await expect(
    phone.getByText(
      refund > 0
        ? `Pagaste ${money(prepay, "es")} en línea: se te devolverán ${money(refund, "es")}`
        : `Pagaste ${money(prepay, "es")} en línea: se queda para el cargo, así que no se devuelve nada a tu tarjeta.`,
    ),
  ).toBeVisible();
  await phone.getByTestId("cancel-confirm-button").click();
  await expect(phone.getByTestId("reservation-status")).toHaveText("Cancelada");
  // What came back, dated on the landing's clock, and what the fee kept of the payment.
  if (refund > 0) {
    await expect(phone.getByTestId("payment-refunded")).toContainText(
      /^Reembolsado a tu tarjeta el \d\d-\d\d-\d{4} · \d{1,2}:\d\d\s[AP]M/,
    );
    await expect(phone.getByTestId("payment-refunded")).toContainText(money(refund, "es"));
  }
  await expect(phone.getByTestId("payment-fee-kept")).toHaveText(
    `Retenido como cargo por cancelación${money(Math.min(prepay, 100_00), "es")}`,
  );
  // Cancelled, there is no pickup left to pay at.
  await expect(phone.getByTestId("payment-paid")).toContainText(money(prepay, "es"));
  await expect(phone.getByTestId("payment-pickup")).toHaveCount(0);
  await visitor.close();
});

test("Stripe not answering as a visitor books: the booking is kept, its page says why no payment page opened, and paying works again", async ({
  browser,
  fleetOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await fleetOwner("prepay-down");
  const { site, keys, visitor, phone } = await cardReviewOnPhone(browser, owner, { lang: "en" });
  await fillContact(phone, {
    name: "Ana",
    last_name: "Gómez",
    email: "ana.sin-stripe@example.com",
    phone: "809-555-0199",
  });
  // Stripe does not answer the Checkout Session (its client tries twice).
  await stripeFailsNext(keys.secret_key, 2);
  await phone.getByTestId("reserve").click();

  // On their booking, awaiting its payment, told why no payment page opened.
  await expect(phone).toHaveURL(/\/reservation\/NLY-[A-Z0-9]{6}\?/);
  const unopened = "Your booking is saved, but we could not open the payment page. Try again in a few minutes.";
  await expect(phone.getByRole("alert")).toHaveText(unopened);
  await expect(phone.getByTestId("payment-pay")).toBeVisible();
  // Said once: a reload shows the booking and its button, not an old failure.
  await phone.reload();
  await expect(phone.getByTestId("payment-pay")).toBeVisible();
  await hydrated(phone);
  await expect(phone.getByText(unopened)).toHaveCount(0);

  // Stripe answers again: the same booking is paid and confirmed.
  await phone.getByTestId("payment-pay").click();
  await expect(phone).toHaveURL(/\/pay\/cs_/);
  await phone.getByRole("button", { name: "Pay" }).click();
  await expect(phone).toHaveURL(/\/reservation\/NLY-[A-Z0-9]{6}\?.*paid=1/);
  await expect(phone.getByTestId("reservation-status")).toHaveText("Confirmed");
  const listed = await owner.api.get(`/api/reservations/${site.id}`);
  expect(((await listed.json()) as { reservations: unknown[] }).reservations).toHaveLength(1);
  await visitor.close();
});

/**
 * A young driver's fee is added on the review page once the date of birth is given (the server's
 * quote never hears it): the share to transfer is figured on that whole total, as the booking then
 * asks for it, not on the quote's total before the fee.
 */
test("a young driver's fee moves the prepayment the review promises, to what the booking asks", async ({
  page,
  fleetOwner,
}) => {
  const owner = await fleetOwner("prepay-young");
  const site = await createPublicLanding(owner);
  const landing = (await (await owner.api.get(`/api/landings/${owner.id}/${site.id}`)).json()) as { version: number };
  const rules = await owner.api.put(`/api/landings/${owner.id}/${site.id}/rules`, {
    data: { version: landing.version, young_driver_age: "25", young_driver_fee: "10" },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  await takeTransferPayments(owner, site.id, 20);

  await page.goto(`/${site.name}/review?${searchQuery(9, 3, { vehicle: String(site.jeep.id) })}`);
  await expect(page.getByTestId("quote-confirmed")).toBeVisible();
  await hydrated(page);
  const note = (cents: number) => {
    const prepay = Math.round(cents * 0.2);
    return `Recibirás los datos para transferir ${money(prepay, "es")}. El resto (${money(cents - prepay, "es")}) se paga en la recogida (efectivo).`;
  };
  const totalCents = async () =>
    Number(((await page.getByTestId("price-breakdown-total").textContent()) ?? "").replace(/[^0-9]/g, ""));
  const before = await totalCents();
  await expect(page.getByTestId("payment-note")).toHaveText(note(before));

  await page.getByTestId("contact-driver_birth_date").fill(`${new Date().getFullYear() - 22}-06-15`);
  await expect(page.getByTestId("price-breakdown")).toContainText("Conductor joven");
  await expect.poll(totalCents).toBeGreaterThan(before);
  const after = await totalCents();
  await expect(page.getByTestId("payment-note")).toHaveText(note(after));

  await fillContact(page, { name: "Ana", last_name: "Joven", email: "ana.joven@example.com", phone: "809-555-0177" });
  await page.getByTestId("reserve").click();
  // The booking waits for the transfer the review promised.
  await expect(page).toHaveURL(/\/reservation\/NLY-[A-Z0-9]{6}\?/);
  await expect(page.getByTestId("reservation-price-total")).toHaveText(money(after, "es"));
  const prepay = Math.round(after * 0.2);
  await expect(page.getByText(money(prepay, "es")).first()).toBeVisible();

  // The owner marks the transfer received; cancelling, the customer reads what was paid by
  // transfer and what comes back of it, never that nothing was charged.
  const reference = /\/reservation\/(NLY-[A-Z0-9]{6})/.exec(page.url())?.[1] ?? "";
  const list = (await (await owner.api.get(`/api/reservations/${site.id}?limit=5`)).json()) as {
    reservations: { id: number; reference: string }[];
  };
  const booked = list.reservations.find((row) => row.reference === reference);
  const confirmed = await owner.api.patch(`/api/reservations/${booked?.id}/status`, { data: { status: "confirmed" } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.reload();
  await hydrated(page);
  await page.getByTestId("cancel-open").click();
  // Ten days ahead: the policy's early fee, US$100, is kept from the transfer.
  const refund = Math.max(0, prepay - 100_00);
  await expect(
    page.getByText(
      refund > 0
        ? `Pagaste ${money(prepay, "es")} por transferencia: ${site.display_name} te devolverá ${money(refund, "es")} por transferencia`
        : `Pagaste ${money(prepay, "es")} por transferencia: se queda para el cargo, así que no hay nada que devolverte.`,
    ),
  ).toBeVisible();
  await expect(page.getByText("No se te ha cobrado nada en línea")).toHaveCount(0);
});

// A walk's finding: a booking waiting for its transfer offered no way to cancel it on its page,
// though its email says "view or cancel"; the traveller had to wait for it to lapse.
test("a booking awaiting its transfer is cancelled by its customer, with no fee", async ({ page, fleetOwner }) => {
  const owner = await fleetOwner("transfer-cancel");
  const site = await createPublicLanding(owner);
  await takeTransferPayments(owner, site.id, 20);
  await page.goto(`/${site.name}/review?${searchQuery(9, 3, { vehicle: String(site.jeep.id) })}`);
  await hydrated(page);
  await fillContact(page, { name: "Ana", last_name: "Lugo", email: "ana.lugo@example.com", phone: "809-555-0178" });
  await page.getByTestId("reserve").click();
  await expect(page).toHaveURL(/\/reservation\/NLY-[A-Z0-9]{6}\?/);
  await expect(page.getByTestId("reservation-status")).toContainText("Esperando el pago");
  await hydrated(page);
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-fee")).toHaveText("Sin cargo por cancelación.");
  await expect(
    page.getByText("Tu reserva aún no está confirmada: mientras tanto, cancelarla no tiene cargo."),
  ).toBeVisible();
  await page.getByTestId("cancel-confirm-button").click();
  await expect(page.getByTestId("reservation-status")).toContainText("Cancelada");
  const reference = /\/reservation\/(NLY-[A-Z0-9]{6})/.exec(page.url())?.[1] ?? "";
  const list = (await (await owner.api.get(`/api/reservations/${site.id}?limit=5`)).json()) as {
    reservations: { reference: string; status: string; cancellation_fee_cents: number | null }[];
  };
  expect(list.reservations.find((row) => row.reference === reference)).toMatchObject({
    status: "cancelled",
    cancellation_fee_cents: 0,
  });
});
