import { formatDate, formatTime } from "@domain/date-format";
import { formatMoney } from "@domain/money";
import { toLocal } from "@domain/rental-time";
import { expect } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/fleet";
import { doubleTheText, expectWithinSides } from "./support/layout";
import { takeCardPayments } from "./support/payments";
import { book, createBookableLanding, dialog, LANDING_TIME_ZONE, usd } from "./support/reservations";

// Issues 27.4 and 27.5: from a booking's detail the owner gives back part of what was paid by card
// and charges part of the deposit held on the card, each with a reason; the detail shows the money
// as it stands and when the hold lapses.

test("the owner refunds part of a card payment and charges part of the deposit, with reasons", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInOwner("owner-money");
  const landing = await createBookableLanding(owner, "Dinero");
  const rules = await owner.api.put(`/api/vehicles/${landing.id}/${landing.vehicle.id}/rules`, {
    data: { version: 1, deposit: "300" },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  await takeCardPayments(owner, landing.id, {
    prepay: "percent",
    prepay_percent: "50",
    channel: "card",
    pickup_methods: ["cash"],
    deposit_hold: "at_booking",
    deposit_hold_days: "2",
  });
  const booked = (await book(landing, { name: "Lucía" })) as Awaited<ReturnType<typeof book>> & {
    payment_url: string;
  };
  // The visitor pays on the provider's page; its webhook confirms the booking and the deposit is held.
  const paid = await page.request.post(booked.payment_url, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);

  await page.goto(`/view-landing/${landing.id}`);
  const row = page.getByTestId("reservation-row").filter({ hasText: booked.reference });
  await expect(row.getByText("Confirmada")).toBeVisible({ timeout: 15_000 });
  await row.getByRole("button", { name: booked.reference, exact: true }).click();
  const detail = dialog(page, `Reserva ${booked.reference}`);
  const { payment } = await (await owner.api.get(`/api/planner/reservations/${booked.id}`)).json();
  const prepaid: number = payment.paid_cents;
  expect(prepaid).toBeGreaterThan(0);
  expect(prepaid).toBeLessThan(booked.total_cents);
  await expect(detail.getByTestId("reservation-paid")).toHaveText(usd(prepaid));
  await expect(detail.getByText(/Depósito de US\$300\.00 retenido en la tarjeta hasta el/)).toBeVisible();

  // A refund of more than was paid is refused under its field; then US$20 with a reason.
  await detail.getByRole("button", { name: "Reembolsar un importe" }).click();
  const refund = dialog(page, "Reembolsar un importe");
  await expect(refund.getByText(`Puedes reembolsar hasta ${usd(prepaid)}`)).toBeVisible();
  await refund.getByLabel("Importe").fill(String(prepaid / 100 + 1));
  await refund.getByLabel("Motivo").fill("Día no usado");
  await refund.getByRole("button", { name: "Reembolsar" }).click();
  await expect(refund.getByText("No puedes devolver más de lo que queda")).toBeVisible();
  // Past anything a card can pay: the same words, not the general cap of 1,000,000 (a walk's finding).
  await refund.getByLabel("Importe").fill("99999999999");
  await refund.getByRole("button", { name: "Reembolsar" }).click();
  await expect(refund.getByText("No puedes devolver más de lo que queda")).toBeVisible();
  await expect(refund.getByText("1,000,000")).toHaveCount(0);
  // Double-clicked: one refund, and no "the money changed meanwhile" after it (a walk's finding).
  await refund.getByLabel("Importe").fill("20");
  await refund.getByRole("button", { name: "Reembolsar" }).dblclick();
  await expect(refund).toBeHidden();
  await expect(page.getByText("Reembolso hecho: el cliente lo verá en su tarjeta en unos días.")).toBeVisible();
  await expect(page.getByText(/cambió mientras tanto/)).toHaveCount(0);
  await expect(detail.getByText("Reembolsado")).toBeVisible();
  await expect(detail.getByText(usd(20_00), { exact: true })).toBeVisible();
  // A refund the owner gives with its reason is a concession, not money owed again: what is left to
  // pay at pickup stays what the customer was told, and the counter's figure is the same. Before any
  // return there are no return charges to speak of.
  const left = booked.total_cents - prepaid;
  await expect(detail.getByTestId("reservation-due-at-pickup")).toHaveText(usd(left));
  await expect(detail.getByTestId("reservation-outstanding")).toHaveText(`Pendiente de pago: ${usd(left)}.`);

  // US$20 of what is left came in at the counter in cash, and US$5 of it went back by hand: the
  // card's "Reembolsado" stays the card's, the cash is listed with the money taken by hand.
  const before = await (await owner.api.get(`/api/planner/reservations/${booked.id}`)).json();
  const cash = await owner.api.post(`/api/reservations/${booked.id}/payments`, {
    data: { method: "cash", amount: "20", outstanding_cents: before.settlement.outstanding_cents },
  });
  expect(cash.status(), await cash.text()).toBe(200);
  const back = await owner.api.post(`/api/reservations/${booked.id}/payments/refunds`, {
    data: { method: "cash", amount: "5", refundable_cents: 20_00 },
  });
  expect(back.status(), await back.text()).toBe(200);
  await page.reload();
  await row.getByRole("button", { name: booked.reference, exact: true }).click();
  await expect(detail.getByTestId("reservation-refunded")).toHaveText(usd(20_00));
  await expect(detail.getByTestId("received")).toContainText(`Efectivo · ${usd(20_00)}`);
  await expect(detail.getByTestId("received")).toContainText(`Reembolsado · Efectivo · ${usd(5_00)}`);

  // US$75 of the deposit for a scratch; the hold ends and the rest goes back to the card.
  await detail.getByRole("button", { name: "Cobrar del depósito" }).click();
  const capture = dialog(page, "Cobrar del depósito");
  await capture.getByLabel("Importe").fill("75");
  await capture.getByLabel("Motivo").fill("Rayón en la puerta trasera");
  await capture.getByRole("button", { name: "Cobrar" }).click();
  await expect(capture).toBeHidden();
  await expect(detail.getByText("Cobrado del depósito")).toBeVisible();
  await expect(detail.getByText(usd(75_00), { exact: true })).toBeVisible();
  // The deposit's line says what was held, what was taken and what went back (it said only that the hold ended).
  await expect(detail.getByTestId("reservation-deposit")).toHaveText(
    `Depósito de seguridad: ${usd(300_00)}, retenido en la tarjeta del cliente: se cobraron ${usd(75_00)} y se liberó el resto (${usd(225_00)}).`,
  );
  await expect(detail.getByRole("button", { name: "Liberar depósito" })).toHaveCount(0);

  // Its money is on record: it can be cancelled, never deleted (the dialog says why, and the server refuses too).
  await detail.getByRole("button", { name: "Eliminar" }).click();
  const remove = dialog(page, "Esta reserva no se puede eliminar");
  await expect(remove.getByRole("alert")).toContainText("tiene dinero registrado");
  await expect(remove.getByRole("button", { name: "Eliminar reserva" })).toHaveCount(0);
  const refused = await owner.api.delete(`/api/reservations/${booked.id}`);
  expect(refused.status()).toBe(409);
});

// Walks' findings: a cancelled booking's detail and its customer's page said "Reembolsado" without a
// date, and the whole cancellation fee where the customer had paid less than it.
test("a cancelled booking's detail and its customer's page date each refund and say what of the fee was kept, in es and en", async ({
  page,
  signedInOwner,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await signedInOwner("cancelada-dinero", { open: false });
  const landing = await createBookableLanding(owner, "Cancelada");
  await takeCardPayments(owner, landing.id, {
    prepay: "percent",
    prepay_percent: "50",
    channel: "card",
    pickup_methods: ["cash"],
  });
  const booked = (await book(landing, { name: "Lucía" })) as Awaited<ReturnType<typeof book>> & {
    payment_url: string;
    customer_token: string;
  };
  expect((await page.request.post(booked.payment_url, { maxRedirects: 0 })).status()).toBe(303);
  const stored = async () => (await owner.api.get(`/api/planner/reservations/${booked.id}`)).json();
  await expect.poll(async () => (await stored()).status, { timeout: 15_000 }).toBe("confirmed");
  const prepaid: number = (await stored()).payment.paid_cents;
  // US$20 given back of the owner's accord, then the booking cancelled ten days ahead: the policy's
  // US$100 fee is more than is left of the payment, so all of that is kept and no more.
  const given = await owner.api.post(`/api/reservations/${booked.id}/refunds`, {
    data: { amount: "20", reason: "Día no usado", refundable_cents: prepaid },
  });
  expect(given.status(), await given.text()).toBe(200);
  const cancelled = await owner.api.patch(`/api/reservations/${booked.id}/status`, { data: { status: "cancelled" } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const kept = prepaid - 20_00;
  expect(kept).toBeLessThan(100_00);
  const { reservation } = await cancelled.json();
  expect(reservation).toMatchObject({ cancellation_fee_cents: 100_00, cancellation_fee_kept_cents: kept });
  // When the refund was made, on the landing's clock, as each language writes it.
  const local = toLocal(new Date(reservation.payment.refunds[0].refunded_at), LANDING_TIME_ZONE);
  const when = (language: "es" | "en") => `${formatDate(local.date, language)} · ${formatTime(local.time, language)}`;
  const money = (cents: number, language: "es" | "en") => formatMoney(cents, "USD", language);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // The owner's detail.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/reservation?open=${booked.id}`);
  const detail = dialog(page, `Reserva ${booked.reference}`);
  const price = detail.getByTestId("reservation-price");
  const row = (label: string) =>
    price
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: label }) })
      .last();
  await expect(row(`Reembolsado el ${when("es")}`)).toContainText(money(20_00, "es"));
  await expect(row("Cargo por cancelación retenido")).toContainText(money(kept, "es"));
  await expect(row("Cargo por cancelación sin cobrar")).toContainText(money(100_00 - kept, "es"));
  await expect(price.locator("dt", { hasText: /^Cargo por cancelación$/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, "cancelled detail");
  await shot("detail-es-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await price.scrollIntoViewIfNeeded();
  await shot("detail-es-390");
  await page.evaluate(() => localStorage.setItem("nelly.lang", "en"));
  await page.reload();
  const detailEn = dialog(page, `Reservation ${booked.reference}`);
  const priceEn = detailEn.getByTestId("reservation-price");
  const rowEn = (label: string) =>
    priceEn
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: label }) })
      .last();
  await expect(rowEn(`Refunded on ${when("en")}`)).toContainText(money(20_00, "en"));
  await expect(rowEn("Cancellation fee kept")).toContainText(money(kept, "en"));
  await expect(rowEn("Cancellation fee not collected")).toContainText(money(100_00 - kept, "en"));
  await priceEn.scrollIntoViewIfNeeded();
  await shot("detail-en-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot("detail-en-1280");

  // The customer's page, in the language they booked in and in English.
  const site = `/${landing.name}/reservation/${booked.reference}?t=${booked.customer_token}`;
  for (const language of ["es", "en"] as const) {
    await page.goto(language === "es" ? site : `${site}&lang=en`);
    await expect(page.getByTestId("payment-refunded")).toHaveText(
      `${language === "es" ? "Reembolsado a tu tarjeta el" : "Refunded to your card on"} ${when(language)}${money(20_00, language)}`,
    );
    await expect(page.getByTestId("payment-fee-kept")).toHaveText(
      `${language === "es" ? "Retenido como cargo por cancelación" : "Kept as the cancellation fee"}${money(kept, language)}`,
    );
    await expect(page.getByTestId("reservation-cancelled-by")).toContainText(
      language === "es"
        ? `Cargo por cancelación según la política: ${money(100_00, "es")}. De lo que pagaste se retuvieron ${money(kept, "es")}.`
        : `Cancellation fee under the policy: ${money(100_00, "en")}. Of what you paid, ${money(kept, "en")} was kept.`,
    );
    await expect(page.getByTestId("payment-pickup")).toHaveCount(0);
    await shot(`customer-${language}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(`customer-${language}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // A 320 px phone with its text at 200 %: each amount goes under its label rather than out of the box.
  await page.setViewportSize({ width: 320, height: 700 });
  await doubleTheText(page);
  await page.goto(site);
  const box = page.getByTestId("payment-box");
  await expect(box.locator("dd")).toHaveCount(3);
  for (const amount of await box.locator("dd").all()) await expectWithinSides(amount, box);
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("customer-es-320-200.png") });
});

// A walk's finding: a booking paid at pickup on which the owner had taken US$150 in cash; its
// customer, cancelling, read "Nothing has been charged online. They may charge you this fee", and
// the page afterwards listed nothing as still to be refunded.
test("a customer who paid cash before pickup reads what the fee keeps of it and what comes back, and after, what is owed", async ({
  page,
  signedInOwner,
}, testInfo) => {
  const owner = await signedInOwner("efectivo-cancelada", { open: false });
  const landing = await createBookableLanding(owner, "Efectivo");
  const booked = await book(landing, { name: "Lucía" });
  const confirmed = await owner.api.patch(`/api/reservations/${booked.id}/status`, { data: { status: "confirmed" } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const detail = await (await owner.api.get(`/api/planner/reservations/${booked.id}`)).json();
  const cash = await owner.api.post(`/api/reservations/${booked.id}/payments`, {
    data: { method: "cash", amount: "150", outstanding_cents: detail.settlement.outstanding_cents },
  });
  expect(cash.status(), await cash.text()).toBe(200);

  // Ten days ahead: the policy's US$100 fee is kept of the US$150, and US$50 goes back by hand.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${landing.name}/reservation/${booked.reference}?t=${booked.customer_token}`);
  await page.getByTestId("cancel-open").click();
  const asking = page.getByTestId("cancel-confirm");
  await expect(asking).toContainText(
    `Pagaste ${usd(150_00)} directamente a ${landing.display_name}: te devolverá ${usd(50_00)} y te escribirá para coordinarlo.`,
  );
  await expect(asking).not.toContainText("No se te ha cobrado nada en línea");
  await page.screenshot({ path: testInfo.outputPath("cancel-dialog-es-390.png") });
  // Pressed twice, as an impatient thumb does: cancelled once.
  await page.getByTestId("cancel-confirm-button").dblclick();
  await expect(page.getByTestId("reservation-status")).toHaveText("Cancelada");
  await expect(page.getByTestId("payment-refund-owed")).toHaveText(`Por reembolsar${usd(50_00)}`);
  await expect(page.getByTestId("payment-fee-kept")).toHaveText(`Retenido como cargo por cancelación${usd(100_00)}`);
  await page.getByTestId("payment-box").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("cancelled-es-390.png") });
  const stored = await (await owner.api.get(`/api/planner/reservations/${booked.id}`)).json();
  expect(stored).toMatchObject({ status: "cancelled", cancellation_fee_cents: 100_00 });
});
