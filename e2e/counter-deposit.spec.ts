import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { type FleetOwner, test, toast } from "./support/fleet";
import { expectNoSidewaysScroll } from "./support/layout";
import { createBookableLanding, deskBooking, landingDay, landingTimeIn, usd } from "./support/reservations";
import { signOnPad } from "./support/signature";

// PRODUCT §11, a deposit "held at pickup": the check-out asks how it came in (cash, the owner's
// terminal, or not at all), the summary and the agreement say it, and at the return the charges
// the customer accepts are taken from it, the counter saying what to give back.

/** A desk booking picked up in a few minutes, of a car whose rules ask a US$300 deposit. */
async function bookingWithDeposit(owner: FleetOwner, prefix: string) {
  const pickup = landingTimeIn(0.1);
  test.skip(pickup.date !== landingDay(0), "the pickup would fall on tomorrow, a few minutes before midnight");
  const landing = await createBookableLanding(owner, prefix);
  const rules = await owner.api.put(`/api/vehicles/${landing.id}/${landing.vehicle.id}/rules`, {
    data: { version: 1, deposit: "300" },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  return deskBooking(owner, landing, pickup, "Santiago");
}

async function fillCheckOut(page: Page) {
  await page.getByLabel("Número de licencia").fill("001-1234567-8");
  await page.getByLabel("País que la emitió").selectOption("DO");
  await page.getByLabel("Vence el").fill("2031-05-31");
  await page.getByLabel("Fecha de nacimiento").fill("1988-06-15");
  await page.getByLabel("Kilómetros (cuentakilómetros)").fill("12000");
  await page.getByLabel("8 de 8 octavos").check();
}

test("the deposit taken in cash at check-out pays the accepted charges, and the counter says what goes back", async ({
  page,
  signedInOwner,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await signedInOwner("counter-deposit", { open: false });
  const reservation = await bookingWithDeposit(owner, "Fianza");
  await page.goto(`/reservation/${reservation.id}/counter`);
  const deposit = page.getByRole("group", { name: "¿Cómo lo recibiste?" });
  await expect(page.getByText(`Tus reglas piden ${usd(300_00)} de depósito, que se recibe aquí.`)).toBeVisible();
  await fillCheckOut(page);
  // Forgotten: refused under the question, the focus on it, and the car has not left.
  await page.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(deposit).toContainText("Di si recibiste el depósito: en efectivo, con tarjeta en tu terminal, o no.");
  await expect(deposit.getByRole("radio").first()).toBeFocused();
  await deposit.getByLabel("En efectivo").check();
  // The rules' amount to start with, as the dashboard writes money; another is said beside the field.
  const amount = page.getByLabel("Importe recibido");
  await expect(amount).toHaveValue("300.00");
  const otherThanRules = `Vas a registrar ${usd(3000_00)}; tus reglas piden ${usd(300_00)}.`;
  await amount.fill("3000");
  await expect(amount).toHaveAccessibleDescription(otherThanRules);
  // Nothing at all is not another amount: the server's error says to choose "No lo recibí" instead.
  await amount.fill("0");
  await expect(page.getByText("Vas a registrar")).toHaveCount(0);
  await amount.fill("300");
  await expect(page.getByText(otherThanRules)).toHaveCount(0);
  await page.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(toast(page, `Entrega registrada: ${reservation.reference} está en alquiler.`)).toBeVisible();
  await expect(page.getByTestId("deposit-out")).toHaveText(`${usd(300_00)} en efectivo`);
  const out = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(out.check_out.deposit).toEqual({ cents: 300_00, method: "cash" });

  // The customer signs the agreement, which says what they left as deposit.
  const agreement = page.getByTestId("agreement");
  await agreement.getByRole("button", { name: "Firmar con el nombre escrito" }).click();
  await agreement.getByRole("button", { name: "Firmar contrato" }).click();
  await expect(toast(page, "Contrato firmado (versión 1) y enviado al cliente.")).toBeVisible();
  const signed = await owner.api.get(`/api/reservations/${reservation.id}/agreements/1/pdf`);
  expect(signed.status()).toBe(200);
  const pdf = path.join(test.info().outputDir, "agreement.pdf");
  fs.mkdirSync(path.dirname(pdf), { recursive: true });
  fs.writeFileSync(pdf, await signed.body());
  const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  // What was received, not the rules' "held at pickup and released at the return".
  expect(text).toContain(`Se recibieron ${usd(300_00)} en efectivo al entregar el vehículo.`);
  expect(text).not.toContain("se libera al devolverlo");

  // Back with a broken mirror, US$150 (US$177 with ITBIS): taken from the deposit once accepted.
  await page.getByRole("button", { name: "Añadir cargo por daños" }).click();
  await page.getByLabel("Motivo del cargo 1").fill("Retrovisor roto");
  // Typed US$1,500 by mistake: the return is corrected before the customer signs (a walk's operator had no way back).
  await page.getByLabel("Importe del cargo 1").fill("1500");
  await page.getByLabel("Kilómetros (cuentakilómetros)").fill("12100");
  await page.getByLabel("8 de 8 octavos").check();
  await page.getByRole("button", { name: "Registrar devolución" }).click();
  await expect(toast(page, `Devolución registrada: ${reservation.reference} volvió.`)).toBeVisible();
  await page.getByRole("button", { name: "Corregir devolución" }).click();
  const correction = page.getByRole("form", { name: "Corregir devolución" });
  await expect(correction.getByLabel("Kilómetros (cuentakilómetros)")).toHaveValue("12100");
  await expect(correction.getByLabel("Motivo del cargo 1")).toHaveValue("Retrovisor roto");
  await correction.getByLabel("Importe del cargo 1").fill("150");
  await expectNoSeriousViolations(page, "correct the return");
  await correction.getByRole("button", { name: "Guardar corrección" }).click();
  await expect(
    toast(page, `Devolución corregida: los cargos y la factura de ${reservation.reference} se calcularon de nuevo.`),
  ).toBeVisible();
  await expect(page.getByTestId("return-corrected")).toContainText(
    `Antes: 12,100 km, combustible 8/8, cargos ${usd(1_500_00)}.`,
  );
  await expect(page.getByTestId("return-charges")).toContainText(usd(150_00));
  const corrected = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(corrected.invoice).toMatchObject({ number: 1, charges_cents: 150_00, charges_tax_cents: 27_00 });
  await expect(page.getByTestId("deposit-back")).toHaveText(
    "Cuando el cliente acepte los cargos, se toman del depósito y se devuelve el resto",
  );
  // Not signed for yet, the charges are not pending payment, and not left unsaid either: the counter
  // and the booking's detail say them beside it, with what will be pending once accepted, as the
  // draft invoice does (a walk's counter and panel said US$161.07 and nothing of the US$177.00).
  const awaiting = `Además, ${usd(177_00)} de cargos de la devolución esperan que el cliente los acepte: una vez aceptados, quedarán ${usd(338_07)} pendientes de pago.`;
  await expect(page.getByTestId("reservation-outstanding")).toHaveText(`Pendiente de pago: ${usd(161_07)}.`);
  await expect(page.getByTestId("reservation-outstanding-awaiting")).toHaveText(awaiting);
  await page.goto(`/reservation?open=${reservation.id}`);
  const detail = page.getByRole("dialog", { name: `Reserva ${reservation.reference}` });
  await expect(detail.getByTestId("reservation-charges-awaiting")).toHaveText(usd(177_00));
  await expect(detail.getByTestId("reservation-outstanding-awaiting")).toHaveText(awaiting);
  await expect(detail.getByTestId("reservation-deposit")).toHaveText(
    `Depósito de seguridad: ${usd(300_00)} en efectivo, recibido al entregar el vehículo. Tomado de él: ${usd(0)}; queda por devolver: ${usd(300_00)}. Los cargos de la devolución se tomarán de él cuando el cliente los acepte.`,
  );
  await page.goto(`/reservation/${reservation.id}/counter`);
  await signOnPad(page, "Firma del cliente");
  await page.getByTestId("charges-acceptance").getByRole("button", { name: "Aceptar los cargos" }).click();
  await expect(
    toast(
      page,
      `María José Peña aceptó los cargos de la devolución: se tomaron ${usd(177_00)} del depósito. Quedan ${usd(123_00)} por devolver; antes, cobra lo que falta por pagar: ${usd(161_07)}.`,
    ),
  ).toBeVisible();
  await expect(page.getByTestId("deposit-back")).toHaveText(`${usd(123_00)}: el resto, después de los cargos`);
  // Signed for: what the customer accepted is no longer corrected.
  await expect(page.getByRole("button", { name: "Corregir devolución" })).toHaveCount(0);
  // The rental itself is still unpaid (to pay at pickup): said before the deposit goes back.
  await expect(page.getByTestId("deposit-back-unpaid")).toHaveText(
    `Antes de devolverlo, cobra lo que falta por pagar: ${usd(161_07)}. Si lo tomas del depósito, regístralo con la forma de pago «Del depósito» y se descuenta de lo que devuelves.`,
  );
  await expectNoSeriousViolations(page, "deposit given back");

  // US$100.00 of the rental taken from the deposit, as the counter says to record it: less goes back
  // (a walk's counter still said US$123.00, and the operator would have handed back too much).
  const received = page.getByTestId("received");
  await received.getByRole("button", { name: "Registrar pago" }).click();
  const record = page.getByRole("dialog", { name: "Registrar pago" });
  await record.getByLabel("Forma de pago").selectOption({ label: "Del depósito (en efectivo)" });
  await expect(record.getByLabel("Forma de pago")).toHaveAccessibleDescription(
    `Se descuenta del depósito a devolver, del que quedan ${usd(123_00)}.`,
  );
  // It cannot pay more than is left of it.
  await expect(record.getByLabel("Importe")).toHaveValue("123.00");
  await record.getByLabel("Importe").fill("100");
  await expectNoSeriousViolations(page, "payment from the deposit");
  await record.getByRole("button", { name: "Registrar pago" }).click();
  await expect(toast(page, `Pago de ${usd(100_00)} registrado.`)).toBeVisible();
  await expect(page.getByTestId("deposit-back")).toHaveText(
    `${usd(23_00)}: el resto, después de tomar ${usd(277_00)} del depósito`,
  );
  await expect(page.getByTestId("deposit-back-unpaid")).toContainText(`cobra lo que falta por pagar: ${usd(61_07)}.`);
  // Listed as taken from the deposit; this one, recorded by hand, can be undone, the charges cannot.
  await expect(received.getByRole("listitem")).toHaveText([
    new RegExp(`^Del depósito · Efectivo · ${usd(177_00).replace("$", "\\$")}`),
    new RegExp(`^Del depósito · Efectivo · ${usd(100_00).replace("$", "\\$")}.*Anular$`),
  ]);
  await expect(received.getByRole("button", { name: "Anular" })).toHaveCount(1);
  const counter = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(counter.check_in.deposit_back_cents).toBe(23_00);
  // On the booking's ledger: the charges and the payment received in cash from it, nothing for the
  // deposit itself.
  const stored = await (await owner.api.get(`/api/planner/reservations/${reservation.id}`)).json();
  expect(stored.settlement.received).toMatchObject([
    { amount_cents: 177_00, method: "cash", from_deposit: true, accepted_charges: true },
    { amount_cents: 100_00, method: "cash", from_deposit: true, accepted_charges: false },
  ]);
  // The booking's detail says what the counter received, not the rules' "se retiene al recoger",
  // and what was taken from it (the charges and the payment) and what goes back, as the counter does.
  await page.goto("/reservation");
  await page.getByRole("main").getByRole("button", { name: reservation.reference, exact: true }).click();
  await expect(detail.getByTestId("reservation-deposit")).toHaveText(
    `Depósito de seguridad: ${usd(300_00)} en efectivo, recibido al entregar el vehículo. Tomado de él: ${usd(277_00)}; queda por devolver: ${usd(23_00)}.`,
  );
  await expect(detail.getByTestId("reservation-charges-awaiting")).toHaveCount(0);
});

test("on a phone in English: the deposit's question fits, and a deposit not received is said so", async ({
  page,
  signedInOwner,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signedInOwner("counter-deposit-en", { open: false });
  const reservation = await bookingWithDeposit(owner, "Deposit");
  await page.addInitScript(() => localStorage.setItem("nelly.lang", "en"));
  await page.goto(`/reservation/${reservation.id}/counter`);
  const deposit = page.getByRole("group", { name: "How did you receive it?" });
  await deposit.getByLabel("By card on your terminal").check();
  await page.getByLabel("Amount received").fill("250");
  await expect(page.getByText("You are recording $250.00; your rules ask for $300.00.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The customer had no card after all: nothing is recorded as received, and the summary says so.
  await deposit.getByLabel("I did not receive it").check();
  await expect(page.getByLabel("Amount received")).toHaveCount(0);
  await page.getByLabel("Licence number").fill("001-1234567-8");
  await page.getByLabel("Issuing country").selectOption("DO");
  await page.getByLabel("Expires on").fill("2031-05-31");
  await page.getByLabel("Date of birth").fill("1988-06-15");
  await page.getByLabel("Kilometres (odometer)").fill("12000");
  await page.getByLabel("8 of 8 eighths").check();
  await page.getByRole("button", { name: "Record check-out" }).click();
  await expect(page.getByTestId("deposit-out")).toHaveText("None received");
  const out = await (await owner.api.get(`/api/reservations/${reservation.id}/counter`)).json();
  expect(out.check_out.deposit).toBeNull();
  await page.goto("/reservation");
  await page.getByRole("main").getByRole("button", { name: reservation.reference, exact: true }).click();
  await expect(page.getByRole("dialog", { name: `Reservation ${reservation.reference}` })).toContainText(
    "Security deposit: $300.00; none was received when the vehicle was handed over.",
  );
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await page.getByTestId("reservation-deposit").scrollIntoViewIfNeeded();
});
