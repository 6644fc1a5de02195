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

const send = (owner: Owner, method: "POST" | "PATCH" | "DELETE", url: string, payload?: object, language = "es") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": language } });
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
  return { owner, landing, id: booked.id as number, paid };
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
    const tooMuch = await send(owner, "POST", url, { ...body, amount: (paid + 1) / 100 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({
      amount: [`El importe no puede superar lo que queda por devolver (${usd(paid)}).`],
    });
    const english = await send(owner, "POST", url, { ...body, amount: "0" }, "en");
    expect(english.json().errors).toEqual({ amount: ["Enter an amount greater than zero, such as 50 or 49.99."] });

    const both = await Promise.all([send(owner, "POST", url, body), send(owner, "POST", url, body)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const made = both.find((response) => response.statusCode === 200);
    expect(made?.json().message).toBe(`Devolución de ${usd(paid - 10_00)} registrada.`);
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
    expect(told[0]?.text).toContain(`Devuelto: ${usd(paid - 10_00)}`);
    expect(told[0]?.text).not.toContain("tarjeta:");

    const refundId = made?.json().reservation.settlement.refunded_by_hand[0].id;
    expect((await send(stranger, "DELETE", `/api/reservations/${id}/payments/${refundId}`)).statusCode).toBe(404);
    const undone = await send(owner, "DELETE", `/api/reservations/${id}/payments/${refundId}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().message).toBe(`Devolución de ${usd(paid - 10_00)} anulada.`);
    expect(undone.json().reservation.settlement).toMatchObject({
      refundable_by_hand_cents: paid,
      refunded_by_hand: [],
      voided_by_hand: [{ id: refundId, method: "transfer", amount_cents: paid - 10_00, refund: true }],
    });
    expect(await refundRows(id)).toMatchObject([{ id: refundId, status: "voided", method: "transfer" }]);

    // Given back in full, in cash: nothing is left to give back.
    const cash = await send(owner, "POST", url, { method: "cash", amount: paid / 100, refundable_cents: paid });
    expect(cash.statusCode, cash.body).toBe(200);
    expect((await moneyMails(id)).map((sent) => sent.text).join("\n")).toContain(
      `te devolvió ${usd(paid)} de tu reserva en efectivo.`,
    );
    const again = await send(owner, "POST", url, { method: "cash", amount: "1", refundable_cents: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      "Esta reserva no tiene dinero recibido por transferencia o en mano que devolver (lo pagado con tarjeta se devuelve a la tarjeta).",
    );
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
