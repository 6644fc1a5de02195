import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox, payments } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signUp } from "../test/factories";
import { acceptanceOf, outAndBack } from "../test/handovers";
import { pdfText as linesOf } from "../test/pdf-text";

/**
 * Money taken at the counter (cash, the operator's own card terminal, a transfer seen arrive),
 * through the real server on PGlite and PostgreSQL: recorded against what is left to pay (the
 * booking and the return's charges accepted), once, on the owner's own bookings, undone by the
 * owner, and shown on the invoice until it says "Pagado".
 */
const { app, clock, db } = await createTestApp();

const send = (owner: Owner, method: "GET" | "POST" | "DELETE", url: string, payload?: object, language = "es") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": language } });
const pdfText = (pdf: Buffer) => linesOf(pdf).replace(/\s+/g, " ");

type Settlement = {
  charges_cents: number;
  paid_cents: number;
  outstanding_cents: number;
  received: { id: number; method: string; amount_cents: number; note: string | null }[];
};
type Booked = { id: number; total_cents: number; pickup_at: string; settlement: Settlement };

const usd = (cents: number) =>
  `US$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A booking taken at the desk (confirmed at once, nothing paid), `start` days from now. */
async function deskBooking(owner: Owner, landing: { id: number; vehicle: { id: number } }, start = 10) {
  const { id_landing, terms_accepted, ...payload } = bookingPayload(landing, clock.now(), {}, { start, length: 3 });
  const booked = await send(owner, "POST", `/api/landings/${landing.id}/reservations`, payload);
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json().reservation as Booked;
}

/** Out at its pickup and back with US$150 of damage (US$177 with ITBIS) the customer accepts. */
async function returnedWithCharges(landingOwner: Owner, booked: Booked) {
  const { owner, back } = await outAndBack(app, clock, landingOwner, { id: booked.id, pickupAt: booked.pickup_at });
  // Not accepted yet: not owed yet.
  expect(back.json().reservation.settlement.charges_cents).toBe(0);
  const accepted = await send(
    owner,
    "POST",
    `/api/reservations/${booked.id}/charges/acceptance`,
    await acceptanceOf(app, owner, booked.id),
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { owner, settlement: accepted.json().reservation.settlement as Settlement };
}

const pay = (owner: Owner, id: number, body: object, language = "es") =>
  send(owner, "POST", `/api/reservations/${id}/payments`, body, language);
const receivedRows = (id: number) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.reservationId, id), eq(payments.kind, "received")));

describe("money received at the counter", () => {
  it("is recorded against the booking and its accepted charges, and the invoice says Pagado once nothing is left", async () => {
    const first = await signUp(app);
    const landing = await createBookableLanding(app, first);
    const booked = await deskBooking(first, landing);
    expect(booked.settlement).toEqual({
      charges_cents: 0,
      paid_cents: 0,
      outstanding_cents: booked.total_cents,
      charges_awaiting_cents: 0,
      outstanding_once_accepted_cents: booked.total_cents,
      received: [],
      refunded_by_hand: [],
      refunded_to_card: [],
      refundable_by_hand_cents: 0,
      voided_by_hand: [],
    });
    const { owner, settlement } = await returnedWithCharges(first, booked);
    const due = booked.total_cents + 177_00;
    expect(settlement).toMatchObject({ charges_cents: 177_00, paid_cents: 0, outstanding_cents: due });
    const before = pdfText((await send(owner, "GET", `/api/reservations/${booked.id}/invoice/pdf`)).rawPayload);
    expect(before).toContain(`Pendiente de pago ${usd(due)}`);

    const cash = await pay(owner, booked.id, {
      method: "cash",
      amount: "100",
      note: "  Recibo 0042  ",
      outstanding_cents: due,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().message).toBe("Pago de US$100.00 registrado.");
    expect(cash.json().reservation.settlement).toMatchObject({
      paid_cents: 100_00,
      outstanding_cents: due - 100_00,
      received: [{ method: "cash", amount_cents: 100_00, note: "Recibo 0042", recorded_at: clock.now().toISOString() }],
    });
    expect(await receivedRows(booked.id)).toMatchObject([
      { provider: "manual", status: "succeeded", method: "cash", amountCents: 100_00, currency: "usd" },
    ]);
    const partly = pdfText((await send(owner, "GET", `/api/reservations/${booked.id}/invoice/pdf`)).rawPayload);
    expect(partly).toMatch(/Recibido en efectivo \(\d\d-\d\d-\d{4}\) US\$100\.00/);
    expect(partly).toContain(`Pendiente de pago ${usd(due - 100_00)}`);

    const card = await pay(owner, booked.id, {
      method: "card",
      amount: (due - 100_00) / 100,
      outstanding_cents: due - 100_00,
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().reservation.settlement).toMatchObject({ paid_cents: due, outstanding_cents: 0 });
    const paid = pdfText((await send(owner, "GET", `/api/reservations/${booked.id}/invoice/pdf`)).rawPayload);
    expect(paid).toContain("Estado del pago Pagado");
    expect(paid).toMatch(/Recibido con tarjeta \(.+\) /);
    expect(paid).not.toContain("Pendiente de pago");

    const nothingLeft = await pay(owner, booked.id, { method: "cash", amount: "1", outstanding_cents: 0 });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().message).toBe("Esta reserva no tiene nada pendiente de pago.");
    expect(await receivedRows(booked.id)).toHaveLength(2);
  });

  it("records a double submit once, and refuses another owner, bad amounts and bad input with the reason", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const booked = await deskBooking(owner, landing);
    const due = booked.total_cents;
    const body = { method: "transfer", amount: "50", outstanding_cents: due };
    const both = await Promise.all([pay(owner, booked.id, body), pay(owner, booked.id, body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe(
      "El dinero de esta reserva cambió mientras tanto (otra pestaña u otra persona). Revisa los importes y vuelve a intentarlo.",
    );
    expect(await receivedRows(booked.id)).toHaveLength(1);
    const left = due - 50_00;

    const stranger = await signUp(app);
    const theirs = await pay(stranger, booked.id, { ...body, outstanding_cents: left });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Reserva no encontrada.");

    const fieldError = async (payload: object, language = "es") => {
      const response = await pay(owner, booked.id, { method: "cash", outstanding_cents: left, ...payload }, language);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors;
    };
    for (const amount of ["0", "-5", "abc", "", 0, -1, "1e3", null]) {
      expect(await fieldError({ amount })).toEqual({
        amount: ["Escribe un importe mayor que cero, solo en cifras, como 50 o 49.99."],
      });
    }
    expect(await fieldError({ amount: "12.345" })).toHaveProperty("amount");
    // Enormous: too high, not "greater than zero".
    for (const amount of ["99999999999", 1e300, "1000000.01"]) {
      expect(await fieldError({ amount })).toEqual({
        amount: ["Ese importe es demasiado alto: escribe como máximo 1,000,000."],
      });
    }
    expect(await fieldError({ amount: "99999999999" }, "en")).toEqual({
      amount: ["That amount is too high: enter at most 1,000,000."],
    });
    expect(await fieldError({ amount: String((left + 1) / 100) })).toEqual({
      amount: [`El importe no puede superar lo pendiente de pago (${usd(left)}).`],
    });
    expect(await fieldError({ amount: String((left + 1) / 100) }, "en")).toEqual({
      amount: [`The amount cannot be more than what is left to pay (${usd(left).replace("US", "")}).`],
    });
    expect(await fieldError({ amount: "10", method: "cheque" })).toEqual({
      method: ["Elige cómo se pagó: efectivo, tarjeta o transferencia."],
    });
    expect(await fieldError({ amount: "10", method: "cheque" }, "en")).toEqual({
      method: ["Choose how it was paid: cash, card or transfer."],
    });
    expect(await fieldError({ amount: "10", note: "x".repeat(201) })).toEqual({
      note: ["La nota no puede tener más de 200 caracteres."],
    });
    expect(await fieldError({ amount: "10", note: 5 })).toHaveProperty("note");
    expect(await fieldError({ amount: "10", outstanding_cents: "mucho" })).toHaveProperty("outstanding_cents");
    for (const payload of [null, [], "texto", { amount: { cents: 5 } }]) {
      const odd = await app.inject({
        method: "POST",
        url: `/api/reservations/${booked.id}/payments`,
        payload: JSON.stringify(payload),
        headers: { ...bearer(owner), "content-type": "application/json" },
      });
      expect(odd.statusCode, odd.body).toBeGreaterThanOrEqual(400);
      expect(odd.statusCode, odd.body).toBeLessThan(500);
    }
    for (const url of ["/api/reservations/abc/payments", "/api/reservations/99999999/payments"]) {
      const response = await app.inject({ method: "POST", url, payload: body, headers: bearer(owner) });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    expect(await receivedRows(booked.id)).toHaveLength(1);
  });

  it("counts a transfer recorded by hand with the site's and the transfers' money on Inicio, not the counter's", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const booked = await deskBooking(owner, landing);
    const inicio = async () =>
      (await send(owner, "GET", "/api/insights/summary"))
        .json()
        .month.find((figures: { currency: string }) => figures.currency === "USD");
    const cash = await pay(owner, booked.id, {
      method: "cash",
      amount: "25.50",
      outstanding_cents: booked.total_cents,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    // A walk's finding: a transfer the owner saw arrive read "En el mostrador" on Inicio.
    const transfer = await pay(owner, booked.id, {
      method: "transfer",
      amount: "10",
      outstanding_cents: booked.total_cents - 25_50,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(await inicio()).toMatchObject({ received_at_counter_cents: 25_50, received_cents: 10_00 });
    const transferId = transfer.json().reservation.settlement.received.at(-1).id;
    expect((await send(owner, "DELETE", `/api/reservations/${booked.id}/payments/${transferId}`)).statusCode).toBe(200);
    expect(await inicio()).toMatchObject({ received_at_counter_cents: 25_50, received_cents: 0 });
  });

  it("is undone by its owner only, and only for a booking whose rental is agreed or done", async () => {
    const owner = await signUp(app);
    const landing = await createBookableLanding(app, owner);
    const booked = await deskBooking(owner, landing);
    const recorded = await pay(owner, booked.id, {
      method: "cash",
      amount: "25.50",
      outstanding_cents: booked.total_cents,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [entry] = recorded.json().reservation.settlement.received;
    // Inicio counts it as taken at the counter this month, not as received online.
    const inicio = async () =>
      (await send(owner, "GET", "/api/insights/summary"))
        .json()
        .month.find((figures: { currency: string }) => figures.currency === "USD");
    expect(await inicio()).toMatchObject({ received_at_counter_cents: 25_50, received_cents: 0 });
    const stranger = await signUp(app);
    const theirs = await send(stranger, "DELETE", `/api/reservations/${booked.id}/payments/${entry.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(await receivedRows(booked.id)).toHaveLength(1);

    const undone = await send(owner, "DELETE", `/api/reservations/${booked.id}/payments/${entry.id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().message).toBe("Pago de US$25.50 anulado.");
    expect(undone.json().reservation.settlement).toMatchObject({
      paid_cents: 0,
      outstanding_cents: booked.total_cents,
      received: [],
      // The ledger keeps what was written and undone, and when.
      voided_by_hand: [
        { id: entry.id, method: "cash", amount_cents: 25_50, refund: false, voided_at: clock.now().toISOString() },
      ],
    });
    const again = await send(owner, "DELETE", `/api/reservations/${booked.id}/payments/${entry.id}`, undefined, "en");
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("That payment does not exist or was already undone.");
    expect(await receivedRows(booked.id)).toMatchObject([
      { id: entry.id, status: "voided", amountCents: 25_50, voidedAt: clock.now() },
    ]);
    expect(await inicio()).toMatchObject({ received_at_counter_cents: 0 });
    // Money received by hand was never emailed to the customer: its undoing is not either.
    const told = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.reservationId, booked.id), eq(outbox.kind, "reservation.money")));
    expect(told).toEqual([]);
    // On record: the booking is cancelled rather than deleted, as one with money recorded is.
    const deleted = await send(owner, "DELETE", `/api/reservations/${booked.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(await receivedRows(booked.id)).toHaveLength(1);
    // Counted nowhere: the booking is paid in full again.
    const repaid = await pay(owner, booked.id, {
      method: "card",
      amount: String(booked.total_cents / 100),
      outstanding_cents: booked.total_cents,
    });
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect(repaid.json().reservation.settlement).toMatchObject({
      paid_cents: booked.total_cents,
      outstanding_cents: 0,
    });

    // Another booking's payment is not this one's to undo.
    const other = await deskBooking(owner, landing, 20);
    const elsewhere = await pay(owner, other.id, { method: "card", amount: "5", outstanding_cents: other.total_cents });
    const elsewhereId = elsewhere.json().reservation.settlement.received[0].id;
    expect((await send(owner, "DELETE", `/api/reservations/${booked.id}/payments/${elsewhereId}`)).statusCode).toBe(
      404,
    );

    const cancelled = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${other.id}/status`,
      payload: { status: "cancelled" },
      headers: bearer(owner),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const late = await pay(owner, other.id, { method: "cash", amount: "5", outstanding_cents: 0 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "Solo se registran pagos de una reserva confirmada, en alquiler, devuelta o completada.",
    );
  });
});

describe("the return's charges accepted, wherever the money is shown", () => {
  it("counts them in the reservation, its CSV, Inicio's revenue and the customer's figures alike", async () => {
    const first = await signUp(app);
    const landing = await createBookableLanding(app, first);
    const booked = await deskBooking(first, landing);
    const { owner } = await returnedWithCharges(first, booked);
    const bill = booked.total_cents + 177_00;

    const shown = await send(owner, "GET", `/api/planner/reservations/${booked.id}`);
    expect(shown.json().settlement).toMatchObject({ charges_cents: 177_00, outstanding_cents: bill });
    await pay(owner, booked.id, { method: "cash", amount: "100", outstanding_cents: bill });

    const csv = await send(owner, "GET", `/api/reservations/${landing.id}/export.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = csv.body.replace(/^\ufeff/, "").split("\r\n");
    const columns = header?.split(",") ?? [];
    const cell = (name: string) => row?.split(",")[columns.indexOf(name)];
    expect(cell("Total")).toBe((booked.total_cents / 100).toFixed(2));
    expect(cell("Cargos de la devolución")).toBe("177.00");
    expect(cell("Recibido a mano")).toBe("100.00");
    expect(cell("Pendiente de pago")).toBe(((bill - 100_00) / 100).toFixed(2));

    const summary = await send(owner, "GET", `/api/insights/summary?landing=${landing.id}`);
    expect(summary.json().month).toMatchObject([{ currency: "USD", revenue_cents: bill, bookings: 1 }]);
    const charts = await send(owner, "GET", `/api/insights/charts?landing=${landing.id}`);
    const points = charts.json().revenue_per_month.series[0].points as { revenue_cents: number }[];
    expect(points.reduce((sum, point) => sum + point.revenue_cents, 0)).toBe(bill);

    const customer = await send(owner, "GET", `/api/customers/${shown.json().customer_id}`);
    expect(customer.json().spent).toEqual([{ currency: "USD", cents: bill }]);
  });
});
