/**
 * What Nelly asks of a payment provider (issue 27). Stripe is the first (stripe-provider.ts); a
 * Dominican acquirer with a hosted payment page and hold/capture/void calls fits the same shape.
 * Amounts are whole cents; currencies are ISO 4217 codes in lower case.
 *
 * No card number ever reaches Nelly: the visitor pays on the provider's page (a checkout), and the
 * provider tells Nelly what happened through signed webhooks.
 */

/** An operator's own account with the provider, as entered in the dashboard (decrypted in memory only). */
export type ProviderKeys = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
};

/** A call the provider refused or could not answer, sorted by what Nelly does about it. */
export class ProviderError extends Error {
  constructor(
    /**
     * "auth": the keys are wrong or revoked; "invalid": the provider refused the request (it will
     * refuse it again); "card": the card was declined; "unavailable": down, slow or unreachable
     * (worth retrying later).
     */
    public readonly kind: "auth" | "invalid" | "card" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export type AccountCheck = {
  /** The provider's id of the account (acct_…). */
  accountId: string;
  /** The business name the account shows, when it has one. */
  displayName: string | null;
  /** Test keys: no real money moves. */
  testMode: boolean;
};

export type CheckoutRequest = {
  reference: string;
  /** Nelly's reservation id, kept in the provider's metadata and read back from its webhooks. */
  reservationId: number;
  landingId: number;
  /** What is charged now (a prepayment, or the whole total); 0 when only a card is saved for a deposit. */
  amountCents: number;
  currency: string;
  /** The line the visitor sees on the provider's page, e.g. "Toyota Corolla · 12–15 dic". */
  description: string;
  customerEmail: string | null;
  language: "es" | "en";
  /** Keep the card for a deposit hold made later (off session). */
  saveCard: boolean;
  successUrl: string;
  cancelUrl: string;
  /** When the provider's page stops taking payment (Nelly expires it sooner when its own hold ends). */
  expiresAt: Date;
  idempotencyKey: string;
};

export type Checkout = {
  id: string;
  /** The provider's page the visitor is sent to. */
  url: string;
  expiresAt: Date;
};

export type CheckoutState = {
  id: string;
  status: "open" | "complete" | "expired";
  /** "paid" once the money is taken; "no_payment_required" for a card saved with nothing charged. */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** The payment taken, when there is one. */
  paymentId: string | null;
  amountCents: number;
  currency: string;
  /** The saved card and its customer, for a later hold (saveCard). */
  customerId: string | null;
  paymentMethodId: string | null;
  reservationId: number | null;
};

export type HoldRequest = {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  reservationId: number;
  reference: string;
  idempotencyKey: string;
};

export type Hold = {
  /** The authorisation's payment id (captured or released later). */
  paymentId: string;
  amountCents: number;
  /** The provider lets the hold lapse after this (Stripe: about 7 days for online card payments). */
  captureBefore: Date;
};

export type Refund = {
  id: string;
  amountCents: number;
  /** "pending" refunds settle later and are reported by webhook; "failed" ones are retried. */
  status: "succeeded" | "pending" | "failed";
};

/** A verified webhook event, reduced to what Nelly acts on; anything else is "ignored". */
export type ProviderEvent = {
  id: string;
  /** When the provider created it: events can arrive out of order. */
  createdAt: Date;
} & (
  | { type: "checkout.completed"; checkout: CheckoutState }
  | { type: "checkout.expired"; checkoutId: string; reservationId: number | null }
  | { type: "hold.released"; paymentId: string }
  | { type: "refund.updated"; refund: Refund; paymentId: string }
  | { type: "ignored"; providerType: string }
);

export interface PaymentProvider {
  /** Written on every ledger row the provider's calls produce ("stripe"). */
  readonly name: string;
  /** A cheap call with the keys, so the owner learns at once that they are wrong. */
  checkAccount(keys: ProviderKeys): Promise<AccountCheck>;
  createCheckout(keys: ProviderKeys, request: CheckoutRequest): Promise<Checkout>;
  getCheckout(keys: ProviderKeys, checkoutId: string): Promise<CheckoutState>;
  /**
   * Stops an open checkout taking payment (Nelly's hold ran out first). A finished one is left
   * alone: "complete" says it was paid meanwhile, so the caller settles it rather than lapse it.
   */
  expireCheckout(keys: ProviderKeys, checkoutId: string): Promise<"expired" | "complete">;
  /** Authorises the deposit on the saved card without charging it (manual capture). */
  holdDeposit(keys: ProviderKeys, request: HoldRequest): Promise<Hold>;
  /** Charges part or all of a hold; the rest is released by the provider. */
  captureHold(keys: ProviderKeys, paymentId: string, amountCents: number, idempotencyKey: string): Promise<void>;
  releaseHold(keys: ProviderKeys, paymentId: string, idempotencyKey: string): Promise<void>;
  refund(keys: ProviderKeys, paymentId: string, amountCents: number, idempotencyKey: string): Promise<Refund>;
  /**
   * Checks the signature on the raw body (as received, before any parsing) and reads the event.
   * Throws ProviderError("invalid") on a bad or stale signature.
   */
  readWebhook(keys: ProviderKeys, rawBody: Buffer, signatureHeader: string): Promise<ProviderEvent>;
}
