import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StandInEvent, type StripeStandIn, startStripeStandIn } from "../test/stripe-stand-in";
import { type CheckoutRequest, type PaymentProvider, ProviderError, type ProviderKeys } from "./provider";
import { checkoutExpiry, stripeProvider } from "./stripe-provider";

// The provider through the official `stripe` client against the local stand-in (no network):
// what Nelly sends, what it reads back, and how Stripe's refusals are sorted.

type Received = { body: Buffer; signature: string; event: StandInEvent };

/** The operator's webhook endpoint: keeps each delivery's raw bytes and signature. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      received.push({ body, signature: String(req.headers["stripe-signature"]), event: JSON.parse(body.toString()) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    find: (type: string, objectId: string) =>
      received.find((r) => r.event.type === type && r.event.data.object.id === objectId),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const keys: ProviderKeys = {
  secretKey: "sk_test_51NellyOperatorOne0000000000",
  publishableKey: "pk_test_51NellyOperatorOne0000000000",
  webhookSecret: "whsec_nellyOperatorOneSecret",
};
const SUCCESS = "https://rentacar.example.com/reservas/NLY-1001/pagado?session={CHECKOUT_SESSION_ID}";

let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let provider: PaymentProvider;
let accountId: string;

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startStripeStandIn();
  accountId = standIn.addAccount({ ...keys, webhookUrl: receiver.url, displayName: "Rent a Car Punta Cana" }).id;
  provider = stripeProvider({ apiUrl: standIn.url });
});
afterAll(async () => {
  await standIn.close();
  await receiver.close();
});
beforeEach(() => standIn.setDelivery(keys.secretKey, "before-return"));

let sequence = 0;
function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  sequence += 1;
  return {
    reference: `NLY-${1000 + sequence}`,
    reservationId: 500 + sequence,
    landingId: 7,
    amountCents: 12_500,
    currency: "usd",
    description: "Toyota Corolla · 12–15 dic",
    customerEmail: "ana@example.com",
    language: "es",
    saveCard: false,
    successUrl: SUCCESS,
    cancelUrl: "https://rentacar.example.com/reservas/NLY-1001",
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    idempotencyKey: `checkout-${sequence}`,
    ...overrides,
  };
}

/** The visitor presses Pay on the hosted page. */
const pay = (url: string) => fetch(url, { method: "POST", redirect: "manual" });

async function paidCheckout(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkoutRequest(overrides);
  const checkout = await provider.createCheckout(keys, request);
  expect((await pay(checkout.url)).status).toBe(303);
  return { request, checkout, state: await provider.getCheckout(keys, checkout.id) };
}

async function savedCard() {
  const { state } = await paidCheckout({ amountCents: 0, saveCard: true });
  if (!state.customerId || !state.paymentMethodId) throw new Error("no card saved");
  return { customerId: state.customerId, paymentMethodId: state.paymentMethodId };
}

function holdRequest(card: { customerId: string; paymentMethodId: string }, amountCents = 50_000) {
  sequence += 1;
  return {
    ...card,
    amountCents,
    currency: "usd",
    reservationId: 42,
    reference: "NLY-0042",
    idempotencyKey: `hold-${sequence}`,
  };
}

const payment = (id: string | null) => standIn.payments().find((p) => p.id === id);

function rejection(kind: ProviderError["kind"]) {
  return expect.objectContaining({ name: "ProviderError", kind });
}

describe("checkAccount", () => {
  it("answers the account, its name and test mode", async () => {
    expect(await provider.checkAccount(keys)).toEqual({
      accountId,
      displayName: "Rent a Car Punta Cana",
      testMode: true,
    });
  });

  it("sorts a wrong key as auth, without the key in the message", async () => {
    const wrong = { ...keys, secretKey: "sk_live_51WrongKeyThatStripeDoesNotKnow9876" };
    const error = await provider.checkAccount(wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "auth" });
    expect((error as Error).message).not.toMatch(/sk_|9876/);
  });

  it("sorts Stripe being down as unavailable, and works again after", async () => {
    // Two failures: the call and the client's one retry.
    standIn.failNext(2, 503);
    await expect(provider.checkAccount(keys)).rejects.toEqual(rejection("unavailable"));
    expect((await provider.checkAccount(keys)).accountId).toBe(accountId);
  });
});

describe("checkout", () => {
  it("is paid on the hosted page, sends the visitor back, and reads back complete and paid", async () => {
    const request = checkoutRequest({ saveCard: false });
    const checkout = await provider.createCheckout(keys, request);
    expect(checkout.url).toBe(`${standIn.url}/pay/${checkout.id}`);
    // Told to Stripe in whole minutes, so that a retry within the minute is the same request.
    expect(checkout.expiresAt.getTime()).toBe(Math.floor(request.expiresAt.getTime() / 60_000) * 60_000);

    const page = await fetch(checkout.url);
    const html = await page.text();
    expect(html).toContain("Toyota Corolla · 12–15 dic");
    expect(html).toContain("125");
    expect(html).toContain(">Pagar</button>");
    expect(await provider.getCheckout(keys, checkout.id)).toMatchObject({
      status: "open",
      paymentStatus: "unpaid",
      paymentId: null,
    });

    const paid = await pay(checkout.url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(SUCCESS.replace("{CHECKOUT_SESSION_ID}", checkout.id));

    const state = await provider.getCheckout(keys, checkout.id);
    expect(state).toMatchObject({
      id: checkout.id,
      status: "complete",
      paymentStatus: "paid",
      amountCents: 12_500,
      currency: "usd",
      customerId: null,
      reservationId: request.reservationId,
    });
    expect(state.paymentId).toMatch(/^pi_/);
    expect(payment(state.paymentId)).toMatchObject({
      status: "succeeded",
      amount_received: 12_500,
      metadata: { reservation_id: String(request.reservationId), reference: request.reference, landing_id: "7" },
    });
    // Paid once: the page refuses a second payment.
    expect((await pay(checkout.url)).status).toBe(409);
  });

  it("keeps the card on a new customer when asked while charging", async () => {
    const { state } = await paidCheckout({ saveCard: true, amountCents: 20_000 });
    expect(state).toMatchObject({ status: "complete", paymentStatus: "paid", amountCents: 20_000 });
    expect(state.customerId).toMatch(/^cus_/);
    expect(state.paymentMethodId).toMatch(/^pm_/);
    expect(payment(state.paymentId)?.setup_future_usage).toBe("off_session");
  });

  it("asks Stripe for at least 30 minutes however soon Nelly's hold ends", async () => {
    const checkout = await provider.createCheckout(keys, checkoutRequest({ expiresAt: new Date(Date.now() + 60_000) }));
    expect(checkout.expiresAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 30 * 60 * 1000);
  });

  it("sends the same checkout back for the same idempotency key", async () => {
    const request = checkoutRequest();
    const first = await provider.createCheckout(keys, request);
    expect((await provider.createCheckout(keys, request)).id).toBe(first.id);
    expect(standIn.sessions().filter((s) => s.metadata.reference === request.reference)).toHaveLength(1);
  });

  it("refuses a checkout with nothing to charge and no card to save", async () => {
    await expect(provider.createCheckout(keys, checkoutRequest({ amountCents: 0 }))).rejects.toEqual(
      rejection("invalid"),
    );
  });

  it("expires an open checkout, which then cannot be paid", async () => {
    const request = checkoutRequest();
    const checkout = await provider.createCheckout(keys, request);
    expect(await provider.expireCheckout(keys, checkout.id)).toBe("expired");
    expect(await provider.getCheckout(keys, checkout.id)).toMatchObject({ status: "expired", paymentStatus: "unpaid" });
    // Asked again, it is already over: still expired.
    expect(await provider.expireCheckout(keys, checkout.id)).toBe("expired");
    const refused = await pay(checkout.url);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain("caducado");

    const delivered = receiver.find("checkout.session.expired", checkout.id);
    if (!delivered) throw new Error("no checkout.session.expired delivered");
    expect(await provider.readWebhook(keys, delivered.body, delivered.signature)).toMatchObject({
      type: "checkout.expired",
      checkoutId: checkout.id,
      reservationId: request.reservationId,
    });
  });

  it("leaves a paid checkout alone when asked to expire it", async () => {
    const { checkout } = await paidCheckout();
    await expect(provider.expireCheckout(keys, checkout.id)).resolves.toBe("complete");
    expect((await provider.getCheckout(keys, checkout.id)).status).toBe("complete");
  });

  it("sorts an unknown checkout as invalid", async () => {
    await expect(provider.getCheckout(keys, "cs_test_missing")).rejects.toEqual(rejection("invalid"));
    await expect(provider.expireCheckout(keys, "cs_test_missing")).rejects.toEqual(rejection("invalid"));
  });
});

describe("deposit holds", () => {
  it("saves a card without charging it", async () => {
    const { state, request } = await paidCheckout({ amountCents: 0, saveCard: true });
    expect(state).toMatchObject({
      status: "complete",
      paymentStatus: "no_payment_required",
      paymentId: null,
      amountCents: 0,
    });
    expect(state.customerId).toMatch(/^cus_/);
    expect(state.paymentMethodId).toMatch(/^pm_/);
    // The saved card's setup names the booking, as a charge's payment does.
    const setupId = standIn.sessions().find((found) => found.id === state.id)?.setup_intent;
    expect(standIn.setupIntents().find((found) => found.id === setupId)?.metadata).toEqual({
      reservation_id: String(request.reservationId),
      reference: request.reference,
      landing_id: "7",
    });
  });

  it("holds the deposit, refuses a capture above it, and captures part of it", async () => {
    const card = await savedCard();
    const before = Date.now();
    const hold = await provider.holdDeposit(keys, holdRequest(card, 50_000));
    expect(hold.amountCents).toBe(50_000);
    expect(hold.captureBefore.getTime()).toBeGreaterThanOrEqual(before - 1000 + 7 * 24 * 60 * 60 * 1000);
    expect(payment(hold.paymentId)).toMatchObject({
      status: "requires_capture",
      amount_capturable: 50_000,
      capture_method: "manual",
      metadata: { reservation_id: "42", reference: "NLY-0042", kind: "deposit" },
    });

    await expect(provider.captureHold(keys, hold.paymentId, 50_001, "capture-too-much")).rejects.toEqual(
      rejection("invalid"),
    );
    await provider.captureHold(keys, hold.paymentId, 20_000, `capture-${hold.paymentId}`);
    expect(payment(hold.paymentId)).toMatchObject({
      status: "succeeded",
      amount_received: 20_000,
      amount_capturable: 0,
    });
  });

  it("holds once and captures once for the same idempotency key, as a retry after a lost answer does", async () => {
    const card = await savedCard();
    const request = holdRequest(card, 40_000);
    const hold = await provider.holdDeposit(keys, request);
    expect((await provider.holdDeposit(keys, request)).paymentId).toBe(hold.paymentId);
    expect(standIn.payments().filter((p) => p.customer === card.customerId)).toHaveLength(1);
    await provider.captureHold(keys, hold.paymentId, 15_000, `capture-once-${hold.paymentId}`);
    await provider.captureHold(keys, hold.paymentId, 15_000, `capture-once-${hold.paymentId}`);
    expect(payment(hold.paymentId)).toMatchObject({ status: "succeeded", amount_received: 15_000 });
  });

  it("releases a hold, and a second release is fine", async () => {
    const hold = await provider.holdDeposit(keys, holdRequest(await savedCard(), 30_000));
    await provider.releaseHold(keys, hold.paymentId, `release-${hold.paymentId}`);
    expect(payment(hold.paymentId)).toMatchObject({ status: "canceled", amount_capturable: 0 });
    await provider.releaseHold(keys, hold.paymentId, `release-again-${hold.paymentId}`);

    const delivered = receiver.find("payment_intent.canceled", hold.paymentId);
    if (!delivered) throw new Error("no payment_intent.canceled delivered");
    expect(await provider.readWebhook(keys, delivered.body, delivered.signature)).toMatchObject({
      type: "hold.released",
      paymentId: hold.paymentId,
    });
  });

  it("does not release a hold already captured", async () => {
    const hold = await provider.holdDeposit(keys, holdRequest(await savedCard(), 10_000));
    await provider.captureHold(keys, hold.paymentId, 10_000, `capture-all-${hold.paymentId}`);
    await expect(provider.releaseHold(keys, hold.paymentId, "release-captured")).rejects.toEqual(rejection("invalid"));
  });

  it("sorts a declined card as card", async () => {
    const card = await savedCard();
    standIn.declineNext();
    await expect(provider.holdDeposit(keys, holdRequest(card))).rejects.toEqual(rejection("card"));
  });

  it("cannot hold on a card that was only used to pay (not saved)", async () => {
    const { state } = await paidCheckout();
    const card = { customerId: "cus_unknown", paymentMethodId: payment(state.paymentId)?.payment_method };
    await expect(provider.holdDeposit(keys, holdRequest(card))).rejects.toEqual(rejection("invalid"));
  });
});

describe("refunds", () => {
  it("refunds part, then the rest, then refuses more", async () => {
    const { state } = await paidCheckout({ amountCents: 30_000 });
    const paymentId = state.paymentId ?? "";
    const first = await provider.refund(keys, paymentId, 10_000, "refund-a");
    expect(first).toEqual({ id: expect.stringMatching(/^re_/), amountCents: 10_000, status: "succeeded" });
    await expect(provider.refund(keys, paymentId, 20_001, "refund-too-much")).rejects.toEqual(rejection("invalid"));
    expect((await provider.refund(keys, paymentId, 20_000, "refund-b")).amountCents).toBe(20_000);
    await expect(provider.refund(keys, paymentId, 1, "refund-c")).rejects.toEqual(rejection("invalid"));
    expect(
      standIn
        .refunds()
        .filter((r) => r.payment_intent === paymentId)
        .map((r) => r.amount),
    ).toEqual([10_000, 20_000]);
  });

  it("refunds once for the same idempotency key", async () => {
    const { state } = await paidCheckout({ amountCents: 8_000 });
    const paymentId = state.paymentId ?? "";
    const first = await provider.refund(keys, paymentId, 8_000, `refund-${paymentId}`);
    const again = await provider.refund(keys, paymentId, 8_000, `refund-${paymentId}`);
    expect(again).toEqual(first);
    expect(standIn.refunds().filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
  });

  it("reports a failed refund, and its webhook says so", async () => {
    const { state } = await paidCheckout({ amountCents: 5_000 });
    const paymentId = state.paymentId ?? "";
    standIn.refundFailsNext();
    const failed = await provider.refund(keys, paymentId, 5_000, `refund-fails-${paymentId}`);
    expect(failed).toMatchObject({ amountCents: 5_000, status: "failed" });

    const delivered = receiver.find("refund.failed", failed.id);
    if (!delivered) throw new Error("no refund.failed delivered");
    expect(await provider.readWebhook(keys, delivered.body, delivered.signature)).toMatchObject({
      type: "refund.updated",
      paymentId,
      refund: { id: failed.id, amountCents: 5_000, status: "failed" },
    });
    // The failed refund gave nothing back: the whole amount can be refunded again.
    expect((await provider.refund(keys, paymentId, 5_000, `refund-retry-${paymentId}`)).status).toBe("succeeded");
  });
});

describe("webhooks", () => {
  it("reads a delivered checkout.session.completed, signature checked", async () => {
    const { checkout, request } = await paidCheckout();
    const delivered = receiver.find("checkout.session.completed", checkout.id);
    if (!delivered) throw new Error("no checkout.session.completed delivered");
    const event = await provider.readWebhook(keys, delivered.body, delivered.signature);
    expect(event).toMatchObject({
      id: delivered.event.id,
      type: "checkout.completed",
      checkout: {
        id: checkout.id,
        status: "complete",
        paymentStatus: "paid",
        amountCents: 12_500,
        reservationId: request.reservationId,
      },
    });
    expect(event.type === "checkout.completed" && event.checkout.paymentId).toMatch(/^pi_/);
    expect(event.createdAt.getTime()).toBe(delivered.event.created * 1000);
  });

  it("refuses a tampered body and a wrong secret as invalid", async () => {
    const { checkout } = await paidCheckout();
    const delivered = receiver.find("checkout.session.completed", checkout.id);
    if (!delivered) throw new Error("no checkout.session.completed delivered");
    const tampered = Buffer.from(delivered.body.toString().replace('"amount_total": 12500', '"amount_total": 1'));
    expect(tampered.equals(delivered.body)).toBe(false);
    await expect(provider.readWebhook(keys, tampered, delivered.signature)).rejects.toThrow(rejection("invalid"));
    const wrongSecret = { ...keys, webhookSecret: "whsec_someoneElse" };
    await expect(provider.readWebhook(wrongSecret, delivered.body, delivered.signature)).rejects.toThrow(
      rejection("invalid"),
    );
    await expect(provider.readWebhook(keys, delivered.body, "")).rejects.toThrow(rejection("invalid"));
  });

  it("answers ignored for an event Nelly does not act on", async () => {
    const hold = await provider.holdDeposit(keys, holdRequest(await savedCard(), 1_000));
    const delivered = receiver.find("payment_intent.amount_capturable_updated", hold.paymentId);
    if (!delivered) throw new Error("no payment_intent.amount_capturable_updated delivered");
    expect(await provider.readWebhook(keys, delivered.body, delivered.signature)).toMatchObject({
      type: "ignored",
      providerType: "payment_intent.amount_capturable_updated",
    });
  });

  it("queues events in manual mode until they are delivered, in the order asked", async () => {
    standIn.setDelivery(keys.secretKey, "manual");
    await standIn.deliverAll();
    const { checkout } = await paidCheckout();
    expect(receiver.find("checkout.session.completed", checkout.id)).toBeUndefined();
    const pending = standIn.pending();
    expect(pending.map((event) => event.type)).toEqual(["payment_intent.succeeded", "checkout.session.completed"]);
    const receivedBefore = receiver.received.length;
    expect(await standIn.deliverAll({ reverse: true })).toEqual([200, 200]);
    expect(standIn.pending()).toEqual([]);
    expect(receiver.received.slice(receivedBefore).map((r) => r.event.id)).toEqual(pending.map((e) => e.id).reverse());
    expect(receiver.find("checkout.session.completed", checkout.id)?.event.id).toBe(pending[1]?.id);
    // Delivered again on demand, as Stripe's retries do: the receiver sees a duplicate.
    expect(await standIn.deliver(pending[1]?.id ?? "")).toBe(200);
    expect(receiver.received.filter((r) => r.event.id === pending[1]?.id)).toHaveLength(2);
  });
});

describe("the checkout's expiry told to Stripe", () => {
  const now = Date.parse("2026-12-01T10:00:20Z");
  const at = (iso: string) => Date.parse(iso) / 1000;

  it("is Nelly's own deadline, in whole minutes, when Stripe accepts it", () => {
    expect(checkoutExpiry(new Date("2026-12-01T14:30:45Z"), now)).toBe(at("2026-12-01T14:30:00Z"));
  });

  it("is at least 32 minutes ahead (Stripe refuses under 30) and at most a minute short of 24 hours", () => {
    expect(checkoutExpiry(new Date("2026-12-01T10:15:00Z"), now)).toBe(at("2026-12-01T10:32:00Z"));
    expect(checkoutExpiry(new Date("2026-12-05T10:00:00Z"), now)).toBe(at("2026-12-02T09:59:00Z"));
  });

  it("is the same for a retry within the same minute, so Stripe sees the same request again", () => {
    const due = new Date("2026-12-01T10:15:00Z");
    expect(checkoutExpiry(due, now + 30_000)).toBe(checkoutExpiry(due, now));
    expect(checkoutExpiry(due, now + 60_000)).not.toBe(checkoutExpiry(due, now));
  });
});
