import { translate } from "@domain/messages";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { landingPayments, outbox, payments, reservations } from "../db/schema";
import { HttpError } from "../http/errors";
import { confirmPaid, lapseUnpaid, recordCheckout } from "../reservations";
import { bearer } from "../test/factories";
import { payingWorld } from "../test/paying-landings";
import { settleOnReturn, startCheckout } from "./checkout";
import { paymentsOf } from "./open";
import { type CheckoutState, ProviderError } from "./provider";
import { landingKeys } from "./settings";
import { MAX_ATTEMPTS, nextAttempt, RETRY_MS, refund, settleCheckout } from "./settle";

// Issue 27: the edges of a card payment that the journeys of checkout-flow.test.ts do not walk: a
// checkout asked for a booking that does not wait on a card, keys that cannot be read, the booking
// lapsing while the provider makes its page, what a checkout's news says and does not say, and the
// webhooks that name something this landing does not have.

const { app, clock, db, standIn, cardLanding, transferLanding, holdingLanding, book, pay } = await payingWorld();
afterAll(() => standIn.close());
afterEach(() => vi.restoreAllMocks());

const provider = paymentsOf(app.deps.config).provider;
const stored = async (id: number) => (await db.select().from(reservations).where(eq(reservations.id, id)))[0];
const ledger = (id: number) => db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(payments.id);
const mailKinds = async (id: number) =>
  (await db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.reservationId, id)).orderBy(outbox.id)).map(
    (mail) => mail.kind,
  );
const sessionOf = (id: string | null | undefined) => standIn.sessions().find((session) => session.id === id);
/** The error a promise rejects with. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/** A card booking awaiting its payment, with its row and the landing's keys. */
async function waitingBooking(delivery: "before-return" | "manual" = "manual") {
  const { owner, landing, account } = await cardLanding("2", delivery);
  const body = (await book(landing)).json();
  const row = await stored(body.id);
  const keys = await landingKeys(app.deps, landing.id);
  if (!row || !keys) throw new Error("not stored");
  return { owner, landing, account, body, row, keys };
}

/** The checkout of `row` as the provider reports it once paid. */
const paidState = (row: { id: number; totalCents: number }): CheckoutState => ({
  id: "cs_test_edge",
  status: "complete" as const,
  paymentStatus: "paid" as const,
  reservationId: row.id,
  paymentId: `pi_test_edge_${row.id}`,
  amountCents: row.totalCents,
  currency: "usd",
  customerId: null,
  paymentMethodId: null,
});

describe("a checkout asked for a booking", () => {
  it("is refused for a booking that does not wait on a card payment", async () => {
    const notDue = async (id: number) => {
      const error = await refusal(startCheckout(app.deps, id, "token"));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 409, key: "paymentNotDue" });
    };
    await notDue(999_999_999);
    // Paid by bank transfer: it waits, but not on a card.
    const { landing: transfer } = await transferLanding();
    const byTransfer = (await book(transfer)).json();
    expect(byTransfer.status).toBe("awaiting_payment");
    await notDue(byTransfer.id);
    // A card booking with no due time left (never the case in use): nothing to pay by.
    const { row } = await waitingBooking();
    await db.update(reservations).set({ paymentDueAt: null }).where(eq(reservations.id, row.id));
    await notDue(row.id);
  });

  it("is due by the pickup at the latest: a transfer's hours never run past it", async () => {
    const { landing } = await transferLanding();
    // Three days to transfer, for a pickup tomorrow.
    const [kept] = await db.select().from(landingPayments).where(eq(landingPayments.landingId, landing.id));
    if (!kept) throw new Error("the landing's payments are missing");
    const settings = { ...kept.settings, transfer: { ...kept.settings.transfer, deadlineHours: 72 } };
    await db
      .update(landingPayments)
      .set({ settings, version: kept.version + 1 })
      .where(eq(landingPayments.landingId, landing.id));
    const day = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const soon = await book(landing, { date_of_departure: day(1), date_of_arrival: day(3) });
    expect(soon.statusCode, soon.body).toBe(201);
    const row = await stored(soon.json().id);
    expect(row?.status).toBe("awaiting_payment");
    const windowEnds = clock.now().getTime() + settings.transfer.deadlineHours * 3_600_000;
    expect(row?.pickupAt.getTime()).toBeLessThan(windowEnds);
    expect(row?.paymentDueAt?.getTime()).toBe(row?.pickupAt.getTime());
    // Ten days ahead, the whole window.
    const later = await stored((await book(landing)).json().id);
    expect(later?.paymentDueAt?.getTime()).toBe(windowEnds);
  });

  it("answers 503 and keeps the booking waiting when the landing's keys cannot be read", async () => {
    const { landing, row, body } = await waitingBooking();
    await db.update(reservations).set({ checkoutId: null, checkoutUrl: null }).where(eq(reservations.id, row.id));
    await db
      .update(landingPayments)
      .set({ secretKeySealed: "not-a-sealed-value" })
      .where(eq(landingPayments.landingId, landing.id));
    const error = await refusal(startCheckout(app.deps, row.id, body.customer_token));
    expect(error).toMatchObject({ statusCode: 503, key: "paymentUnavailable" });
    expect(await settleOnReturn(app.deps, { ...row, checkoutId: "cs_test_kept" })).toBe(false);
    expect((await stored(row.id))?.status).toBe("awaiting_payment");
  });

  it("speaks Spanish on the provider's page for a booking made in Spanish", async () => {
    const { row, body, landing } = await waitingBooking();
    expect(row.language).toBe("es");
    const session = sessionOf(row.checkoutId);
    expect(session?.locale).toBe("es");
    expect(session?.cancel_url).toBe(
      `http://localhost:3000/${landing.name}/reservation/${body.reference}?t=${body.customer_token}&lang=es`,
    );
  });

  it("never confirms a booking whose prepayment is a transfer on saving a card: the deposit is then taken at pickup", async () => {
    // A walk's finding: the card kept for the deposit on the provider's page confirmed the booking,
    // nothing paid and no transfer asked for. The settings refuse the two together, by name.
    const landing = await holdingLanding("at_booking");
    const transfer = { bank: "Banco Popular", holder: "Autos SRL", account: "812-345678-9", deadline_hours: "24" };
    const form = { prepay: "percent", prepay_percent: "50", channel: "transfer", pickup_methods: ["cash"], transfer };
    for (const hold of ["at_booking", "before_pickup"]) {
      const refused = await app.inject({
        method: "PUT",
        url: `/api/landings/${landing.owner.id}/${landing.id}/payments`,
        payload: { version: 3, ...form, deposit_hold: hold, deposit_hold_days: "2" },
        headers: { ...bearer(landing.owner), "accept-language": "en" },
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({
        deposit_hold: [translate("en", "depositHoldNeedsCardPrepay")],
      });
    }
    // Settings saved before that refusal: a booking takes its deposit at pickup and waits for the transfer.
    const [kept] = await db.select().from(landingPayments).where(eq(landingPayments.landingId, landing.id));
    if (!kept) throw new Error("the landing's payments are missing");
    const account = { bank: "Banco Popular", holder: "Autos SRL", account: "812-345678-9" };
    const settings: typeof kept.settings = {
      ...kept.settings,
      prepay: "percent",
      prepayPercent: 50,
      channel: "transfer",
      depositHold: "at_booking",
      transfer: { ...kept.settings.transfer, ...account },
    };
    await db
      .update(landingPayments)
      .set({ settings, version: kept.version + 1 })
      .where(eq(landingPayments.landingId, landing.id));
    const body = (await book(landing)).json();
    const row = await stored(body.id);
    expect(row?.status).toBe("awaiting_payment");
    expect(row?.paymentPlan).toMatchObject({ channel: "transfer", depositHold: "none", depositCents: 0 });
    expect(row?.paymentPlan?.prepayCents).toBeGreaterThan(0);
    expect(row?.checkoutId).toBeNull();
    // The transfer's hours to pay, not the card's minutes.
    const due = (row?.paymentDueAt?.getTime() ?? 0) - clock.now().getTime();
    expect(due).toBe(settings.transfer.deadlineHours * 3_600_000);
  });

  it("is 409 when the booking lapses while the provider makes its page, and that page is closed", async () => {
    const { row, body } = await waitingBooking();
    await db.update(reservations).set({ checkoutId: null, checkoutUrl: null }).where(eq(reservations.id, row.id));
    const create = provider.createCheckout.bind(provider);
    let made: string | null = null;
    vi.spyOn(provider, "createCheckout").mockImplementation(async (keys, order) => {
      const checkout = await create(keys, { ...order, idempotencyKey: `${order.idempotencyKey}-lapsing` });
      made = checkout.id;
      expect(await lapseUnpaid(app.deps, row.id)).toBe(true);
      return checkout;
    });
    const error = await refusal(startCheckout(app.deps, row.id, body.customer_token));
    expect(error).toMatchObject({ statusCode: 409, key: "paymentNotDue" });
    expect(made).not.toBeNull();
    expect(sessionOf(made)).toMatchObject({ status: "expired" });
  });

  it("lets a fault of Nelly's own through, never dressed as the provider being down", async () => {
    const { row, body } = await waitingBooking();
    await db.update(reservations).set({ checkoutId: null, checkoutUrl: null }).where(eq(reservations.id, row.id));
    vi.spyOn(provider, "createCheckout").mockRejectedValueOnce(new TypeError("a bug"));
    expect(await refusal(startCheckout(app.deps, row.id, body.customer_token))).toBeInstanceOf(TypeError);
    vi.spyOn(provider, "getCheckout").mockRejectedValueOnce(new TypeError("a bug"));
    expect(await refusal(settleOnReturn(app.deps, { ...row, checkoutId: "cs_test_any" }))).toBeInstanceOf(TypeError);
  });
});

describe("a checkout's news", () => {
  it("pays nothing and moves nothing unless the checkout is complete, paid and names a booking", async () => {
    const { landing, row, keys } = await waitingBooking();
    const paid = paidState(row);
    const states: CheckoutState[] = [
      { ...paid, status: "open" },
      { ...paid, status: "expired" },
      { ...paid, paymentStatus: "unpaid" },
      { ...paid, reservationId: null },
    ];
    for (const state of states) {
      expect(await settleCheckout(app.deps, keys, landing.id, state)).toBe("unpaid");
    }
    expect(await ledger(row.id)).toEqual([]);
    expect((await stored(row.id))?.status).toBe("awaiting_payment");
    // Another landing's booking is not this landing's to settle.
    const other = await waitingBooking();
    expect(await settleCheckout(app.deps, keys, landing.id, paidState(other.row))).toBe("missing");
    expect(await ledger(other.row.id)).toEqual([]);
  });

  it("records a charge only for money taken: none without a payment or for nothing", async () => {
    const first = await waitingBooking();
    expect(
      await settleCheckout(app.deps, first.keys, first.landing.id, { ...paidState(first.row), paymentId: null }),
    ).toBe("confirmed");
    expect(await ledger(first.row.id)).toEqual([]);
    const second = await waitingBooking();
    expect(
      await settleCheckout(app.deps, second.keys, second.landing.id, { ...paidState(second.row), amountCents: 0 }),
    ).toBe("confirmed");
    expect(await ledger(second.row.id)).toEqual([]);
  });

  it("gives a payment that came after the booking lapsed back, as 'lapsed', and holds no deposit for it", async () => {
    const landing = await holdingLanding("at_booking");
    const saved = await app.inject({
      method: "PUT",
      url: `/api/landings/${landing.owner.id}/${landing.id}/payments`,
      payload: { version: 3, prepay: "full", channel: "card", pickup_methods: [], deposit_hold: "at_booking" },
      headers: bearer(landing.owner),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = (await book(landing)).json();
    expect(await lapseUnpaid(app.deps, body.id)).toBe(true);
    // The provider's page was still open: the customer pays on it, and its news comes in.
    expect((await pay(body.payment_url)).status).toBe(303);
    const entries = await ledger(body.id);
    expect(entries.map((entry) => [entry.kind, entry.status, entry.reason])).toEqual([
      ["charge", "succeeded", null],
      ["refund", "succeeded", "lapsed"],
    ]);
    expect(entries[1]?.nextAttemptAt).toBeNull();
    expect((await stored(body.id))?.status).toBe("cancelled");
  });

  it("says 'already' for a booking its owner cancelled, and for one already confirmed, telling nobody again", async () => {
    const { owner, landing, row, keys } = await waitingBooking();
    expect(await settleCheckout(app.deps, keys, landing.id, paidState(row))).toBe("confirmed");
    const told = await mailKinds(row.id);
    expect(await confirmPaid(app.deps, landing.id, row.id)).toBe("already");
    expect(await mailKinds(row.id)).toEqual(told);
    const cancelled = await app.inject({
      method: "PATCH",
      url: `/api/reservations/${row.id}/status`,
      payload: { status: "cancelled", waive_fee: true },
      headers: bearer(owner),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await confirmPaid(app.deps, landing.id, row.id)).toBe("already");
    expect(await confirmPaid(app.deps, landing.id, 999_999_999)).toBe("missing");
  });

  it("lapses a payment arriving at its due time if the unit was booked by then", async () => {
    const { landing, row, keys } = await waitingBooking();
    // Its due time is now (the database's clock has passed it): the hold has ended, and the last
    // free units go to somebody else.
    await db.update(reservations).set({ paymentDueAt: clock.now() }).where(eq(reservations.id, row.id));
    const other = await book(landing, { name: "Otra" });
    expect(other.statusCode, other.body).toBe(201);
    expect((await book(landing, { name: "Una más" })).statusCode).toBe(201);
    expect(await settleCheckout(app.deps, keys, landing.id, paidState(row))).toBe("lapsed");
    expect((await stored(row.id))?.status).toBe("cancelled");
  });
});

describe("a booking's own moves", () => {
  it("lapses only a booking still waiting, and tells its customer once", async () => {
    const { landing, row, keys } = await waitingBooking();
    await settleCheckout(app.deps, keys, landing.id, paidState(row));
    const told = await mailKinds(row.id);
    expect(await lapseUnpaid(app.deps, row.id)).toBe(false);
    expect((await stored(row.id))?.status).toBe("confirmed");
    expect(await mailKinds(row.id)).toEqual(told);
    // A checkout is not kept on a booking no longer waiting.
    expect(await recordCheckout(app.deps, row.id, { id: "cs_test_late", url: "https://pay.example/late" })).toBeNull();
  });
});

describe("a refund asked of the provider", () => {
  const order = (row: { id: number; landingId: number }, paymentId: string) => ({
    reservationId: row.id,
    landingId: row.landingId,
    paymentId,
    amountCents: 10_00,
    currency: "usd",
    reason: "owner",
  });

  it("is recorded made, with nothing left to try", async () => {
    const { row, keys, body } = await waitingBooking("before-return");
    await pay(body.payment_url);
    const [charge] = await ledger(row.id);
    if (!charge?.providerId) throw new Error("not paid");
    expect(await refund(app.deps, keys, order(row, charge.providerId))).toMatchObject({ status: "succeeded" });
    const [made] = (await ledger(row.id)).filter((entry) => entry.kind === "refund");
    expect(made).toMatchObject({ status: "succeeded", amountCents: 10_00, reason: "owner", nextAttemptAt: null });
  });

  it("is tried again later when the provider is down, and not when it refused", async () => {
    const { row, keys } = await waitingBooking();
    vi.spyOn(provider, "refund").mockRejectedValueOnce(new ProviderError("unavailable", "down"));
    expect(await refund(app.deps, keys, order(row, "pi_test_down"))).toBeNull();
    vi.spyOn(provider, "refund").mockRejectedValueOnce(new ProviderError("invalid", "refused"));
    expect(await refund(app.deps, keys, order(row, "pi_test_refused"))).toBeNull();
    const [down, refused] = await ledger(row.id);
    expect(down).toMatchObject({ status: "failed", paymentId: "pi_test_down", providerId: null });
    expect(down?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + RETRY_MS);
    expect(refused).toMatchObject({ status: "failed", paymentId: "pi_test_refused", nextAttemptAt: null });
    // A fault of Nelly's own is not written down as the provider's.
    vi.spyOn(provider, "refund").mockRejectedValueOnce(new TypeError("a bug"));
    expect(await refusal(refund(app.deps, keys, order(row, "pi_test_bug")))).toBeInstanceOf(TypeError);
    expect(await ledger(row.id)).toHaveLength(2);
  });

  it("is given up after its last try", () => {
    const now = clock.now();
    expect(nextAttempt(now, MAX_ATTEMPTS - 1)).toBeInstanceOf(Date);
    expect(nextAttempt(now, MAX_ATTEMPTS)).toBeNull();
    expect(nextAttempt(now, MAX_ATTEMPTS + 1)).toBeNull();
  });
});

describe("webhooks that cannot be acted on", () => {
  let events = 0;
  const post = (landingId: number, secret: string | null, payload: string | null) => {
    const headers: Record<string, string> = { "accept-language": "en" };
    if (payload !== null) headers["content-type"] = "application/json";
    if (secret && payload !== null)
      headers["stripe-signature"] = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return app.inject({
      method: "POST",
      url: `/api/payments/stripe/webhook/${landingId}`,
      headers,
      ...(payload === null ? {} : { payload }),
    });
  };
  const event = (type: string, object: Record<string, unknown>) => {
    events += 1;
    return JSON.stringify({ id: `evt_edge_${events}`, object: "event", type, created: 1, data: { object } });
  };

  it("refuses one without a signature, one without a body, and one for a landing with no account", async () => {
    const { landing, account } = await waitingBooking();
    const payload = event("checkout.session.expired", { id: "cs_x", object: "checkout.session", metadata: {} });
    expect((await post(landing.id, null, payload)).statusCode).toBe(400);
    const bodiless = await app.inject({
      method: "POST",
      url: `/api/payments/stripe/webhook/${landing.id}`,
      headers: { "stripe-signature": "t=1,v1=abc" },
    });
    expect(bodiless.statusCode).toBe(400);
    const { landing: noAccount } = await transferLanding();
    const refused = await post(noAccount.id, account.webhookSecret, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(translate("en", "webhookRefused"));
  });

  it("acknowledges a released hold it never made and an expired checkout of another booking, changing nothing", async () => {
    const { landing, account, row } = await waitingBooking();
    const released = await post(
      landing.id,
      account.webhookSecret,
      event("payment_intent.canceled", {
        id: "pi_never_held",
        object: "payment_intent",
        status: "canceled",
        capture_method: "manual",
        amount: 300_00,
        currency: "usd",
        metadata: { reservation_id: String(row.id) },
      }),
    );
    expect(released.statusCode, released.body).toBe(200);
    const expired = await post(
      landing.id,
      account.webhookSecret,
      event("checkout.session.expired", {
        id: "cs_another_page",
        object: "checkout.session",
        status: "expired",
        metadata: { reservation_id: String(row.id), landing_id: String(landing.id) },
      }),
    );
    expect(expired.statusCode, expired.body).toBe(200);
    expect(await ledger(row.id)).toEqual([]);
    expect((await stored(row.id))?.status).toBe("awaiting_payment");
  });
});
