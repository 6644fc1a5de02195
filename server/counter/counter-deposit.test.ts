import { formatMoney } from "@domain/money";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, payments, rentalHandovers, vehicles } from "../db/schema";
import { createTestApp } from "../test/app";
import { bearer, bookingPayload, createBookableLanding, type Owner, signIn, signUp } from "../test/factories";
import { acceptanceOf, DRIVER } from "../test/handovers";
import { pdfText } from "../test/pdf-text";

/**
 * A deposit taken at the counter (PRODUCT §11, "held at pickup"): the check-out records how it came
 * in, the return's charges the customer accepts are taken from it as money received, and what is
 * left of it goes back. Through the real server, on PGlite and PostgreSQL.
 */
const { app, clock, db } = await createTestApp();

const send = (owner: Owner, url: string, payload?: object, method: "GET" | "POST" | "PUT" | "DELETE" = "POST") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });

const checkOutBody = (deposit: Record<string, unknown>) => ({
  odometer_km: 1_000,
  fuel_eighths: 8,
  drivers: [DRIVER],
  ...deposit,
});

/** A confirmed desk booking of a car whose rules ask a US$300 deposit, the clock at its pickup. */
async function bookingWithDeposit(deposit = "300") {
  const landingOwner = await signUp(app);
  const landing = await createBookableLanding(app, landingOwner);
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id));
  const rules = await send(
    landingOwner,
    `/api/vehicles/${landing.id}/${landing.vehicle.id}/rules`,
    { version: vehicle?.version, deposit },
    "PUT",
  );
  expect(rules.statusCode, rules.body).toBe(200);
  const { id_landing, terms_accepted, ...payload } = bookingPayload(landing, clock.now(), {}, { start: 10, length: 3 });
  const booked = await send(landingOwner, `/api/landings/${landing.id}/reservations`, payload);
  expect(booked.statusCode, booked.body).toBe(201);
  const { id, pickup_at } = booked.json().reservation as { id: number; pickup_at: string };
  clock.advance(Math.max(0, new Date(pickup_at).getTime() - clock.now().getTime()));
  // A session lapses after an hour idle: signed in again at the counter.
  return { owner: await signIn(app, landingOwner), id };
}

const outOf = async (id: number) =>
  (
    await db
      .select()
      .from(rentalHandovers)
      .where(and(eq(rentalHandovers.reservationId, id), eq(rentalHandovers.kind, "out")))
  )[0];

async function checkIn(owner: Owner, id: number, damage: string) {
  const back = await send(owner, `/api/reservations/${id}/check-in`, {
    odometer_km: 1_100,
    fuel_eighths: 8,
    damages: damage ? [{ reason: "Retrovisor roto", amount: damage }] : [],
  });
  expect(back.statusCode, back.body).toBe(200);
  return back.json().counter;
}

const accept = async (owner: Owner, id: number) =>
  send(owner, `/api/reservations/${id}/charges/acceptance`, await acceptanceOf(app, owner, id));

/** A booking checked out with US$300 taken in cash as its deposit, and the booking as the planner reads it. */
async function outWithCashDeposit() {
  const { owner, id } = await bookingWithDeposit();
  await send(owner, `/api/reservations/${id}/check-out`, checkOutBody({ deposit_method: "cash", deposit_amount: 300 }));
  const booking = (await send(owner, `/api/planner/reservations/${id}`, undefined, "GET")).json();
  return { owner, id, booking };
}

describe("a deposit taken at the counter", () => {
  it("is asked at check-out, and a wrong amount or a missing one is refused without the car leaving", async () => {
    const { owner, id } = await bookingWithDeposit();
    const forgotten = await send(owner, `/api/reservations/${id}/check-out`, checkOutBody({}));
    expect(forgotten.statusCode).toBe(422);
    expect(forgotten.json().errors).toEqual({
      deposit_method: ["Di si recibiste el depósito: en efectivo, con tarjeta en tu terminal, o no."],
    });
    for (const amount of [undefined, "", "0", "-5", "abc"]) {
      const wrong = await send(
        owner,
        `/api/reservations/${id}/check-out`,
        checkOutBody({ deposit_method: "cash", deposit_amount: amount }),
      );
      expect(wrong.statusCode, `${amount}`).toBe(422);
      expect(wrong.json().errors.deposit_amount).toEqual([
        "Escribe el importe que recibiste, mayor que cero, como 5000 o 5000.50; si no recibiste nada, elige «No lo recibí».",
      ]);
    }
    const odd = await send(owner, `/api/reservations/${id}/check-out`, checkOutBody({ deposit_method: "cheque" }));
    expect(odd.statusCode).toBe(422);
    expect(await outOf(id)).toBeUndefined();
  });

  it("records how it came in; without charges, all of it goes back at the return", async () => {
    const { owner, id } = await bookingWithDeposit();
    const booking = async () => (await send(owner, `/api/planner/reservations/${id}`, undefined, "GET")).json();
    expect((await booking()).counter_deposit).toBeNull();
    const out = await send(
      owner,
      `/api/reservations/${id}/check-out`,
      checkOutBody({ deposit_method: "card", deposit_amount: "300.00" }),
    );
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().counter.check_out.deposit).toEqual({ cents: 300_00, method: "card" });
    expect(await outOf(id)).toMatchObject({ depositCents: 300_00, depositMethod: "card" });
    // The booking says it too, where the owner reads it (its detail and the reservations list).
    const found = await booking();
    expect(found.counter_deposit).toEqual({ cents: 300_00, method: "card" });
    const listed = await send(owner, `/api/reservations/${found.id_landing}`, undefined, "GET");
    expect(listed.json().reservations.find((row: { id: number }) => row.id === id)?.counter_deposit).toEqual({
      cents: 300_00,
      method: "card",
    });
    const counter = await checkIn(owner, id, "");
    expect(counter.check_in).toMatchObject({ charges_total_cents: 0, deposit_back_cents: 300_00 });
    // A deposit is not money the owner earned: nothing was written on the booking's ledger.
    expect(await db.select().from(payments).where(eq(payments.reservationId, id))).toEqual([]);
  });

  it("pays the charges the customer accepts, recorded as received in cash, and the rest goes back", async () => {
    const { owner, id } = await bookingWithDeposit();
    await send(
      owner,
      `/api/reservations/${id}/check-out`,
      checkOutBody({ deposit_method: "cash", deposit_amount: 300 }),
    );
    // US$150 of damage is US$177 with ITBIS: until the customer accepts, nothing is taken.
    const before = await checkIn(owner, id, "150");
    expect(before.check_in).toMatchObject({ charges_total_cents: 150_00, deposit_back_cents: null });
    const accepted = await accept(owner, id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The rental itself is not paid yet (at pickup): that is collected before the rest goes back.
    const due = formatMoney(accepted.json().reservation.total_cents, "USD", "es");
    expect(accepted.json().message).toBe(
      `Ana Pérez aceptó los cargos de la devolución: se tomaron US$177.00 del depósito. Quedan US$123.00 por devolver; antes, cobra lo que falta por pagar: ${due}.`,
    );
    expect(accepted.json().counter.check_in).toMatchObject({
      charges_from_deposit_cents: 177_00,
      deposit_back_cents: 123_00,
    });
    expect(await db.select().from(payments).where(eq(payments.reservationId, id))).toMatchObject([
      {
        kind: "received",
        status: "succeeded",
        provider: "manual",
        method: "cash",
        amountCents: 177_00,
        note: "Cargos de la devolución tomados del depósito",
      },
    ]);
    // The charges are paid: what is left to collect is the booking's own total, as before the return.
    const { reservation } = accepted.json();
    expect(reservation.settlement.received).toMatchObject([{ amount_cents: 177_00, method: "cash" }]);
    expect(reservation.settlement.outstanding_cents).toBe(reservation.total_cents);
    // A second tap (or another tab) takes nothing more.
    expect((await accept(owner, id)).statusCode).toBe(409);
    expect(await db.select().from(payments).where(eq(payments.reservationId, id))).toHaveLength(1);
    // Signed for with the return, it is not undone on its own: the counter would still say it was kept.
    expect(reservation.settlement.received[0].from_deposit).toBe(true);
    const [row] = await db.select().from(payments).where(eq(payments.reservationId, id));
    const undone = await send(owner, `/api/reservations/${id}/payments/${row?.id}`, undefined, "DELETE");
    expect(undone.statusCode).toBe(409);
    expect(undone.json().message).toBe(
      "Este pago son los cargos de la devolución que el cliente aceptó tomar del depósito: no se anula por separado.",
    );
    expect((await db.select().from(payments).where(eq(payments.reservationId, id)))[0]?.status).toBe("succeeded");
  });

  it("with the rental paid, says to give the rest of the deposit back", async () => {
    const { owner, id, booking } = await outWithCashDeposit();
    const paid = await send(owner, `/api/reservations/${id}/payments`, {
      method: "cash",
      amount: (booking.total_cents / 100).toFixed(2),
      outstanding_cents: booking.settlement.outstanding_cents,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await checkIn(owner, id, "150");
    const accepted = await accept(owner, id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(
      "Ana Pérez aceptó los cargos de la devolución: se tomaron US$177.00 del depósito; devuélvele US$123.00.",
    );
    expect(accepted.json().reservation.settlement.outstanding_cents).toBe(0);
  });

  // The counter said to collect what the rental still owes before the deposit goes back, "and if you
  // take it from the deposit, record it as a payment received": recorded so, the deposit to give back
  // still said all of it, and the operator would have handed back too much.
  it("gives back the deposit less the balance the owner recorded as paid out of it, and that payment can be undone", async () => {
    const { owner, id } = await bookingWithDeposit();
    await send(
      owner,
      `/api/reservations/${id}/check-out`,
      checkOutBody({ deposit_method: "cash", deposit_amount: 300 }),
    );
    expect((await checkIn(owner, id, "")).check_in.deposit_back_cents).toBe(300_00);
    const booking = (await send(owner, `/api/planner/reservations/${id}`, undefined, "GET")).json();
    const total = booking.total_cents as number;
    const pay = (amount: string, outstanding: number) =>
      send(owner, `/api/reservations/${id}/payments`, {
        method: "card",
        amount,
        outstanding_cents: outstanding,
        from_deposit: true,
        note: "Del depósito",
      });
    const paid = await pay((total / 100).toFixed(2), total);
    expect(paid.statusCode, paid.body).toBe(200);
    // Recorded the way the deposit came in (cash), as taken from it; nothing is left to pay.
    const { settlement } = paid.json().reservation;
    expect(settlement.outstanding_cents).toBe(0);
    expect(settlement.received).toMatchObject([
      { amount_cents: total, method: "cash", from_deposit: true, accepted_charges: false, note: "Del depósito" },
    ]);
    const [row] = await db.select().from(payments).where(eq(payments.reservationId, id));
    expect(row).toMatchObject({ kind: "received", method: "cash", reason: "deposit_kept", amountCents: total });
    const counter = async () =>
      (await send(owner, `/api/reservations/${id}/counter`, undefined, "GET")).json().check_in.deposit_back_cents;
    expect(await counter()).toBe(300_00 - total);
    // The invoice says where that payment came from.
    const invoice = await send(owner, `/api/reservations/${id}/invoice/pdf`, undefined, "GET");
    const text = pdfText(invoice.rawPayload).replace(/\s+/g, " ");
    expect(text).toMatch(/Tomado del depósito \(\d\d-\d\d-\d{4}\) US\$/);
    expect(text).toContain(`) ${formatMoney(total, "USD", "es")}`);
    // Recorded by mistake: undone, and the whole deposit goes back again.
    const undone = await send(owner, `/api/reservations/${id}/payments/${row?.id}`, undefined, "DELETE");
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await counter()).toBe(300_00);
  });

  it("after the charges, gives back only what the charges and the balance paid from it leave", async () => {
    const { owner, id } = await bookingWithDeposit();
    await send(
      owner,
      `/api/reservations/${id}/check-out`,
      checkOutBody({ deposit_method: "cash", deposit_amount: 300 }),
    );
    await checkIn(owner, id, "150");
    expect((await accept(owner, id)).json().counter.check_in.deposit_back_cents).toBe(123_00);
    const booking = (await send(owner, `/api/planner/reservations/${id}`, undefined, "GET")).json();
    const outstanding = booking.settlement.outstanding_cents as number;
    const pay = (amount: string) =>
      send(owner, `/api/reservations/${id}/payments`, {
        method: "cash",
        amount,
        outstanding_cents: outstanding,
        from_deposit: true,
      });
    // Never more than the charges left of it, though more is left to pay.
    const tooMuch = await pay("123.01");
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([
      "Del depósito solo quedan US$123.00: registra el resto con otra forma de pago.",
    ]);
    const paid = await pay("123");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().reservation.settlement.outstanding_cents).toBe(outstanding - 123_00);
    const counter = (await send(owner, `/api/reservations/${id}/counter`, undefined, "GET")).json();
    expect(counter.check_in).toMatchObject({ charges_from_deposit_cents: 177_00, deposit_back_cents: 0 });
    // Nothing is left of it to pay from.
    const more = await send(owner, `/api/reservations/${id}/payments`, {
      method: "cash",
      amount: "1",
      outstanding_cents: outstanding - 123_00,
      from_deposit: true,
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe("No queda nada del depósito: registra el pago con otra forma de pago.");
  });

  it("pays the charges from what the balance left of it, when the balance was taken first", async () => {
    const { owner, id, booking } = await outWithCashDeposit();
    const total = booking.total_cents as number;
    const paid = await send(owner, `/api/reservations/${id}/payments`, {
      method: "cash",
      amount: (total / 100).toFixed(2),
      outstanding_cents: total,
      from_deposit: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await checkIn(owner, id, "150");
    const accepted = await accept(owner, id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // What the balance left of it is all taken for the US$177 of charges; the rest stays to collect.
    const left = 300_00 - total;
    expect(accepted.json().counter.check_in).toMatchObject({
      charges_from_deposit_cents: left,
      deposit_back_cents: 0,
    });
    const money = (cents: number) => formatMoney(cents, "USD", "es");
    expect(accepted.json().message).toBe(
      `Ana Pérez aceptó los cargos de la devolución: se tomó lo que quedaba del depósito (${money(left)}) y quedan ${money(177_00 - left)} por cobrar.`,
    );
    expect(accepted.json().reservation.settlement.received).toMatchObject([
      { amount_cents: total, from_deposit: true, accepted_charges: false },
      { amount_cents: left, from_deposit: true, accepted_charges: true },
    ]);
  });

  it("is not paid from when the check-out took none", async () => {
    const { owner, id } = await bookingWithDeposit();
    await send(owner, `/api/reservations/${id}/check-out`, checkOutBody({ deposit_method: "none" }));
    const booking = (await send(owner, `/api/planner/reservations/${id}`, undefined, "GET")).json();
    const paid = await send(owner, `/api/reservations/${id}/payments`, {
      method: "cash",
      amount: "10",
      outstanding_cents: booking.settlement.outstanding_cents,
      from_deposit: true,
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe("No queda nada del depósito: registra el pago con otra forma de pago.");
    expect(await db.select().from(payments).where(eq(payments.reservationId, id))).toEqual([]);
  });

  it("charges above the deposit take all of it, and the rest is left to collect", async () => {
    const { owner, id } = await bookingWithDeposit("100");
    await send(
      owner,
      `/api/reservations/${id}/check-out`,
      checkOutBody({ deposit_method: "cash", deposit_amount: "100" }),
    );
    await checkIn(owner, id, "150");
    const accepted = await accept(owner, id);
    expect(accepted.json().message).toBe(
      "Ana Pérez aceptó los cargos de la devolución: se tomó todo el depósito (US$100.00) y quedan US$77.00 por cobrar.",
    );
    expect(accepted.json().counter.check_in).toMatchObject({
      charges_from_deposit_cents: 100_00,
      deposit_back_cents: 0,
    });
  });

  it("none received: the car leaves with no deposit, and the charges stay due", async () => {
    const { owner, id } = await bookingWithDeposit();
    const out = await send(owner, `/api/reservations/${id}/check-out`, checkOutBody({ deposit_method: "none" }));
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().counter.check_out.deposit).toBeNull();
    expect(await outOf(id)).toMatchObject({ depositCents: 0, depositMethod: null });
    await checkIn(owner, id, "150");
    const accepted = await accept(owner, id);
    expect(accepted.json().message).toBe(
      "Ana Pérez aceptó los cargos de la devolución: US$177.00 con impuestos, por cobrar.",
    );
    expect(accepted.json().counter.check_in.deposit_back_cents).toBeNull();
    expect(await db.select().from(payments).where(eq(payments.reservationId, id))).toEqual([]);
  });
});

// A walk's operator typed 12,000 km for 1,200 (and US$1,500 of damage for US$150) and had no way back.
describe("a recorded return corrected ('Corregir devolución')", () => {
  const correct = (owner: Owner, id: number, body: object) =>
    send(owner, `/api/reservations/${id}/check-in`, body, "PUT");

  it("is priced again with the invoice's number kept and what it was kept, until the customer accepts the charges", async () => {
    const { owner, id } = await outWithCashDeposit();
    // Only a return is corrected: a car still out is checked in, not corrected.
    const early = await correct(owner, id, { odometer_km: 1_200, fuel_eighths: 8 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Esta devolución ya no se puede corregir/);
    const typed = await send(owner, `/api/reservations/${id}/check-in`, {
      odometer_km: 12_000,
      fuel_eighths: 8,
      damages: [{ reason: "Retrovisor roto", amount: "1500" }],
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().counter.check_in).toMatchObject({ driven_km: 11_000, correctable: true, corrections: [] });
    expect(typed.json().reservation.settlement.charges_awaiting_cents).toBe(1_770_00);
    const number = typed.json().counter.invoice.number;

    // Refused as a check-in is: fewer kilometres than at check-out, in the owner's language.
    const below = await correct(owner, id, { odometer_km: 900, fuel_eighths: 8 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({
      odometer_km: ["Los kilómetros a la devolución no pueden ser menos que a la entrega (1,000 km)."],
    });
    // Another owner's correction finds nothing.
    const stranger = await signUp(app);
    expect((await correct(stranger, id, { odometer_km: 1_200, fuel_eighths: 8 })).statusCode).toBe(404);

    const fixed = await correct(owner, id, {
      odometer_km: "1.200",
      fuel_eighths: 8,
      returned_at: typed.json().counter.check_in.at,
      damages: [{ reason: "Retrovisor roto", amount: "150" }],
      customer_tax_id: "001-1234567-8",
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().message).toBe(
      `Devolución corregida: los cargos y la factura de ${fixed.json().reservation.reference} se calcularon de nuevo.`,
    );
    const { check_in, invoice } = fixed.json().counter;
    expect(check_in).toMatchObject({
      odometer_km: 1_200,
      driven_km: 200,
      charges_total_cents: 150_00,
      at: typed.json().counter.check_in.at,
      correctable: true,
      charges_accepted: null,
      deposit_back_cents: null,
    });
    // What was first recorded stays on the record.
    expect(check_in.corrections).toEqual([
      {
        corrected_at: clock.now().toISOString(),
        at: typed.json().counter.check_in.at,
        odometer_km: 12_000,
        fuel_eighths: 8,
        cleaning: false,
        charges_total_cents: 1_500_00,
      },
    ]);
    expect(invoice).toMatchObject({
      number,
      charges_cents: 150_00,
      charges_tax_cents: 27_00,
      customer_tax_id: "001-1234567-8",
    });
    expect(fixed.json().reservation.settlement.charges_awaiting_cents).toBe(177_00);
    const [stored] = await db.select().from(invoices).where(eq(invoices.reservationId, id));
    expect(stored).toMatchObject({ number, chargesCents: 150_00, totalCents: (stored?.bookingCents ?? 0) + 177_00 });
    const draft = pdfText((await send(owner, `/api/reservations/${id}/invoice/pdf`, undefined, "GET")).rawPayload);
    expect(draft.replace(/\s+/g, " ")).toContain("Daños: Retrovisor roto US$150.00");

    // Signed on a screen still showing the first figures (US$1,500): refused, so the customer goes
    // through the corrected ones first; nothing is accepted, nothing taken from the deposit.
    const unseen = await send(owner, `/api/reservations/${id}/charges/acceptance`, {
      ...(await acceptanceOf(app, owner, id)),
      charges_total_cents: 1_500_00,
    });
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json().message).toBe(
      "Los cargos de la devolución se corrigieron mientras tanto: revisa con el cliente los que se muestran ahora y que firme de nuevo.",
    );
    const waiting = (await send(owner, `/api/reservations/${id}/counter`, undefined, "GET")).json();
    expect(waiting.check_in).toMatchObject({ charges_accepted: null, charges_from_deposit_cents: 0 });

    // Accepted as corrected: US$177 from the deposit. From then on it is what the customer signed for.
    expect((await accept(owner, id)).statusCode).toBe(200);
    const late = await correct(owner, id, { odometer_km: 1_200, fuel_eighths: 8 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "Esta devolución ya no se puede corregir: solo se corrige antes de que el cliente acepte sus cargos y de que se le envíe la factura.",
    );
    const counter = (await send(owner, `/api/reservations/${id}/counter`, undefined, "GET")).json();
    expect(counter.check_in).toMatchObject({ odometer_km: 1_200, correctable: false, deposit_back_cents: 123_00 });
  });

  it("corrected to no charges, sends the invoice as a return without charges does, and then is closed", async () => {
    const { owner, id } = await outWithCashDeposit();
    await checkIn(owner, id, "150");
    const fixed = await correct(owner, id, { odometer_km: 1_100, fuel_eighths: 8 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().counter.check_in).toMatchObject({
      charges_total_cents: 0,
      deposit_back_cents: 300_00,
      correctable: false,
    });
    const [stored] = await db.select().from(invoices).where(eq(invoices.reservationId, id));
    expect(stored?.path).toMatch(/^private\/invoices\//);
    expect((await correct(owner, id, { odometer_km: 1_100, fuel_eighths: 8 })).statusCode).toBe(409);
  });
});
