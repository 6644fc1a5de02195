import { expect, type Locator } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { createLanding, test, toast } from "./support/fleet";
import { storedPayments, stripeAccount, stripeFailsNext } from "./support/payments";

/** Picks a radio card by its title (its name also holds the line under the title). */
const choose = (scope: Locator, title: string) => scope.getByRole("radio", { name: new RegExp(`^${title}`) }).check();

// Issue 27.1 and 27.2: the operator connects their own Stripe account in "Pagos" (checked with
// Stripe's API, here the local stand-in) and chooses how bookings are paid.

test("an operator connects Stripe, takes 30 % by card at booking, and cannot disconnect while cards are charged", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signedInOwner("payments", { open: false });
  const landing = await createLanding(owner, "Pagos");
  const keys = await stripeAccount();

  await page.goto(`/view-landing/${landing.id}?tab=payments`);
  const main = page.getByRole("main");
  await expect(main.getByRole("tab", { name: "Pagos" })).toHaveAttribute("aria-selected", "true");
  await expect(main.getByLabel("Dirección del webhook")).toHaveValue(
    new RegExp(`/api/payments/stripe/webhook/${landing.id}$`),
  );
  await expectNoSeriousViolations(page, "payments, not connected");

  // A key of another mode is refused before Stripe is even asked.
  await main.getByLabel("Clave secreta", { exact: true }).fill(keys.secret_key);
  await main.getByLabel("Clave publicable").fill("pk_live_0123456789abcdef");
  await main.getByLabel("Secreto de firma del webhook", { exact: true }).fill(keys.webhook_secret);
  await main.getByRole("button", { name: "Comprobar y conectar" }).click();
  await expect(
    main.getByText("La clave secreta y la publicable deben ser del mismo modo (las dos de prueba o las dos reales)."),
  ).toBeVisible();
  expect((await storedPayments(owner, landing.id)).account).toBeNull();

  // Stripe does not answer (its client tries twice): the owner is told so, and nothing is kept.
  await main.getByLabel("Clave publicable").fill(keys.publishable_key);
  await stripeFailsNext(keys.secret_key, 2);
  await main.getByRole("button", { name: "Comprobar y conectar" }).click();
  await expect(
    main.getByText("No pudimos hablar con Stripe ahora mismo. Inténtalo de nuevo en unos minutos."),
  ).toBeVisible();
  expect((await storedPayments(owner, landing.id)).account).toBeNull();

  await main.getByRole("button", { name: "Comprobar y conectar" }).dblclick();
  await expect(toast(page, "Cuenta de Stripe conectada.")).toBeVisible();
  const account = main.getByTestId("stripe-account");
  await expect(account).toContainText("Autos Caribe SRL");
  await expect(account).toContainText("Modo de prueba");
  await expect(account).toContainText(`sk_test_…${keys.secret_key.slice(-4)}`);
  // The secret key and the webhook's secret are never in the page again.
  expect(await page.content()).not.toContain(keys.secret_key);
  expect(await page.content()).not.toContain(keys.webhook_secret);
  await expect(main.getByLabel("Clave secreta", { exact: true })).toHaveCount(0);

  await choose(main, "Un porcentaje");
  await main.getByLabel("Porcentaje del total").fill("30");
  await choose(main, "Con tarjeta, en línea");
  await main.getByLabel("Transferencia", { exact: true }).check();
  await main.getByRole("button", { name: "Guardar pagos" }).click();
  await expect(toast(page, "Pagos guardados.")).toBeVisible();
  expect((await storedPayments(owner, landing.id)).settings).toMatchObject({
    prepay: "percent",
    prepay_percent: 30,
    channel: "card",
    pickup_methods: ["cash", "card", "transfer"],
  });

  // What is saved is what a reload shows.
  await page.reload();
  await expect(main.getByLabel("Porcentaje del total")).toHaveValue("30");
  await expect(main.getByLabel("Transferencia", { exact: true })).toBeChecked();

  await main.getByRole("button", { name: "Desconectar Stripe" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Desconectar Stripe?" });
  await expect(confirm).toContainText("Autos Caribe SRL");
  await confirm.getByRole("button", { name: "Desconectar Stripe" }).click();
  await expect(
    toast(
      page,
      "Tus pagos cobran con tarjeta o retienen depósitos: cámbialos a «en la recogida» antes de desconectar Stripe.",
    ),
  ).toBeVisible();
  expect((await storedPayments(owner, landing.id)).account).not.toBeNull();

  await choose(main, "Nada: todo en la recogida");
  await main.getByRole("button", { name: "Guardar pagos" }).click();
  await expect(toast(page, "Pagos guardados.")).toBeVisible();
  await main.getByRole("button", { name: "Desconectar Stripe" }).click();
  await page
    .getByRole("dialog", { name: "¿Desconectar Stripe?" })
    .getByRole("button", { name: "Desconectar Stripe" })
    .click();
  await expect(
    toast(page, "Cuenta de Stripe desconectada. Las reservas nuevas se pagan en la recogida."),
  ).toBeVisible();
  await expect(main.getByLabel("Clave secreta", { exact: true })).toBeVisible();
  expect((await storedPayments(owner, landing.id)).account).toBeNull();
});

test("a bank transfer needs the account's details, told under each field in English too", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("payments-transfer", { open: false });
  const landing = await createLanding(owner, "Transfer");
  await page.goto(`/view-landing/${landing.id}?tab=payments`);
  await page.getByRole("button", { name: "English" }).click();
  const main = page.getByRole("main");
  await choose(main, "The whole total");
  await choose(main, "By bank transfer");
  await main.getByRole("button", { name: "Save payments" }).click();
  await expect(main.getByLabel("Bank", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByText("This field is required.")).toHaveCount(3);
  await expect(main.getByLabel("Bank", { exact: true })).toBeFocused();
  expect((await storedPayments(owner, landing.id)).version).toBe(0);

  await main.getByLabel("Bank", { exact: true }).fill("Banco Popular");
  await main.getByLabel("Account holder").fill("Transfer SRL");
  await main.getByLabel("Account number").fill("812-345678-9");
  await main.getByLabel("Time to transfer").fill("24");
  // The landing is in Spanish: its instructions, and the same in English for those who book in English.
  await main.getByLabel("Instructions for the customer").fill("Pon la referencia en el concepto.");
  await main.getByLabel("Instructions in English (optional)").fill("Put the reference in the description.");
  // A reload before saving (the browser's "Leave site?" answered) keeps what was typed, as the tab's other forms do.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(main.getByLabel("Account number")).toHaveValue("812-345678-9");
  await expect(main.getByLabel("Instructions in English (optional)")).toHaveValue(
    "Put the reference in the description.",
  );
  expect((await storedPayments(owner, landing.id)).version).toBe(0);
  await main.getByRole("button", { name: "Save payments" }).click();
  await expect(toast(page, "Payments saved.")).toBeVisible();
  expect((await storedPayments(owner, landing.id)).settings).toMatchObject({
    prepay: "full",
    channel: "transfer",
    transfer: {
      bank: "Banco Popular",
      holder: "Transfer SRL",
      account: "812-345678-9",
      deadline_hours: 24,
      instructions: "Pon la referencia en el concepto.",
      translations: { en: { instructions: "Put the reference in the description." } },
    },
  });
  await page.reload();
  await expect(main.getByLabel("Instructions in English (optional)")).toHaveValue(
    "Put the reference in the description.",
  );
  await expect(main.getByLabel("Instructions in English (optional)")).toHaveAttribute("lang", "en");
});

test("on a phone, a save that cannot reach the server is said in view, not at the end of the long form", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signedInOwner("payments-offline", { open: false });
  const landing = await createLanding(owner, "Sin red");
  await page.goto(`/view-landing/${landing.id}?tab=payments`);
  const main = page.getByRole("main");
  await choose(main, "Todo el total");
  await choose(main, "Por transferencia");
  await main.getByLabel("Banco", { exact: true }).fill("Banco Popular");
  await main.getByLabel("Titular de la cuenta").fill("Sin Red SRL");
  await main.getByLabel("Número de cuenta").fill("812-345678-9");
  await main.getByLabel("Banco", { exact: true }).scrollIntoViewIfNeeded();
  await page.context().setOffline(true);
  // The save bar stays stuck at the screen's foot; the failure comes into view above it.
  await main.getByRole("button", { name: "Guardar pagos" }).click();
  const failure = main.getByRole("alert").filter({ hasText: "No se guardaron los pagos." });
  await expect(failure).toBeInViewport();
  await page.context().setOffline(false);
  expect((await storedPayments(owner, landing.id)).version).toBe(0);
});
