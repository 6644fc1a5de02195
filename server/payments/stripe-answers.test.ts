import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "../test/stripe-stand-in";
import { type PaymentProvider, ProviderError, type ProviderKeys } from "./provider";
import { loadStripe, mapError, stripeProvider } from "./stripe-provider";

// How Nelly reads what Stripe answers: its errors sorted by what Nelly does about them (and never a
// key in their words), and each event it is sent, including the ones whose details are missing or
// odd. Events are signed here with the package's own helper, as Stripe signs them.

const keys: ProviderKeys = {
  secretKey: "sk_test_51NellyAnswers000000000000",
  publishableKey: "pk_test_51NellyAnswers000000000000",
  webhookSecret: "whsec_nellyAnswersSecret",
};

let standIn: StripeStandIn;
let provider: PaymentProvider;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  standIn.addAccount({ ...keys, displayName: "Autos del Este" });
  provider = stripeProvider({ apiUrl: standIn.url });
  // mapError knows Stripe's errors once the provider has loaded the package (on its first call).
  await loadStripe();
});
afterAll(() => standIn.close());

const raw = (fields: Record<string, unknown>) => fields as ConstructorParameters<typeof Stripe.errors.StripeError>[0];

describe("a Stripe error, sorted", () => {
  it("is 'auth' for refused keys, naming the status and nothing of the key", () => {
    const refused = mapError(
      new Stripe.errors.StripeAuthenticationError(
        raw({ message: "Invalid API Key provided: sk_test_****1234", statusCode: 401 }),
      ),
    );
    expect(refused).toEqual(new ProviderError("auth", "Stripe refused the account's keys (401)"));
    const forbidden = mapError(new Stripe.errors.StripePermissionError(raw({ message: "No access" })));
    expect(forbidden).toEqual(new ProviderError("auth", "Stripe refused the account's keys (no status)"));
  });

  it("is 'card' for a declined card, with Stripe's type, code and words", () => {
    const declined = mapError(
      new Stripe.errors.StripeCardError(
        raw({ message: "Your card was declined.", type: "card_error", code: "card_declined", statusCode: 402 }),
      ),
    );
    expect(declined).toEqual(new ProviderError("card", "Stripe card_error card_declined: Your card was declined."));
  });

  it("is 'unavailable' when Stripe cannot be reached, is down or limits the rate, and 'invalid' otherwise", () => {
    const kind = (error: unknown) => (mapError(error) as ProviderError).kind;
    expect(kind(new Stripe.errors.StripeConnectionError(raw({ message: "socket hang up" })))).toBe("unavailable");
    expect(kind(new Stripe.errors.StripeAPIError(raw({ message: "Server error", statusCode: 200 })))).toBe(
      "unavailable",
    );
    expect(kind(new Stripe.errors.StripeRateLimitError(raw({ message: "Too many", statusCode: 429 })))).toBe(
      "unavailable",
    );
    expect(kind(new Stripe.errors.StripeError(raw({ message: "Bad gateway", statusCode: 502 })))).toBe("unavailable");
    expect(kind(new Stripe.errors.StripeError(raw({ message: "Internal", statusCode: 500 })))).toBe("unavailable");
    expect(kind(new Stripe.errors.StripeError(raw({ message: "Not acceptable", statusCode: 406 })))).toBe("invalid");
    expect(kind(new Stripe.errors.StripeError(raw({ message: "No status" })))).toBe("unavailable");
    const invalid = mapError(
      new Stripe.errors.StripeInvalidRequestError(
        raw({ message: "No such refund", type: "invalid_request_error", statusCode: 404 }),
      ),
    );
    expect(invalid).toEqual(new ProviderError("invalid", "Stripe invalid_request_error: No such refund"));
    const untyped = mapError(new Stripe.errors.StripeInvalidRequestError(raw({ message: "Odd", statusCode: 400 })));
    expect((untyped as Error).message).toBe("Stripe StripeInvalidRequestError: Odd");
  });

  it("never passes on a key, whole or in part, in its words", () => {
    const message = (text: string) =>
      (mapError(new Stripe.errors.StripeInvalidRequestError(raw({ message: text, statusCode: 400 }))) as Error).message;
    expect(message("Key sk_test_abc123XYZ is for another account")).toBe(
      "Stripe StripeInvalidRequestError: Key [key] is for another account",
    );
    expect(message("rk_live_R3str1cted and pk_test_Pub1ish")).toBe("Stripe StripeInvalidRequestError: [key] and [key]");
    expect(message("Secret whsec_S1gn1ng was used")).toBe("Stripe StripeInvalidRequestError: Secret [key] was used");
  });

  it("lets anything that is not Stripe's through as it is", () => {
    const bug = new TypeError("a bug");
    expect(mapError(bug)).toBe(bug);
  });
});

let events = 0;
/** An event as Stripe sends it, and the provider's reading of it. */
function read(type: string, object: Record<string, unknown>) {
  events += 1;
  const payload = JSON.stringify({
    id: `evt_answers_${events}`,
    object: "event",
    type,
    created: 1_790_000_000,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret });
  return provider.readWebhook(keys, Buffer.from(payload), signature);
}
const session = (fields: Record<string, unknown> = {}) => ({
  id: "cs_test_answers",
  object: "checkout.session",
  status: "complete",
  payment_status: "paid",
  payment_intent: "pi_test_answers",
  amount_total: 90_00,
  currency: "usd",
  customer: null,
  setup_intent: null,
  metadata: { reservation_id: "77" },
  ...fields,
});
const refund = (status: string) => ({
  id: "re_test_answers",
  object: "refund",
  amount: 25_00,
  currency: "usd",
  payment_intent: "pi_test_answers",
  status,
});

describe("an event, read", () => {
  it("settles a checkout paid later by a delayed method as it does one paid at once", async () => {
    expect(await read("checkout.session.async_payment_succeeded", session())).toMatchObject({
      type: "checkout.completed",
      createdAt: new Date(1_790_000_000_000),
      checkout: { id: "cs_test_answers", status: "complete", paymentId: "pi_test_answers", reservationId: 77 },
    });
  });

  it("names the booking only for a whole positive number in the metadata", async () => {
    const booking = async (metadata: Record<string, string> | null) => {
      const event = await read("checkout.session.expired", session({ status: "expired", metadata }));
      return event.type === "checkout.expired" ? event.reservationId : "not read as an expiry";
    };
    expect(await booking({ reservation_id: "12" })).toBe(12);
    expect(await booking({ reservation_id: "0" })).toBeNull();
    expect(await booking({ reservation_id: "-3" })).toBeNull();
    expect(await booking({ reservation_id: "2.5" })).toBeNull();
    expect(await booking({ reservation_id: "9007199254740993" })).toBeNull();
    expect(await booking({ reservation_id: "NLY-1" })).toBeNull();
    expect(await booking({})).toBeNull();
    expect(await booking(null)).toBeNull();
  });

  it("reads a refund's news from each of the events that carry it, pending, made or failed", async () => {
    expect(await read("charge.refund.updated", refund("pending"))).toMatchObject({
      type: "refund.updated",
      refund: { id: "re_test_answers", amountCents: 25_00, status: "pending" },
      paymentId: "pi_test_answers",
    });
    expect(await read("refund.updated", refund("succeeded"))).toMatchObject({ refund: { status: "succeeded" } });
    expect(await read("refund.failed", refund("failed"))).toMatchObject({ refund: { status: "failed" } });
    expect(await read("refund.updated", refund("canceled"))).toMatchObject({ refund: { status: "failed" } });
    expect(await read("refund.updated", refund("requires_action"))).toMatchObject({ refund: { status: "pending" } });
  });

  it("says why it refused an event: a signature that does not match, or a body that is not an event", async () => {
    const payload = JSON.stringify({ id: "evt_x", object: "event", type: "refund.updated", data: { object: {} } });
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someoneElse" });
    await expect(provider.readWebhook(keys, Buffer.from(payload), wrong)).rejects.toThrow(
      new ProviderError("invalid", "Stripe webhook refused: bad or stale signature"),
    );
    const notJson = "not an event";
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: notJson, secret: keys.webhookSecret });
    await expect(provider.readWebhook(keys, Buffer.from(notJson), signed)).rejects.toThrow(
      new ProviderError("invalid", "Stripe webhook refused: unreadable body"),
    );
  });
});

describe("a checkout asked for nothing", () => {
  it("is refused before Stripe is asked, saying what it lacks", async () => {
    const request = {
      reference: "NLY-0001",
      reservationId: 1,
      landingId: 1,
      amountCents: 0,
      currency: "usd",
      description: "Nada",
      customerEmail: null,
      language: "es" as const,
      saveCard: false,
      successUrl: "https://example.com/ok",
      cancelUrl: "https://example.com/back",
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: "checkout-nothing",
    };
    await expect(provider.createCheckout(keys, request)).rejects.toEqual(
      new ProviderError("invalid", "A checkout needs an amount to charge or a card to save"),
    );
    expect(standIn.sessions()).toEqual([]);
  });
});
