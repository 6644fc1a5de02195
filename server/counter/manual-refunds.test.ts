import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { outbox, payments } from "../db/schema";
import { bearer, bookingPayload, createBookableLanding, type Owner, signUp } from "../test/factories";
import { payingWorld } from "../test/paying-landings";

// A transfer-paid booking cancelled by its customer: the owner sends the money back by transfer (or
// hands it back in cash) and records it, once, up to what came in that way; undone if a mistake.
// Through the real server, on PGlite and PostgreSQL.

const { app, clock, standIn, transferLanding, book } = await payingWorld();
afterAll(() => standIn.close());

const send = (
  owner: Owner,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  language = "es",
) => app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": language } });
const usd = (cents: number) => `US$${(cents / 100).toFixed(2)}`;
const moneyMails = (id: number) =>
  app.deps.db
    .select({ subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.reservationId, id), eq(outbox.kind, "reservation.money")));
const refundRows = (id: number) =>
  app.deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, id), eq(payments.kind, "refund")));

/** A visitor's booking whose half-prepayment by transfer the owner saw arrive, then cancelled by the owner. */
async function cancelledTransferBooking() {
  const { owner, landing } = await transferLanding();
  const booked = (await book(landing)).json();
  const received = await send(owner, "PATCH", `/api/reservations/${booked.id}/status`, { status: "confirmed" });
  expect(received.statusCode, received.body).toBe(200);
  const paid = received.json().reservation.payment.paid_cents as number;
  expect(paid).toBeGreaterThan(0);
  const cancelled = await send(owner, "PATCH", `/api/reservations/${booked.id}/status`, {
    status: "cancelled",
    waive_fee: true,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json().reservation.settlement).toMatchObject({
    outstanding_cents: 0,
    refundable_by_hand_cents: paid,
    refunded_by_hand: [],
  });
  const [told] = await app.deps.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.cancelled")));
  expect(told?.text).toContain(
    `Esta cancelación no tiene cargo: ${landing.display_name} te lo devolverá todo por transferencia`,
  );
  return { owner, landing, id: booked.id as number, paid };
}

/** A visitor's booking at US$100 a day, confirmed and paid in full in cash at the counter. */
async function paidInCash(period: { start: number; length: number }) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { price: "100" });
  const booked = (
    await app.inject({
      method: "POST",
      url: "/api/reservations",
      payload: bookingPayload(landing, clock.now(), {}, period),
    })
  ).json();
  expect(
    (await send(owner, "PATCH", `/api/reservations/${booked.id}/status`, { status: "confirmed" })).statusCode,
  ).toBe(200);
  const total = booked.total_cents as number;
  const paid = await send(owner, "POST", `/api/reservations/${booked.id}/payments`, {
    method: "cash",
    amount: total / 100,
    outstanding_cents: total,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { owner, landing, booked, total, paid };
}

describe("a refund given back by hand", () => {
  it("is recorded once, up to what came in by transfer, and undone by its owner only", async () => {
    const { owner, id, paid } = await cancelledTransferBooking();
    const url = `/api/reservations/${id}/payments/refunds`;
    const body = {
      method: "transfer",
      amount: (paid - 10_00) / 100,
      note: "Transferencia 778",
      refundable_cents: paid,
    };

    const stranger = await signUp(app);
    expect((await send(stranger, "POST", url, body)).statusCode).toBe(404);
    // Sent without the figure the owner saw: asked for, not told the money changed meanwhile.
    const { refundable_cents: _, ...unseen } = body;
    const missing = await send(owner, "POST", url, unseen);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ refundable_cents: ["Este campo es obligatorio."] });
    const tooMuch = await send(owner, "POST", url, { ...body, amount: (paid + 1) / 100 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({
      amount: [`El importe no puede superar lo que queda por devolver (${usd(paid)}).`],
    });
    const english = await send(owner, "POST", url, { ...body, amount: "0" }, "en");
    expect(english.json().errors).toEqual({
      amount: ["Enter an amount greater than zero, in figures only, such as 50 or 49.99."],
    });

    const both = await Promise.all([send(owner, "POST", url, body), send(owner, "POST", url, body)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const made = both.find((response) => response.statusCode === 200);
    expect(made?.json().message).toBe(`Reembolso de ${usd(paid - 10_00)} registrado.`);
    expect(made?.json().reservation.payment).toMatchObject({ paid_cents: paid, refunded_cents: paid - 10_00 });
    expect(made?.json().reservation.settlement).toMatchObject({
      paid_cents: 10_00,
      refundable_by_hand_cents: 10_00,
      refunded_by_hand: [
        {
          method: "transfer",
          amount_cents: paid - 10_00,
          note: "Transferencia 778",
          recorded_at: clock.now().toISOString(),
        },
      ],
    });
    expect(await refundRows(id)).toMatchObject([{ provider: "manual", status: "succeeded", method: "transfer" }]);
    // The customer hears it, once, as a refund through the card provider is told.
    const told = await moneyMails(id);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toContain(`Te devolvimos ${usd(paid - 10_00)} de tu reserva`);
    expect(told[0]?.text).toContain(`te devolvió ${usd(paid - 10_00)} de tu reserva por transferencia.`);
    expect(told[0]?.text).toContain("Transferencia 778");
    // Its payment lines say the money came back, not that it went to a card the customer never used.
    expect(told[0]?.text).toContain(`Reembolsado: ${usd(paid - 10_00)}`);
    expect(told[0]?.text).not.toContain("tarjeta:");

    const refundId = made?.json().reservation.settlement.refunded_by_hand[0].id;
    expect((await send(stranger, "DELETE", `/api/reservations/${id}/payments/${refundId}`)).statusCode).toBe(404);
    const undone = await send(owner, "DELETE", `/api/reservations/${id}/payments/${refundId}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().message).toBe(`Reembolso de ${usd(paid - 10_00)} anulado.`);
    expect(undone.json().reservation.settlement).toMatchObject({
      refundable_by_hand_cents: paid,
      refunded_by_hand: [],
      voided_by_hand: [{ id: refundId, method: "transfer", amount_cents: paid - 10_00, refund: true }],
    });
    expect(await refundRows(id)).toMatchObject([{ id: refundId, status: "voided", method: "transfer" }]);
    // The customer, told of the refund, is told it was undone: they do not wait for that money.
    const corrected = await moneyMails(id);
    expect(corrected).toHaveLength(2);
    expect(corrected[1]?.subject).toBe(
      `Corrección: reembolso de ${usd(paid - 10_00)} de tu reserva ${made?.json().reservation.reference}`,
    );
    expect(corrected[1]?.text).toContain(
      `anuló el reembolso de ${usd(paid - 10_00)} por transferencia que te comunicamos: se registró por error.`,
    );
    expect(corrected[1]?.text).not.toContain("Reembolsado:");

    // Given back in full, in cash: nothing is left to give back.
    const cash = await send(owner, "POST", url, { method: "cash", amount: paid / 100, refundable_cents: paid });
    expect(cash.statusCode, cash.body).toBe(200);
    expect((await moneyMails(id)).map((sent) => sent.text).join("\n")).toContain(
      `te devolvió ${usd(paid)} de tu reserva en efectivo.`,
    );
    const again = await send(owner, "POST", url, { method: "cash", amount: "1", refundable_cents: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "Esta reserva no tiene dinero pagado directamente que devolver (lo pagado en línea con tarjeta se devuelve a la tarjeta).",
    );
  });

  it("comes out of the counter's money on Inicio as far as the counter took it, and out of the money received online for the rest", async () => {
    const { owner, landing, id, paid } = await cancelledTransferBooking();
    const inicio = async () =>
      (await send(owner, "GET", "/api/insights/summary"))
        .json()
        .month.find((figures: { currency: string }) => figures.currency === "USD");
    expect(await inicio()).toMatchObject({ received_cents: paid, received_at_counter_cents: 0 });
    // The transfer given back in cash: it had come in online, so it comes out of that figure.
    const back = await send(owner, "POST", `/api/reservations/${id}/payments/refunds`, {
      method: "cash",
      amount: (paid - 10_00) / 100,
      refundable_cents: paid,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await inicio()).toMatchObject({ received_cents: 10_00, received_at_counter_cents: 0 });

    // A booking by phone paid US$50.00 in cash at the counter, then cancelled: what goes back by hand
    // comes out of the counter's money, however it is given back, and never out of the online figure.
    const { id_landing, terms_accepted, ...payload } = bookingPayload(
      landing,
      clock.now(),
      {},
      { start: 20, length: 2 },
    );
    const desk = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, payload);
    expect(desk.statusCode, desk.body).toBe(201);
    const deskId = desk.json().reservation.id as number;
    const taken = await send(owner, "POST", `/api/reservations/${deskId}/payments`, {
      method: "cash",
      amount: "50",
      outstanding_cents: desk.json().reservation.total_cents,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await inicio()).toMatchObject({ received_cents: 10_00, received_at_counter_cents: 50_00 });
    const cancelled = await send(owner, "PATCH", `/api/reservations/${deskId}/status`, {
      status: "cancelled",
      waive_fee: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refundDesk = (method: string, amount: string, refundable: number) =>
      send(owner, "POST", `/api/reservations/${deskId}/payments/refunds`, {
        method,
        amount,
        refundable_cents: refundable,
      });
    expect((await refundDesk("cash", "30", 50_00)).statusCode).toBe(200);
    expect(await inicio()).toMatchObject({ received_cents: 10_00, received_at_counter_cents: 20_00 });
    const last = await refundDesk("transfer", "20", 20_00);
    expect(last.statusCode, last.body).toBe(200);
    expect(await inicio()).toMatchObject({ received_cents: 10_00, received_at_counter_cents: 0 });
    // Undone, the last one counts nowhere again.
    const lastId = last.json().reservation.settlement.refunded_by_hand.at(-1).id;
    expect((await send(owner, "DELETE", `/api/reservations/${deskId}/payments/${lastId}`)).statusCode).toBe(200);
    expect(await inicio()).toMatchObject({ received_cents: 10_00, received_at_counter_cents: 20_00 });
  });

  it("tells the customer of a booking paid in cash and then cancelled what the fee leaves to give back", async () => {
    const { owner, landing, booked, total } = await paidInCash({ start: 12, length: 3 });
    const cancelled = await send(owner, "PATCH", `/api/reservations/${booked.id}/status`, {
      status: "cancelled",
      waive_fee: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [mail] = await app.deps.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.cancelled")));
    // Not "nothing was charged online": the cash came in, and goes back.
    expect(mail?.text).toContain(
      `Esta cancelación no tiene cargo. Pagaste ${usd(total)} a ${landing.display_name}, que te los devolverá`,
    );
    expect(mail?.text).not.toContain("No se cobró nada en línea");
  });

  // A review's finding: paid both ways, the fee was kept from each, the customer told of less back.
  it("tells a customer who paid by transfer and by hand that the fee is kept once", async () => {
    const { owner, landing } = await transferLanding();
    const booked = (await book(landing)).json();
    const id = booked.id as number;
    const received = await send(owner, "PATCH", `/api/reservations/${id}/status`, { status: "confirmed" });
    const prepaid = received.json().reservation.payment.paid_cents as number;
    const rest = received.json().reservation.settlement.outstanding_cents as number;
    expect(prepaid).toBeGreaterThan(0);
    expect(rest).toBeGreaterThan(0);
    const cash = await send(owner, "POST", `/api/reservations/${id}/payments`, {
      method: "cash",
      amount: rest / 100,
      outstanding_cents: rest,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const cancelled = await send(owner, "PATCH", `/api/reservations/${id}/status`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const fee = cancelled.json().reservation.cancellation_fee_cents as number;
    expect(fee).toBeGreaterThan(0);
    const [mail] = await app.deps.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.reservationId, id), eq(outbox.kind, "reservation.cancelled")));
    const keptOfTransfer = Math.min(fee, prepaid);
    const keptOfCash = Math.min(rest, fee - keptOfTransfer);
    const text = (mail?.text ?? "").replace(/\s+/g, " ");
    expect(text).toContain(`Pagaste ${usd(prepaid)} por transferencia.`);
    expect(text).toContain(
      keptOfCash === 0
        ? `También pagaste ${usd(rest)} a ${landing.display_name}, que te los devolverá`
        : `También pagaste ${usd(rest)} a ${landing.display_name}: se queda ${usd(keptOfCash)} de ello, lo que faltaba del cargo, y te devolverá ${usd(rest - keptOfCash)}`,
    );
    // All that came in can still be given back by hand; the fee is the owner's to keep, once.
    expect(cancelled.json().reservation.settlement.refundable_by_hand_cents).toBe(prepaid + rest);
  });

  it("keeps a payment a refund went against until that refund is undone", async () => {
    const { owner, booked, total, paid } = await paidInCash({ start: 14, length: 2 });
    const id = booked.id as number;
    const paymentId = paid.json().reservation.settlement.received[0].id;
    const cancel = { status: "cancelled", waive_fee: true };
    expect((await send(owner, "PATCH", `/api/reservations/${id}/status`, cancel)).statusCode).toBe(200);
    const refunded = await send(owner, "POST", `/api/reservations/${id}/payments/refunds`, {
      method: "cash",
      amount: "50",
      refundable_cents: total,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = refunded.json().reservation.settlement.refunded_by_hand[0].id;

    // Undone, the payment would leave US$50.00 given back out of nothing: refused, nothing written.
    const refused = await send(owner, "DELETE", `/api/reservations/${id}/payments/${paymentId}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      "Parte de este pago ya se reembolsó al cliente: anula primero el reembolso, y después el pago.",
    );
    const [kept] = await app.deps.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(kept).toMatchObject({ status: "succeeded", voidedAt: null });

    // The refund first, then the payment.
    expect((await send(owner, "DELETE", `/api/reservations/${id}/payments/${refundId}`)).statusCode).toBe(200);
    const undone = await send(owner, "DELETE", `/api/reservations/${id}/payments/${paymentId}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().reservation.settlement).toMatchObject({ received: [], refunded_by_hand: [] });
  });

  it("refuses a booking where nothing came in by transfer or by hand", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const { id_landing, terms_accepted, ...payload } = bookingPayload(
      landing,
      clock.now(),
      {},
      { start: 10, length: 3 },
    );
    const booked = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, payload);
    const id = booked.json().reservation.id;
    const refused = await send(owner, "POST", `/api/reservations/${id}/payments/refunds`, {
      method: "cash",
      amount: "10",
      refundable_cents: 0,
    });
    expect(refused.statusCode).toBe(409);
    expect(await refundRows(id)).toEqual([]);
  });
});
