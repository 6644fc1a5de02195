import { LRUCache } from "lru-cache";
import type Stripe from "stripe";
import {
  type AccountCheck,
  type Checkout,
  type CheckoutRequest,
  type CheckoutState,
  type Hold,
  type PaymentProvider,
  ProviderError,
  type ProviderEvent,
  type ProviderKeys,
  type Refund,
} from "./provider";

/**
 * Stripe as Nelly's payment provider, with each operator's own account (their secret key, never
 * Connect): Checkout Sessions for prepayments and saved cards, manual-capture PaymentIntents for
 * deposit holds, refunds, and signed webhooks.
 *
 * `apiUrl` (STRIPE_API_URL) points the official client elsewhere, the local stand-in in tests
 * (server/test/stripe-stand-in.ts); unset, it talks to api.stripe.com.
 */
export type StripeProviderOptions = { apiUrl?: string };

/**
 * Stripe only accepts an expires_at from 30 minutes to 24 hours ahead; with the clock rounded down
 * to the minute, two minutes' margin on the short side and one on the long cover the trip.
 */
const CHECKOUT_MIN_SECONDS = 32 * 60;
const CHECKOUT_MAX_SECONDS = 24 * 60 * 60 - 60;
/** How long Stripe keeps an online card authorisation when the charge does not say. */
const HOLD_SECONDS = 7 * 24 * 60 * 60;
/** One client per operator key; the least used ones go (an operator's next call makes a new one). */
const CLIENTS_KEPT = 200;

/** The package, once loaded: every Stripe error Nelly sees comes after a call, so after the load. */
let loaded: typeof Stripe | null = null;

/**
 * The official client, loaded on the first payment call rather than at start-up: it is the largest
 * package the server has, and most starts serve long before anyone pays (docs/performance.md).
 */
export async function loadStripe(): Promise<typeof Stripe> {
  loaded ??= (await import("stripe")).default;
  return loaded;
}

export function stripeProvider(options: StripeProviderOptions = {}): PaymentProvider {
  const endpoint = options.apiUrl ? endpointOf(options.apiUrl) : {};
  const clients = new LRUCache<string, Stripe>({ max: CLIENTS_KEPT });
  const client = async ({ secretKey }: ProviderKeys) => {
    let stripe = clients.get(secretKey);
    // Stryker disable next-line ConditionalExpression: a client made anew per call is the same client; the cache only spares the making.
    if (!stripe) {
      const Client = await loadStripe();
      stripe = new Client(secretKey, { ...endpoint, maxNetworkRetries: 1, timeout: 10_000 });
      clients.set(secretKey, stripe);
    }
    return stripe;
  };

  return {
    name: "stripe",

    async checkAccount(keys): Promise<AccountCheck> {
      const account = await call(async () => (await client(keys)).accounts.retrieveCurrent());
      return {
        accountId: account.id,
        displayName: account.settings?.dashboard?.display_name || account.business_profile?.name || null,
        // Stryker disable next-line Regex: the keys were checked to start with sk_ or rk_, so the anchor changes nothing.
        testMode: /^(sk|rk)_test_/.test(keys.secretKey),
      };
    },

    async createCheckout(keys, request): Promise<Checkout> {
      const expiresAt = checkoutExpiry(request.expiresAt, Date.now());
      // Stripe refuses a key sent again with other parameters, and the expiry moves with the clock:
      // the key names the expiry too, so a retry within the minute is the same request, and a later one a new one.
      const idempotencyKey = `${request.idempotencyKey}-${expiresAt}`;
      const session = await call(async () =>
        (await client(keys)).checkout.sessions.create(sessionParams(request, expiresAt), { idempotencyKey }),
      );
      if (!session.url) throw new ProviderError("invalid", `Stripe answered checkout ${session.id} without a page`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async getCheckout(keys, checkoutId): Promise<CheckoutState> {
      const session = await call(async () =>
        (await client(keys)).checkout.sessions.retrieve(checkoutId, { expand: ["payment_intent", "setup_intent"] }),
      );
      return checkoutState(session);
    },

    async expireCheckout(keys, checkoutId) {
      const stripe = await client(keys);
      try {
        await stripe.checkout.sessions.expire(checkoutId);
        return "expired";
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid meanwhile, or expired):
        // that is the "finished one is left alone" case, whatever the wording of its error.
        if (!(error instanceof (await loadStripe()).errors.StripeInvalidRequestError) || error.statusCode !== 400)
          throw mapError(error);
        const session = await call(() => stripe.checkout.sessions.retrieve(checkoutId));
        if (session.status === "open") throw mapError(error);
        return session.status === "complete" ? "complete" : "expired";
      }
    },

    async holdDeposit(keys, request): Promise<Hold> {
      const intent = await call(async () =>
        (await client(keys)).paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            // A saved card only: no redirect-based method, so no return_url is needed off session.
            allowed_payment_method_types: ["card"],
            off_session: true,
            confirm: true,
            capture_method: "manual",
            metadata: { reservation_id: String(request.reservationId), reference: request.reference, kind: "deposit" },
            expand: ["latest_charge"],
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      // Off session Stripe declines with a card error; any other state still needs the visitor.
      if (intent.status !== "requires_capture")
        throw new ProviderError("card", `Stripe could not hold the deposit (${intent.id} is ${intent.status})`);
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      const captureBefore = charge?.payment_method_details?.card?.capture_before ?? intent.created + HOLD_SECONDS;
      return { paymentId: intent.id, amountCents: intent.amount, captureBefore: new Date(captureBefore * 1000) };
    },

    async captureHold(keys, paymentId, amountCents, idempotencyKey) {
      await call(async () =>
        (await client(keys)).paymentIntents.capture(paymentId, { amount_to_capture: amountCents }, { idempotencyKey }),
      );
    },

    async releaseHold(keys, paymentId, idempotencyKey) {
      const stripe = await client(keys);
      try {
        await stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey });
      } catch (error) {
        // Released already (by Nelly before, or by Stripe when the authorisation lapsed) is done.
        if (
          !(error instanceof (await loadStripe()).errors.StripeError) ||
          error.code !== "payment_intent_unexpected_state"
        )
          throw mapError(error);
        const intent = await call(() => stripe.paymentIntents.retrieve(paymentId));
        if (intent.status !== "canceled") throw mapError(error);
      }
    },

    async refund(keys, paymentId, amountCents, idempotencyKey): Promise<Refund> {
      const refund = await call(async () =>
        (await client(keys)).refunds.create({ payment_intent: paymentId, amount: amountCents }, { idempotencyKey }),
      );
      return refundOf(refund);
    },

    async readWebhook(keys, rawBody, signatureHeader): Promise<ProviderEvent> {
      const stripe = await loadStripe();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, keys.webhookSecret);
      } catch (error) {
        const reason =
          error instanceof stripe.errors.StripeSignatureVerificationError
            ? "bad or stale signature"
            : "unreadable body";
        throw new ProviderError("invalid", `Stripe webhook refused: ${reason}`);
      }
      return eventOf(event);
    },
  };
}

function endpointOf(apiUrl: string): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/**
 * When the provider's page stops taking payment, in whole minutes: Nelly's own deadline, moved into
 * the window Stripe accepts (31 minutes to 24 hours ahead); Nelly expires the page itself sooner.
 */
export function checkoutExpiry(due: Date, nowMs: number): number {
  const minute = (ms: number) => Math.floor(ms / 60_000) * 60;
  const now = minute(nowMs);
  return Math.min(Math.max(minute(due.getTime()), now + CHECKOUT_MIN_SECONDS), now + CHECKOUT_MAX_SECONDS);
}

function sessionParams(request: CheckoutRequest, expiresAt: number): Stripe.Checkout.SessionCreateParams {
  const metadata = {
    reservation_id: String(request.reservationId),
    reference: request.reference,
    landing_id: String(request.landingId),
  };
  const currency = request.currency.toLowerCase();
  const common = {
    metadata,
    locale: request.language,
    customer_email: request.customerEmail ?? undefined,
    // Stripe replaces {CHECKOUT_SESSION_ID} in success_url itself; the client keeps the braces.
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    expires_at: expiresAt,
    // Without a customer, Checkout leaves the card unattached and it cannot be used off session.
    customer_creation: request.saveCard ? ("always" as const) : undefined,
  };
  if (request.amountCents > 0) {
    return {
      ...common,
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency, unit_amount: request.amountCents, product_data: { name: request.description } },
        },
      ],
      payment_intent_data: { metadata, ...(request.saveCard ? { setup_future_usage: "off_session" as const } : {}) },
    };
  }
  if (!request.saveCard) throw new ProviderError("invalid", "A checkout needs an amount to charge or a card to save");
  return { ...common, mode: "setup", currency, setup_intent_data: { metadata } };
}

type Expandable = string | { id: string } | null | undefined;
const idOf = (value: Expandable) => (typeof value === "string" ? value : (value?.id ?? null));
/** The payment method of an expanded intent; an intent given by id (as in webhooks) does not say. */
const methodOf = (intent: string | { payment_method: Expandable } | null) =>
  intent && typeof intent === "object" ? idOf(intent.payment_method) : null;

function reservationIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const id = Number(metadata?.reservation_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Stripe's open-ended string unions ("…" | OtherString) narrowed to the values Nelly knows. */
function oneOf<T extends string>(value: string | null, known: T[], otherwise: T): T {
  return known.find((candidate) => candidate === value) ?? otherwise;
}

function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  return {
    id: session.id,
    status: oneOf(session.status, ["complete", "expired"], "open"),
    paymentStatus: oneOf(session.payment_status, ["paid", "no_payment_required"], "unpaid"),
    paymentId: idOf(session.payment_intent),
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? "",
    customerId: idOf(session.customer),
    paymentMethodId: methodOf(session.payment_intent) ?? methodOf(session.setup_intent),
    reservationId: reservationIdOf(session.metadata),
  };
}

function refundOf(refund: Stripe.Refund): Refund {
  const status = refund.status;
  return {
    id: refund.id,
    amountCents: refund.amount,
    status: status === "succeeded" ? "succeeded" : status === "failed" || status === "canceled" ? "failed" : "pending",
  };
}

function eventOf(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, createdAt: new Date(event.created * 1000) };
  switch (event.type) {
    // A delayed payment method completes the session unpaid and pays it later: both carry the session.
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return { ...base, type: "checkout.completed", checkout: checkoutState(event.data.object) };
    case "checkout.session.expired": {
      const session = event.data.object;
      return {
        ...base,
        type: "checkout.expired",
        checkoutId: session.id,
        reservationId: reservationIdOf(session.metadata),
      };
    }
    // Any canceled PaymentIntent: the caller matches the id against its holds.
    case "payment_intent.canceled":
      return { ...base, type: "hold.released", paymentId: event.data.object.id };
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      const refund = event.data.object;
      return {
        ...base,
        type: "refund.updated",
        refund: refundOf(refund),
        paymentId: idOf(refund.payment_intent) ?? "",
      };
    }
    default:
      return { ...base, type: "ignored", providerType: event.type };
  }
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapError(error);
  }
}

/** Stripe's messages echo parts of keys ("Invalid API Key provided: sk_test_****1234"): never pass one on. */
const redact = (message: string) => message.replace(/\b(sk|rk|pk)_(test|live)_\S*|\bwhsec_\S*/g, "[key]");

/** Sorts a Stripe failure by what Nelly does about it; anything that is not Stripe's passes through. */
export function mapError(error: unknown): unknown {
  const errors = loaded?.errors;
  if (!errors || !(error instanceof errors.StripeError)) return error;
  if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError)
    return new ProviderError("auth", `Stripe refused the account's keys (${error.statusCode ?? "no status"})`);
  const detail = `Stripe ${error.rawType ?? error.type}${error.code ? ` ${error.code}` : ""}: ${redact(error.message)}`;
  if (error instanceof errors.StripeCardError) return new ProviderError("card", detail);
  if (
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeAPIError ||
    error instanceof errors.StripeRateLimitError ||
    (error.statusCode ?? 500) >= 500
  )
    return new ProviderError("unavailable", detail);
  return new ProviderError("invalid", detail);
}
