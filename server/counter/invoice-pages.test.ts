import { formatDate } from "@domain/date-format";
import { formatMoney } from "@domain/money";
import { toLocal } from "@domain/rental-time";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { landings, reservations, vehicles } from "../db/schema";
import { bearer, type Owner, signIn } from "../test/factories";
import { acceptanceOf, DRIVER } from "../test/handovers";
import { payingWorld } from "../test/paying-landings";
import { pdfText as linesOf } from "../test/pdf-text";

/**
 * The invoice of a rental paid every way the product takes money (PRODUCT §11), through the real
 * server, the official Stripe client and the stand-in: a prepayment by card, the return's charges
 * taken from the deposit held on the card, and the rest received at the counter in cash, by card
 * and by transfer. A walk's finding: its payments printed alone on a second page.
 */
const { app, clock, db, standIn, cardLanding, savePayments, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const send = (owner: Owner, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });
const pdfText = (pdf: Buffer) => linesOf(pdf).replace(/\s+/g, " ");

/**
 * A landing taking 30 % by card and holding the vehicle's US$300 deposit on it, whose counter
 * prices kilometres, fuel and lateness; a booking of three days in `language` paid and confirmed.
 */
async function paidBooking(language: "es" | "en") {
  const { owner, landing } = await cardLanding("2", "before-return");
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, landing.vehicle.id));
  const deposit = await send(owner, "PUT", `/api/vehicles/${landing.id}/${landing.vehicle.id}/rules`, {
    version: vehicle?.version,
    deposit: "300",
  });
  expect(deposit.statusCode, deposit.body).toBe(200);
  await savePayments(owner, landing.id, {
    version: 2,
    prepay: "percent",
    prepay_percent: "30",
    channel: "card",
    pickup_methods: ["cash", "card", "transfer"],
    deposit_hold: "at_booking",
  });
  const [stored] = await db.select().from(landings).where(eq(landings.id, landing.id));
  const rules = await send(owner, "PUT", `/api/landings/${owner.id}/${landing.id}/counter-rules`, {
    version: stored?.version,
    km_included_per_day: "100",
    extra_km_fee: "0.25",
    fuel_eighth_fee: "12",
    late_grace_minutes: "59",
    late_hour_fee: "10",
  });
  expect(rules.statusCode, rules.body).toBe(200);
  const booked = (await book(landing, { language })).json();
  await pay(booked.payment_url);
  await send(owner, "PATCH", `/api/reservations/${booked.id}/status`, { status: "confirmed" });
  const [row] = await db.select().from(reservations).where(eq(reservations.id, booked.id));
  return { owner, id: booked.id as number, pickupAt: row?.pickupAt ?? clock.now() };
}

describe("the invoice of a rental paid online, from the deposit and at the counter", () => {
  it("keeps its five payments on its one page, in Spanish and in English", async () => {
    for (const language of ["es", "en"] as const) {
      const booking = await paidBooking(language);
      clock.advance(Math.max(0, booking.pickupAt.getTime() - clock.now().getTime()));
      let owner = await signIn(app, booking.owner);
      const out = await send(owner, "POST", `/api/reservations/${booking.id}/check-out`, {
        odometer_km: 1_000,
        fuel_eighths: 8,
        drivers: [DRIVER],
      });
      expect(out.statusCode, out.body).toBe(200);
      // Back 2 h 30 late, 450 km further (150 past those included), three eighths short, a mirror broken.
      clock.advance(3 * 86_400_000 + 150 * 60_000);
      owner = await signIn(app, booking.owner);
      const back = await send(owner, "POST", `/api/reservations/${booking.id}/check-in`, {
        odometer_km: 1_450,
        fuel_eighths: 5,
        damages: [{ reason: "Retrovisor roto", amount: "150" }],
        customer_tax_id: "001-1234567-8",
        ncf: "B0100000001",
      });
      expect(back.statusCode, back.body).toBe(200);
      const accepted = await send(
        owner,
        "POST",
        `/api/reservations/${booking.id}/charges/acceptance`,
        await acceptanceOf(app, owner, booking.id),
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      // The rest received in three parts: cash, the operator's card terminal, a transfer.
      let outstanding = accepted.json().reservation.settlement.outstanding_cents as number;
      for (const [method, cents] of [
        ["cash", 50_00],
        ["card", 30_00],
        ["transfer", outstanding - 80_00],
      ] as const) {
        const paid = await send(owner, "POST", `/api/reservations/${booking.id}/payments`, {
          method,
          amount: String(cents / 100),
          outstanding_cents: outstanding,
        });
        expect(paid.statusCode, paid.body).toBe(200);
        outstanding = paid.json().reservation.settlement.outstanding_cents;
      }
      expect(outstanding).toBe(0);

      const invoice = await send(owner, "GET", `/api/reservations/${booking.id}/invoice/pdf`);
      expect(invoice.statusCode).toBe(200);
      const text = pdfText(invoice.rawPayload);
      const words = {
        es: ["Página 1 de 1", "Pagos Pagado en línea", "Cobrado del depósito", "Recibido por transferencia", "Pagado"],
        en: ["Page 1 of 1", "Payments Paid online", "Taken from the deposit", "Received by transfer", "Paid"],
      }[language];
      for (const seen of words) expect(text, language).toContain(seen);
    }
  });
});

// An operator's walk: a part of the card payment the owner gave back (a day not used) printed as
// less paid online with nothing said of it, which read as a discount, and the invoice still asked
// for it as "left to pay" where the counter said nothing was.
describe("the invoice of a rental the owner refunded part of", () => {
  it("lists the refund as one, dated, under what was paid, and is paid once the counter says so", async () => {
    for (const language of ["es", "en"] as const) {
      const booking = await paidBooking(language);
      let owner = await signIn(app, booking.owner);
      const before = (await send(owner, "GET", `/api/planner/reservations/${booking.id}`)).json();
      const prepaid = before.payment.paid_cents as number;
      const refund = await send(owner, "POST", `/api/reservations/${booking.id}/refunds`, {
        amount: "20",
        reason: "Día no usado",
        refundable_cents: before.payment.refundable_cents,
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const refundedOn = clock.now();
      clock.advance(Math.max(0, booking.pickupAt.getTime() - clock.now().getTime()));
      owner = await signIn(app, booking.owner);
      const out = await send(owner, "POST", `/api/reservations/${booking.id}/check-out`, {
        odometer_km: 1_000,
        fuel_eighths: 8,
        drivers: [DRIVER],
      });
      expect(out.statusCode, out.body).toBe(200);
      clock.advance(3 * 86_400_000);
      owner = await signIn(app, booking.owner);
      const back = await send(owner, "POST", `/api/reservations/${booking.id}/check-in`, {
        odometer_km: 1_100,
        fuel_eighths: 8,
        damages: [],
      });
      expect(back.statusCode, back.body).toBe(200);
      // What the counter says is left: the total less the prepayment (the refund was the owner's to give).
      const outstanding = back.json().reservation.settlement.outstanding_cents as number;
      expect(outstanding).toBe(back.json().reservation.total_cents - prepaid);
      const paid = await send(owner, "POST", `/api/reservations/${booking.id}/payments`, {
        method: "cash",
        amount: String(outstanding / 100),
        outstanding_cents: outstanding,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().reservation.settlement.outstanding_cents).toBe(0);

      const text = pdfText((await send(owner, "GET", `/api/reservations/${booking.id}/invoice/pdf`)).rawPayload);
      const usd = (cents: number) => formatMoney(cents, "USD", language);
      const day = formatDate(toLocal(refundedOn, "America/Santo_Domingo").date, language);
      const words = {
        es: {
          paid: `Pagado en línea ${usd(prepaid)}`,
          refund: `Reembolso a la tarjeta (${day}) −${usd(20_00)}`,
          due: "Pendiente de pago",
          done: "Estado del pago Pagado",
        },
        en: {
          paid: `Paid online ${usd(prepaid)}`,
          refund: `Refund to the card (${day}) −${usd(20_00)}`,
          due: "Left to pay",
          done: "Payment status Paid",
        },
      }[language];
      expect(text, language).toContain(words.paid);
      expect(text, language).toContain(words.refund);
      expect(text, language).not.toContain(words.due);
      expect(text, language).toContain(words.done);
    }
  });
});
