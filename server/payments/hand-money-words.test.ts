import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { formatMoney } from "@domain/money";
import { toLocal } from "@domain/rental-time";
import { formatWhen } from "@web/lib/format";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { outbox, payments } from "../db/schema";
import { bearer, confirmAsOwner, type Owner } from "../test/factories";
import { parseHtml } from "../test/html";
import { payingWorld } from "../test/paying-landings";

// A booking paid online whose owner also took and gave back money by hand at the desk, through the
// real server: its customer's page and emails list the same rows, and they add up to what is left
// to pay (a walk's finding: cash taken at the desk was asked for again at pickup, and cash given
// back read as a refund to the card).

const { app, db, standIn, cardLanding, savePayments, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const as = (owner: Owner, method: "GET" | "POST", url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": "es" } });
const detailOf = async (owner: Owner, id: number) => (await as(owner, "GET", `/api/planner/reservations/${id}`)).json();
const lastMail = async (id: number, kind: string) =>
  (
    await db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.reservationId, id), eq(outbox.kind, kind)))
      .orderBy(outbox.id)
  ).at(-1)?.text ?? "";

/** US$30 in cash at the desk, and US$10 of it handed back, both recorded by the owner. */
async function takeThirtyGiveBackTen(owner: Owner, id: number, outstandingCents: number) {
  const cash = await as(owner, "POST", `/api/reservations/${id}/payments`, {
    method: "cash",
    amount: "30",
    outstanding_cents: outstandingCents,
  });
  expect(cash.statusCode, cash.body).toBe(200);
  const back = await as(owner, "POST", `/api/reservations/${id}/payments/refunds`, {
    method: "cash",
    amount: "10",
    refundable_cents: 30_00,
  });
  expect(back.statusCode, back.body).toBe(200);
}

const WORDS = {
  es: {
    online: "Pagado en línea",
    byHand: "Pagado directamente",
    toCardOn: "Reembolsado a tu tarjeta el",
    backOn: "Reembolsado el",
    back: "Reembolsado",
    toCard: "Reembolsado a tu tarjeta",
    pickupRow: "En la recogida (efectivo)",
    atPickup: "En la recogida",
    dueMail: "A pagar en la recogida",
  },
  en: {
    online: "Paid online",
    byHand: "Paid directly",
    toCardOn: "Refunded to your card on",
    backOn: "Given back on",
    back: "Given back",
    toCard: "Refunded to your card",
    pickupRow: "At pickup (cash)",
    atPickup: "At pickup",
    dueMail: "To pay at pickup",
  },
} as const;

describe("a booking paid online and at the desk", () => {
  for (const language of ["es", "en"] as const) {
    it(`lists on its customer's page and emails what was paid each way and given back, adding up to what is left (${language})`, async () => {
      const { owner, landing } = await cardLanding("2");
      await savePayments(owner, landing.id, {
        version: 2,
        prepay: "percent",
        prepay_percent: "50",
        channel: "card",
        pickup_methods: ["cash"],
      });
      const body = (await book(landing, { language })).json();
      await pay(body.payment_url);
      const booked = await detailOf(owner, body.id);
      const total: number = booked.total_cents;
      const online: number = booked.payment.paid_cents;
      expect(online).toBeGreaterThan(0);
      expect(online).toBeLessThan(total);

      await takeThirtyGiveBackTen(owner, body.id, booked.settlement.outstanding_cents);
      const left = total - online - 30_00 + 10_00;
      const stored = await detailOf(owner, body.id);
      // What the counter will ask for: the page and the emails say the same.
      expect(stored.settlement.outstanding_cents).toBe(left);
      expect(stored.payment.due_at_pickup_cents).toBe(left);

      const words = WORDS[language];
      const money = (cents: number) => formatMoney(cents, "USD", language);
      const [refund] = (await db.select().from(payments).where(eq(payments.reservationId, body.id))).filter(
        (entry) => entry.kind === "refund",
      );
      if (!refund) throw new Error("given back");
      const local = toLocal(refund.createdAt, DEFAULT_TIME_ZONE);
      const when = formatWhen(local.date, local.time, language);

      const link = `/${landing.name}/reservation/${body.reference}?t=${body.customer_token}`;
      const page = parseHtml((await app.inject({ method: "GET", url: `${link}&lang=${language}` })).body);
      const row = (id: string) => page.byTestId(`payment-${id}`).map((found) => page.text(found));
      expect(row("paid")).toEqual([`${words.online}${money(online)}`]);
      expect(row("paid-by-hand")).toEqual([`${words.byHand}${money(30_00)}`]);
      expect(row("given-back")).toEqual([`${words.backOn} ${when}${money(10_00)}`]);
      // Cash handed back is never said to have gone to the card.
      expect(row("refunded")).toEqual([]);
      expect(row("pickup")).toEqual([`${words.pickupRow}${money(left)}`]);

      // The receipt of the refund by hand lists the same rows, in the same words.
      const receipt = await lastMail(body.id, "reservation.money");
      expect(receipt).toContain(`${words.online}: ${money(online)}`);
      expect(receipt).toContain(`${words.byHand}: ${money(30_00)}`);
      expect(receipt).toContain(`${words.back}: ${money(10_00)}`);
      expect(receipt).not.toContain(words.toCard);
      expect(receipt).toContain(`${words.dueMail}: ${money(left)}`);
    });
  }
});

// A walk's finding: on a booking paid all at pickup (no plan, the default), cash the owner took
// before pickup was on their detail only; the customer's page said nothing of it.
describe("a booking paid all at pickup", () => {
  for (const language of ["es", "en"] as const) {
    it(`shows its customer what the owner took and gave back by hand, and what is left for pickup (${language})`, async () => {
      const { owner, landing } = await cardLanding("2");
      await savePayments(owner, landing.id, { version: 2, prepay: "none", pickup_methods: ["cash"] });
      const body = (await book(landing, { language })).json();
      const link = `/${landing.name}/reservation/${body.reference}?t=${body.customer_token}&lang=${language}`;
      const pageOf = async () => parseHtml((await app.inject({ method: "GET", url: link })).body);
      // Nothing recorded: no payment box, as before.
      expect((await pageOf()).byTestId("payment-box")).toHaveLength(0);

      await confirmAsOwner(app, owner, body.id);
      const booked = await detailOf(owner, body.id);
      await takeThirtyGiveBackTen(owner, body.id, booked.settlement.outstanding_cents);
      const left = booked.total_cents - 30_00 + 10_00;
      const stored = await detailOf(owner, body.id);
      expect(stored.settlement.outstanding_cents).toBe(left);
      // The owner's side is as it was: a booking paid at pickup has no plan.
      expect(stored.payment).toBeNull();

      const words = WORDS[language];
      const money = (cents: number) => formatMoney(cents, "USD", language);
      const page = await pageOf();
      const row = (id: string) => page.byTestId(`payment-${id}`).map((found) => page.text(found));
      expect(row("paid")).toEqual([]);
      expect(row("paid-by-hand")).toEqual([`${words.byHand}${money(30_00)}`]);
      expect(row("given-back")).toHaveLength(1);
      expect(row("given-back")[0]).toContain(money(10_00));
      expect(row("refunded")).toEqual([]);
      expect(row("pickup")).toEqual([`${words.atPickup}${money(left)}`]);

      // The receipt of the money given back lists the same rows, and no "paid online" of nothing.
      const receipt = await lastMail(body.id, "reservation.money");
      expect(receipt).toContain(`${words.byHand}: ${money(30_00)}`);
      expect(receipt).toContain(`${words.back}: ${money(10_00)}`);
      expect(receipt).toContain(`${words.dueMail}: ${money(left)}`);
      expect(receipt).not.toContain(words.online);
      expect(receipt).not.toContain(words.toCard);
    });
  }
});

// A walk's finding: cancelled with a fee after the owner took cash before pickup, the customer's
// email said in words what the operator gives back, but neither its rows nor the customer's page
// listed it as still to be refunded (a transfer's prepayment was).
describe("a booking paid all at pickup, cancelled after cash was taken", () => {
  for (const language of ["es", "en"] as const) {
    it(`shows its customer what the fee leaves to give back by hand, until it is given (${language})`, async () => {
      const { owner, landing } = await cardLanding("2");
      await savePayments(owner, landing.id, { version: 2, prepay: "none", pickup_methods: ["cash"] });
      const body = (await book(landing, { language })).json();
      await confirmAsOwner(app, owner, body.id);
      const booked = await detailOf(owner, body.id);
      expect(booked.total_cents).toBeGreaterThan(150_00);
      const cash = await as(owner, "POST", `/api/reservations/${body.id}/payments`, {
        method: "cash",
        amount: "150",
        outstanding_cents: booked.settlement.outstanding_cents,
      });
      expect(cash.statusCode, cash.body).toBe(200);
      // Ten days ahead: the policy's early fee, US$100, kept of the US$150; US$50 goes back by hand.
      const cancelUrl = `/api/publicLanding/${landing.name}/reservation/${body.reference}/cancel?t=${body.customer_token}`;
      const cancelled = await app.inject({ method: "POST", url: cancelUrl });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().reservation).toMatchObject({
        cancellation_fee_cents: 100_00,
        cancellation_fee_kept_cents: 100_00,
      });

      const words = {
        es: { owed: "Por reembolsar", kept: "Retenido como cargo por cancelación" },
        en: { owed: "To be refunded", kept: "Kept as the cancellation fee" },
      }[language];
      const money = (cents: number) => formatMoney(cents, "USD", language);
      const told = await lastMail(body.id, "reservation.cancelled");
      // The email's rows in the order of the customer's page: paid, still owed back, kept.
      const paidRow = told.indexOf(`${WORDS[language].byHand}: ${money(150_00)}`);
      const owedRow = told.indexOf(`${words.owed}: ${money(50_00)}`);
      const keptRow = told.indexOf(`${words.kept}: ${money(100_00)}`);
      expect(
        [paidRow, owedRow, keptRow].every((at) => at >= 0),
        told,
      ).toBe(true);
      expect(paidRow < owedRow && owedRow < keptRow, told).toBe(true);
      const link = `/${landing.name}/reservation/${body.reference}?t=${body.customer_token}&lang=${language}`;
      const rows = async () => {
        const page = parseHtml((await app.inject({ method: "GET", url: link })).body);
        return (id: string) => page.byTestId(`payment-${id}`).map((found) => page.text(found));
      };
      const cancelledRows = await rows();
      expect(cancelledRows("paid-by-hand")).toEqual([`${WORDS[language].byHand}${money(150_00)}`]);
      expect(cancelledRows("refund-owed")).toEqual([`${words.owed}${money(50_00)}`]);
      expect(cancelledRows("fee-kept")).toEqual([`${words.kept}${money(100_00)}`]);
      expect(cancelledRows("pickup")).toEqual([]);

      // Once the owner records it given back, it is no longer owed, on the page and in the receipt.
      const back = await as(owner, "POST", `/api/reservations/${body.id}/payments/refunds`, {
        method: "cash",
        amount: "50",
        refundable_cents: 150_00,
      });
      expect(back.statusCode, back.body).toBe(200);
      const givenRows = await rows();
      expect(givenRows("refund-owed")).toEqual([]);
      expect(givenRows("given-back")).toHaveLength(1);
      expect(givenRows("given-back")[0]).toContain(money(50_00));
      expect(await lastMail(body.id, "reservation.money")).not.toContain(words.owed);
    });
  }
});
