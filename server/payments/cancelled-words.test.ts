import { DEFAULT_TIME_ZONE } from "@domain/landings";
import { formatMoney } from "@domain/money";
import { toLocal } from "@domain/rental-time";
import { formatWhen } from "@web/lib/format";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { outbox, payments } from "../db/schema";
import { bearer, type Owner } from "../test/factories";
import { parseHtml } from "../test/html";
import { payingWorld } from "../test/paying-landings";
import { sweepPayments } from "./sweep";

// A cancelled booking's money in words, through the real server, the Stripe stand-in and the
// database: its emails and its customer's page say what was kept of the fee and what went back,
// and when, never "to pay at pickup: US$0.00" (walks' findings).

const { app, clock, db, standIn, cardLanding, transferLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());

const ledger = (id: number) => db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(payments.id);
/** The plain text of the booking's emails of one kind, oldest first. */
const mailsOf = async (id: number, kind: string) =>
  (
    await db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.reservationId, id), eq(outbox.kind, kind)))
      .orderBy(outbox.id)
  ).map((mail) => mail.text);
const as = (owner: Owner, method: "POST" | "PATCH" | "PUT", url: string, payload: object, language = "es") =>
  app.inject({ method, url, payload, headers: { ...bearer(owner), "accept-language": language } });

/** A card booking made in `language`, paid in full, with its owner and its customer's links. */
async function paidByCard(language: "es" | "en") {
  const { owner, landing } = await cardLanding("2");
  const body = (await book(landing, { language })).json();
  await pay(body.payment_url);
  const [charge] = await ledger(body.id);
  const link = `/${landing.name}/reservation/${body.reference}?t=${body.customer_token}`;
  return {
    owner,
    id: body.id as number,
    paid: charge?.amountCents ?? 0,
    cancelUrl: `/api/publicLanding/${landing.name}/reservation/${body.reference}/cancel?t=${body.customer_token}`,
    pageUrl: language === "en" ? `${link}&lang=en` : link,
  };
}

/**
 * US$80 given back of the owner's accord, then the booking cancelled from its customer's link: less
 * is left than the US$100 fee. Returns what was kept.
 */
async function courtesyThenCancel({ owner, id, paid, cancelUrl }: Awaited<ReturnType<typeof paidByCard>>) {
  const given = await as(owner, "POST", `/api/reservations/${id}/refunds`, {
    amount: "80",
    reason: "Cortesía",
    refundable_cents: paid,
  });
  expect(given.statusCode, given.body).toBe(200);
  expect((await app.inject({ method: "POST", url: cancelUrl })).statusCode).toBe(200);
  return paid - 80_00;
}

const WORDS = {
  es: {
    due: "A pagar en la recogida",
    kept: "Retenido como cargo por cancelación",
    back: "Reembolsado a tu tarjeta",
    refundedOn: "Reembolsado a tu tarjeta el",
    refundPending: "Reembolso en curso",
    partlyKept: (fee: string, kept: string) =>
      `Cargo por cancelación según la política: ${fee}. De lo que pagaste se retuvieron ${kept}.`,
  },
  en: {
    due: "To pay at pickup",
    kept: "Kept as the cancellation fee",
    back: "Refunded to your card",
    refundedOn: "Refunded to your card on",
    refundPending: "Refund on its way",
    partlyKept: (fee: string, kept: string) =>
      `Cancellation fee under the policy: ${fee}. Of what you paid, ${kept} was kept.`,
  },
} as const;

describe("a cancelled card booking", () => {
  for (const language of ["es", "en"] as const) {
    const words = WORDS[language];
    const money = (cents: number) => formatMoney(cents, "USD", language);

    it(`emails what the fee kept and what went back, never what is due at pickup (${language})`, async () => {
      const { owner, id, paid, cancelUrl } = await paidByCard(language);
      const cancelled = await app.inject({ method: "POST", url: cancelUrl });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // Ten days ahead: the policy's early fee, US$100, kept of the payment; the rest goes back.
      expect(cancelled.json().reservation).toMatchObject({
        cancellation_fee_cents: 100_00,
        cancellation_fee_kept_cents: 100_00,
      });
      const [told = ""] = await mailsOf(id, "reservation.cancelled");
      expect(told).toContain(`${words.kept}: ${money(100_00)}`);
      expect(told).not.toContain(words.due);

      // The owner then gives back US$25 more of their own accord: the receipt says the fee kept is
      // now US$75, and all that went back to the card, with nothing to pay at a pickup that will not be.
      const refund = await as(
        owner,
        "POST",
        `/api/reservations/${id}/refunds`,
        { amount: "25", reason: "Cortesía", refundable_cents: 100_00 },
        language,
      );
      expect(refund.statusCode, refund.body).toBe(200);
      expect(refund.json().reservation.cancellation_fee_kept_cents).toBe(75_00);
      const receipt = (await mailsOf(id, "reservation.money")).at(-1) ?? "";
      expect(receipt).toContain(`${words.back}: ${money(paid - 75_00)}`);
      expect(receipt).toContain(`${words.kept}: ${money(75_00)}`);
      expect(receipt).not.toContain(words.due);
    });

    it(`shows its customer when each refund was made and the fee actually kept, where less than the fee (${language})`, async () => {
      const booking = await paidByCard(language);
      const { id, pageUrl } = booking;
      const kept = await courtesyThenCancel(booking);
      expect(kept).toBeLessThan(100_00);
      const refund = (await ledger(id)).find((entry) => entry.kind === "refund");
      if (!refund) throw new Error("refunded");
      const local = toLocal(refund.createdAt, DEFAULT_TIME_ZONE);

      const html = (await app.inject({ method: "GET", url: pageUrl })).body;
      const page = parseHtml(html);
      const rows = page.byTestId("payment-refunded").map((row) => page.text(row));
      expect(rows).toEqual([`${words.refundedOn} ${formatWhen(local.date, local.time, language)}${money(80_00)}`]);
      expect(page.text(page.byTestId("payment-fee-kept")[0])).toBe(`${words.kept}${money(kept)}`);
      expect(page.text(page.byTestId("reservation-cancelled-by")[0])).toContain(
        words.partlyKept(money(100_00), money(kept)),
      );
      expect(page.byTestId("payment-pickup")).toHaveLength(0);
    });
  }
});

describe("a cancellation's refund the provider made on a later try", () => {
  for (const language of ["es", "en"] as const) {
    it(`is said on its way while it is, then dated when the money went back, not when it was asked (${language})`, async () => {
      const { owner, id, paid, cancelUrl, pageUrl } = await paidByCard(language);
      const words = WORDS[language];
      const money = (cents: number) => formatMoney(cents, "USD", language);
      const back = paid - 100_00;
      // Stripe is down as the booking is cancelled: the refund is asked, and fails for now.
      standIn.failNext(2, 503);
      expect((await app.inject({ method: "POST", url: cancelUrl })).statusCode).toBe(200);
      const asked = clock.now();
      const pending = parseHtml((await app.inject({ method: "GET", url: pageUrl })).body);
      expect(pending.byTestId("payment-refunded")).toHaveLength(0);
      expect(pending.text(pending.byTestId("payment-refund-pending")[0])).toBe(`${words.refundPending}${money(back)}`);

      // Fifty minutes on (within the owner's session), the sweep asks again and Stripe makes it.
      clock.advance(50 * 60_000);
      await sweepPayments(app.deps);
      const made = clock.now();
      const [refund] = (await ledger(id)).filter((entry) => entry.kind === "refund");
      expect(refund).toMatchObject({ status: "succeeded", amountCents: back, createdAt: asked, completedAt: made });
      const when = (at: Date) => {
        const local = toLocal(at, DEFAULT_TIME_ZONE);
        return formatWhen(local.date, local.time, language);
      };
      expect(when(made)).not.toBe(when(asked));
      const page = parseHtml((await app.inject({ method: "GET", url: pageUrl })).body);
      expect(page.byTestId("payment-refunded").map((row) => page.text(row))).toEqual([
        `${words.refundedOn} ${when(made)}${money(back)}`,
      ]);
      expect(page.byTestId("payment-refund-pending")).toHaveLength(0);

      // The owner's detail reads the same date.
      const detail = await app.inject({
        method: "GET",
        url: `/api/planner/reservations/${id}`,
        headers: bearer(owner),
      });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().payment.refunds).toEqual([
        { amount_cents: back, recorded_at: asked.toISOString(), refunded_at: made.toISOString(), by_hand: false },
      ]);
      expect(detail.json().settlement.refunded_to_card).toMatchObject([
        { amount_cents: back, recorded_at: asked.toISOString(), refunded_at: made.toISOString(), pending: false },
      ]);
    });
  }
});

describe("the owner's email of a customer's cancellation", () => {
  const OWNER_WORDS = {
    es: { kept: "Cargo por cancelación retenido", uncollected: "Cargo por cancelación sin cobrar" },
    en: { kept: "Cancellation fee kept", uncollected: "Cancellation fee not collected" },
  } as const;
  for (const language of ["es", "en"] as const) {
    it(`says what of the fee was kept and what went uncollected, as the detail does, never the policy's whole fee (${language})`, async () => {
      const booking = await paidByCard("es");
      const { owner, id } = booking;
      const saved = await as(owner, "PUT", `/api/users/${owner.id}/language`, { language });
      expect(saved.statusCode, saved.body).toBe(200);
      const kept = await courtesyThenCancel(booking);
      const money = (cents: number) => formatMoney(cents, "USD", language);
      const [told = ""] = await mailsOf(id, "reservation.owner.cancelled");
      expect(told).toContain(`${OWNER_WORDS[language].kept}: ${money(kept)}`);
      expect(told).toContain(`${OWNER_WORDS[language].uncollected}: ${money(100_00 - kept)}`);
      expect(told).not.toContain(money(100_00));
    });
  }

  it("says the whole fee kept, and nothing uncollected, when the payment covered it", async () => {
    const { id, cancelUrl } = await paidByCard("es");
    expect((await app.inject({ method: "POST", url: cancelUrl })).statusCode).toBe(200);
    const [told = ""] = await mailsOf(id, "reservation.owner.cancelled");
    expect(told).toContain(`${OWNER_WORDS.es.kept}: ${formatMoney(100_00, "USD", "es")}`);
    expect(told).not.toContain(OWNER_WORDS.es.uncollected);
  });
});

describe("a cancelled card booking with money given back by hand", () => {
  it("emails what went back to the card apart from what was given back by hand", async () => {
    const { id, paid, cancelUrl } = await paidByCard("es");
    const [charge] = await ledger(id);
    if (!charge) throw new Error("not paid");
    // US$20 taken in cash at the desk and handed back, both recorded by hand: never the card's.
    const hand = {
      reservationId: id,
      landingId: charge.landingId,
      status: "succeeded",
      amountCents: 20_00,
      currency: charge.currency,
      provider: "manual",
      method: "cash",
    };
    await db.insert(payments).values([
      { ...hand, kind: "received" },
      { ...hand, kind: "refund", reason: "owner" },
    ]);
    expect((await app.inject({ method: "POST", url: cancelUrl })).statusCode).toBe(200);
    const money = (cents: number) => formatMoney(cents, "USD", "es");
    // The card's refund on its way, the cash given back said apart: it was "Reembolsado a tu tarjeta: US$20.00".
    const [told = ""] = await mailsOf(id, "reservation.cancelled");
    expect(told).toContain(`Reembolso en curso: ${money(paid - 100_00)}`);
    expect(told).toContain(`Reembolsado: ${money(20_00)}`);
    expect(told).not.toContain("Reembolsado a tu tarjeta");
  });
});

describe("a cancelled booking paid by bank transfer", () => {
  it("emails what is to come back by transfer, then what came back, never what is due at pickup (en)", async () => {
    const { owner, landing } = await transferLanding();
    const body = (await book(landing, { language: "en" })).json();
    const confirmed = await as(owner, "PATCH", `/api/reservations/${body.id}/status`, { status: "confirmed" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paid = confirmed.json().reservation.payment.paid_cents as number;
    // The owner cancels and forgoes the fee: all of the transfer is to go back.
    const cancel = await as(owner, "PATCH", `/api/reservations/${body.id}/status`, {
      status: "cancelled",
      waive_fee: true,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const money = (cents: number) => formatMoney(cents, "USD", "en");
    const [told = ""] = await mailsOf(body.id, "reservation.cancelled");
    expect(told).toContain(`To be refunded: ${money(paid)}`);
    expect(told).not.toContain(WORDS.en.kept);
    expect(told).not.toContain(WORDS.en.due);
    // The owner sends it all back and records it: the receipt says it came back, and nothing is left to come.
    const back = await as(owner, "POST", `/api/reservations/${body.id}/payments/refunds`, {
      method: "transfer",
      amount: String(paid / 100),
      refundable_cents: paid,
    });
    expect(back.statusCode, back.body).toBe(200);
    const receipt = (await mailsOf(body.id, "reservation.money")).at(-1) ?? "";
    expect(receipt).toContain(`Given back: ${money(paid)}`);
    expect(receipt).not.toContain("To be refunded");
    expect(receipt).not.toContain(WORDS.en.due);
  });
});
