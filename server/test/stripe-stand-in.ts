import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the slice of Stripe's API that server/payments/stripe-provider.ts uses, so
 * the official `stripe` client can be pointed at it (STRIPE_API_URL) and no test reaches the
 * network. It answers with the shapes of Stripe's API reference (ids, `object`, `created`,
 * `livemode: false`, errors as `{ error: { type, code, message } }`), keeps everything in memory,
 * serves a small hosted payment page in place of Checkout's, and signs and sends webhooks the way
 * Stripe does. No vitest import: Playwright's global setup and scripts start it too.
 *
 * Only what Nelly calls is implemented; anything else answers 404 like an unknown Stripe route.
 */

// biome-ignore lint/suspicious/noExplicitAny: form parameters and Stripe objects are loose JSON here.
type Obj = Record<string, any>;

/**
 * When an account's webhooks are sent: "before-return" awaits each delivery before answering the
 * request that caused it (the page's 303, or an API call), "after-return" sends them right after
 * answering, "manual" only queues them (see `deliver` and `deliverAll`).
 */
export type DeliveryMode = "before-return" | "after-return" | "manual";

export type StandInAccount = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  displayName?: string;
  deliver?: DeliveryMode;
};

export type StandInEvent = Obj & { id: string; type: string; created: number; data: { object: Obj } };

export type StripeStandIn = {
  /** http://127.0.0.1:port: STRIPE_API_URL, and the origin of the hosted pages. */
  url: string;
  port: number;
  /** Registers (or, for a known secret key, reconfigures) an account; answers its acct_ id. */
  addAccount(account: StandInAccount): { id: string };
  setDelivery(secretKey: string, mode: DeliveryMode): void;
  /** Every event created, oldest first; only one account's when its secret key is given. */
  events(secretKey?: string): StandInEvent[];
  /** Events not yet answered with a 2xx by their account's webhook URL, oldest first. */
  pending(): StandInEvent[];
  /** Sends one event (again: duplicates are allowed, as Stripe's retries are); answers the receiver's status, 0 when unreachable. */
  deliver(eventId: string): Promise<number>;
  /** Sends every pending event one after another, oldest first unless `reverse`. */
  deliverAll(options?: { reverse?: boolean }): Promise<number[]>;
  /** Resolves once the "after-return" deliveries under way have finished. */
  idle(): Promise<void>;
  /** Expires an open session as Stripe does at `expires_at`, emitting checkout.session.expired. */
  expireSession(sessionId: string): Promise<void>;
  /**
   * The next `count` API calls answer `status` (Stripe down); the client's own retry counts as a
   * call. Given a secret key, only that account's calls: a browser test's, beside other tests' calls.
   */
  failNext(count: number, status?: number, secretKey?: string): void;
  /** The next refund is created with status "failed" (and emits refund.failed). */
  refundFailsNext(): void;
  /** The next PaymentIntent confirmation is declined (402 card_error with this code). */
  declineNext(code?: string): void;
  payments(): Obj[];
  refunds(): Obj[];
  sessions(): Obj[];
  /** The SetupIntents of cards saved on a checkout in setup mode. */
  setupIntents(): Obj[];
  close(): Promise<void>;
};

type Account = StandInAccount & {
  id: string;
  deliver: DeliveryMode;
  objects: Map<string, Obj>;
  /** Idempotency-Key -> the first answer, as Stripe keeps it (24 hours there, the run here). */
  replies: Map<string, { fingerprint: string; status: number; body: string }>;
};
type Logged = { event: StandInEvent; account: Account; delivered: boolean };
type Reply = { status: number; body: string; headers?: Record<string, string> };
type World = {
  baseUrl: string;
  accounts: Map<string, Account>;
  log: Logged[];
  inflight: Set<Promise<unknown>>;
  faults: {
    /** Calls still to fail, with their status: any account's (`"*"`), or one secret key's. */
    fail: Map<string, { count: number; status: number }>;
    refundFails: boolean;
    decline: string | null;
  };
};
type Call = { world: World; account: Account; params: Obj; id: string };

/** A Stripe error answer: `fields` go into the error object (type, code, param, payment_intent…). */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Obj = {},
  ) {
    super(message);
  }
}

const invalid = (message: string, param?: string, code?: string) => new ApiError(400, message, { param, code });
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, "parameter_missing");

const now = () => Math.floor(Date.now() / 1000);
const words = (text: string) => text.split(" ");
const DAY = 24 * 60 * 60;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
/** What a client sees: a deep copy without the stand-in's own `_fields`. */
const exposed = (value: Obj): Obj =>
  JSON.parse(JSON.stringify(value, (key, v) => (key.startsWith("_") ? undefined : v)));
const json = (status: number, body: unknown): Reply => ({ status, body: JSON.stringify(body, null, 2) });

/**
 * Stripe's form encoding (`line_items[0][price_data][unit_amount]=…`, `expand[]=…`) into nested
 * objects and arrays. Every value stays a string, as on the wire; handlers convert what they read.
 */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Obj = root;
    path.forEach((segment, i) => {
      if (["__proto__", "constructor", "prototype"].includes(segment)) throw invalid(`Invalid parameter: ${key}`);
      const slot = segment === "" && Array.isArray(node) ? String(node.length) : segment;
      if (i === path.length - 1) {
        node[slot] = value;
        return;
      }
      node[slot] ??= /^\d*$/.test(path[i + 1] ?? "") ? [] : {};
      node = node[slot];
    });
  }
  return root;
}

function int(value: unknown, param: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, param);
  return Number(value);
}

/** Stripe refuses parameters it does not know, which catches a misspelt one in the provider. */
function allow(params: Obj, names: string[]) {
  for (const name of Object.keys(params)) {
    if (name !== "expand" && !names.includes(name))
      throw invalid(`Received unknown parameter: ${name}`, name, "parameter_unknown");
  }
}

/** A new object of `kind` with the fields every Stripe object has, kept in the account. */
function create(account: Account, prefix: string, kind: string, fields: Obj): Obj {
  const object = { id: newId(prefix), object: kind, created: now(), livemode: false, metadata: {}, ...fields };
  account.objects.set(object.id, object);
  return object;
}

function find(account: Account, id: string, kind: string): Obj {
  const object = account.objects.get(id);
  if (object?.object !== kind) throw new ApiError(404, `No such ${kind}: '${id}'`, { code: "resource_missing" });
  return object;
}

function emit(world: World, account: Account, type: string, object: Obj) {
  const event: StandInEvent = {
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object: exposed(object) },
    livemode: false,
    pending_webhooks: account.webhookUrl ? 1 : 0,
    request: { id: null, idempotency_key: null },
    type,
  };
  world.log.push({ event, account, delivered: false });
}

// --- Checkout Sessions -----------------------------------------------------------------------

const SESSION_PARAMS = words(
  "mode line_items currency metadata payment_intent_data setup_intent_data customer_creation customer_email locale success_url cancel_url expires_at client_reference_id allowed_payment_method_types",
);

/** The total of the line items, checking what Stripe requires of each one. */
function lineItemsTotal(items: unknown): { amount: number; currency: string } {
  if (!Array.isArray(items) || items.length === 0) throw missing("line_items");
  let amount = 0;
  let currency = "";
  items.forEach((item: Obj, i) => {
    const at = `line_items[${i}]`;
    const price = item.price_data;
    if (!price) throw missing(`${at}[price_data]`);
    if (!price.product_data?.name) throw missing(`${at}[price_data][product_data][name]`);
    const quantity = int(item.quantity, `${at}[quantity]`);
    const unit = int(price.unit_amount, `${at}[price_data][unit_amount]`);
    if (!quantity) throw missing(`${at}[quantity]`);
    if (unit === undefined) throw missing(`${at}[price_data][unit_amount]`);
    if (!price.currency) throw missing(`${at}[price_data][currency]`);
    if (currency && price.currency.toLowerCase() !== currency) throw invalid("Line items must share one currency.");
    currency = price.currency.toLowerCase();
    amount += unit * quantity;
  });
  if (amount < 1)
    throw invalid("The Checkout Session's total amount due must be positive.", "line_items", "amount_too_small");
  return { amount, currency };
}

function createSession({ world, account, params: p }: Call): Obj {
  allow(p, SESSION_PARAMS);
  const mode = p.mode ?? "";
  if (mode !== "payment" && mode !== "setup")
    throw invalid(`The stand-in supports payment and setup mode, not '${mode}'.`, "mode");
  if (!p.success_url) throw missing("success_url");
  const created = now();
  const expiresAt = int(p.expires_at, "expires_at") ?? created + DAY;
  if (expiresAt < created + 30 * 60 || expiresAt > created + DAY)
    throw invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from now.", "expires_at");
  if (p.customer_creation && !["always", "if_required"].includes(p.customer_creation))
    throw invalid(`Invalid customer_creation: ${p.customer_creation}`, "customer_creation");
  let total: { amount: number | null; currency: string | null } = { amount: null, currency: p.currency ?? null };
  if (mode === "payment") {
    if (p.setup_intent_data)
      throw invalid("You can not pass `setup_intent_data` in `payment` mode.", "setup_intent_data");
    total = lineItemsTotal(p.line_items);
  } else {
    if (p.line_items) throw invalid("You can not pass `line_items` in `setup` mode.", "line_items");
    if (p.payment_intent_data)
      throw invalid("You can not pass `payment_intent_data` in `setup` mode.", "payment_intent_data");
    // Without allowed_payment_method_types, Stripe picks the methods for the currency, so it needs one.
    if (!p.currency && !p.allowed_payment_method_types) throw missing("currency");
  }
  const session = create(account, "cs_test", "checkout.session", {
    amount_subtotal: total.amount,
    amount_total: total.amount,
    cancel_url: p.cancel_url ?? null,
    client_reference_id: p.client_reference_id ?? null,
    currency: total.currency?.toLowerCase() ?? null,
    customer: null,
    customer_creation: p.customer_creation ?? null,
    customer_details: null,
    customer_email: p.customer_email ?? null,
    expires_at: expiresAt,
    locale: p.locale ?? null,
    metadata: p.metadata ?? {},
    mode,
    payment_intent: null,
    payment_method_types: p.allowed_payment_method_types ?? ["card"],
    payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
    setup_intent: null,
    status: "open",
    success_url: p.success_url,
    ui_mode: "hosted_page",
    _lineItems: p.line_items ?? [],
    _intentData: p.payment_intent_data ?? {},
    _setupData: p.setup_intent_data ?? {},
  });
  session.url = `${world.baseUrl}/pay/${session.id}`;
  return session;
}

function expire(world: World, account: Account, session: Obj) {
  Object.assign(session, { status: "expired", url: null });
  emit(world, account, "checkout.session.expired", session);
}

/** Stripe expires a session on its own at `expires_at`; here that happens when it is next looked at. */
function findSession(world: World, account: Account, id: string): Obj {
  const session = find(account, id, "checkout.session");
  if (session.status === "open" && now() >= session.expires_at) expire(world, account, session);
  return session;
}

function expireRoute({ world, account, id }: Call): Obj {
  const session = findSession(world, account, id);
  if (session.status !== "open")
    throw invalid(
      `Only Checkout Sessions with a status in ["open"] can be expired.`,
      undefined,
      "checkout_session_not_open",
    );
  expire(world, account, session);
  return session;
}

// --- PaymentIntents, charges, refunds --------------------------------------------------------

const CARD = { brand: "visa", last4: "4242", exp_month: 12, exp_year: new Date().getFullYear() + 3, funding: "credit" };

/** A PaymentIntent confirmed with a card, with its charge: taken at once, or held (manual capture). */
function confirmIntent(world: World, account: Account, options: Obj): Obj {
  const manual = options.capture_method === "manual";
  const intent = create(account, "pi", "payment_intent", {
    amount: options.amount,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: options.capture_method ?? "automatic_async",
    canceled_at: null,
    cancellation_reason: null,
    currency: options.currency,
    customer: options.customer ?? null,
    last_payment_error: null,
    latest_charge: null,
    metadata: options.metadata ?? {},
    payment_method: options.payment_method,
    payment_method_types: ["card"],
    setup_future_usage: options.setup_future_usage ?? null,
    status: "requires_payment_method",
  });
  if (world.faults.decline) {
    const code = world.faults.decline;
    world.faults.decline = null;
    intent.last_payment_error = { type: "card_error", code, message: "Your card was declined." };
    emit(world, account, "payment_intent.payment_failed", intent);
    throw new ApiError(402, "Your card was declined.", { type: "card_error", code, payment_intent: exposed(intent) });
  }
  const charge = create(account, "ch", "charge", {
    amount: intent.amount,
    amount_captured: manual ? 0 : intent.amount,
    amount_refunded: 0,
    captured: !manual,
    currency: intent.currency,
    customer: intent.customer,
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    // Online card authorisations lapse after 7 days, which Stripe reports as capture_before.
    payment_method_details: {
      type: "card",
      card: { ...CARD, ...(manual ? { capture_before: intent.created + 7 * DAY } : {}) },
    },
    refunded: false,
    status: "succeeded",
  });
  Object.assign(intent, {
    latest_charge: charge.id,
    status: manual ? "requires_capture" : "succeeded",
    amount_capturable: manual ? intent.amount : 0,
    amount_received: manual ? 0 : intent.amount,
  });
  emit(world, account, manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded", intent);
  return intent;
}

const INTENT_PARAMS = words(
  "amount currency customer payment_method off_session confirm capture_method metadata allowed_payment_method_types automatic_payment_methods return_url description",
);

function createIntentRoute({ world, account, params: p }: Call): Obj {
  allow(p, INTENT_PARAMS);
  const amount = int(p.amount, "amount");
  if (amount === undefined) throw missing("amount");
  if (amount < 1) throw invalid("Amount must be at least 1.", "amount", "amount_too_small");
  if (!p.currency) throw missing("currency");
  if (p.confirm !== "true") throw invalid("The stand-in only creates PaymentIntents with confirm=true.", "confirm");
  if (!p.payment_method) throw missing("payment_method");
  // Stripe's default (automatic payment methods) may redirect, which needs a return_url on confirm.
  const cardOnly =
    Array.isArray(p.allowed_payment_method_types) && p.allowed_payment_method_types.every((t) => t === "card");
  if (!cardOnly && !p.return_url && p.automatic_payment_methods?.allow_redirects !== "never")
    throw invalid(
      "Because some payment methods might redirect your customer, you must provide a `return_url`.",
      "return_url",
    );
  const method = find(account, p.payment_method, "payment_method");
  const customer = p.customer ? find(account, p.customer, "customer") : null;
  if ((method.customer ?? null) !== (customer?.id ?? null))
    throw invalid(
      method.customer
        ? "The provided PaymentMethod belongs to a different Customer."
        : "The provided PaymentMethod was previously used without Customer attachment. It may not be used again.",
      "payment_method",
    );
  if (p.capture_method && !["manual", "automatic", "automatic_async"].includes(p.capture_method))
    throw invalid(`Invalid capture_method: ${p.capture_method}`, "capture_method");
  return confirmIntent(world, account, { ...p, amount, currency: p.currency.toLowerCase(), customer: customer?.id });
}

const unexpectedState = (intent: Obj, action: string) =>
  new ApiError(400, `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`, {
    code: "payment_intent_unexpected_state",
    payment_intent: exposed(intent),
  });

function captureRoute({ world, account, params: p, id }: Call): Obj {
  allow(p, ["amount_to_capture"]);
  const intent = find(account, id, "payment_intent");
  if (intent.status !== "requires_capture") throw unexpectedState(intent, "capture");
  const amount = int(p.amount_to_capture, "amount_to_capture") ?? intent.amount_capturable;
  if (amount < 1 || amount > intent.amount_capturable)
    throw invalid(
      `The amount to capture (${amount}) must be between 1 and the amount capturable (${intent.amount_capturable}).`,
      "amount_to_capture",
      "amount_too_large",
    );
  // Capturing less than the hold releases the rest: nothing stays capturable.
  Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
  Object.assign(find(account, intent.latest_charge, "charge"), { captured: true, amount_captured: amount });
  emit(world, account, "payment_intent.succeeded", intent);
  return intent;
}

const CANCELABLE = words("requires_payment_method requires_capture requires_confirmation requires_action processing");

function cancelRoute({ world, account, params: p, id }: Call): Obj {
  allow(p, ["cancellation_reason"]);
  const intent = find(account, id, "payment_intent");
  if (!CANCELABLE.includes(intent.status)) throw unexpectedState(intent, "cancel");
  Object.assign(intent, {
    status: "canceled",
    canceled_at: now(),
    cancellation_reason: p.cancellation_reason ?? null,
    amount_capturable: 0,
  });
  emit(world, account, "payment_intent.canceled", intent);
  return intent;
}

function refundedSoFar(account: Account, intentId: string): number {
  let sum = 0;
  for (const object of account.objects.values()) {
    if (
      object.object === "refund" &&
      object.payment_intent === intentId &&
      !["failed", "canceled"].includes(object.status)
    )
      sum += object.amount;
  }
  return sum;
}

function refundRoute({ world, account, params: p }: Call): Obj {
  allow(p, ["payment_intent", "charge", "amount", "reason", "metadata"]);
  const intentId = p.payment_intent ?? (p.charge ? find(account, p.charge, "charge").payment_intent : undefined);
  if (!intentId) throw missing("payment_intent");
  const intent = find(account, intentId, "payment_intent");
  if (intent.status !== "succeeded")
    throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "payment_intent");
  const left = intent.amount_received - refundedSoFar(account, intent.id);
  if (left <= 0)
    throw invalid(`Charge ${intent.latest_charge} has already been refunded.`, undefined, "charge_already_refunded");
  const amount = int(p.amount, "amount") ?? left;
  if (amount < 1) throw invalid("Refund amount must be positive.", "amount", "amount_too_small");
  if (amount > left)
    throw invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      "amount",
      "amount_too_large",
    );
  const fails = world.faults.refundFails;
  world.faults.refundFails = false;
  const refund = create(account, "re", "refund", {
    amount,
    balance_transaction: null,
    charge: intent.latest_charge,
    currency: intent.currency,
    failure_reason: null,
    metadata: p.metadata ?? {},
    payment_intent: intent.id,
    reason: p.reason ?? null,
    status: fails ? "pending" : "succeeded",
  });
  emit(world, account, "refund.created", refund);
  if (fails) {
    // A refund the bank sends back: it was pending, then failed.
    Object.assign(refund, { status: "failed", failure_reason: "declined" });
    emit(world, account, "refund.failed", refund);
  } else {
    const charge = find(account, intent.latest_charge, "charge");
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount_captured;
  }
  return refund;
}

function accountObject(account: Account): Obj {
  return {
    id: account.id,
    object: "account",
    business_profile: { name: account.displayName ?? null, url: null },
    charges_enabled: true,
    country: "US",
    default_currency: "usd",
    details_submitted: true,
    email: null,
    payouts_enabled: true,
    settings: { dashboard: { display_name: account.displayName ?? null, timezone: "America/Santo_Domingo" } },
    type: "standard",
  };
}

const ROUTES: [string, RegExp, (call: Call) => Obj][] = [
  ["GET", /^\/v1\/account$/, ({ account }) => accountObject(account)],
  ["POST", /^\/v1\/checkout\/sessions$/, createSession],
  ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, ({ world, account, id }) => findSession(world, account, id)],
  ["POST", /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, expireRoute],
  ["POST", /^\/v1\/payment_intents$/, createIntentRoute],
  ["GET", /^\/v1\/payment_intents\/([^/]+)$/, ({ account, id }) => find(account, id, "payment_intent")],
  ["POST", /^\/v1\/payment_intents\/([^/]+)\/capture$/, captureRoute],
  ["POST", /^\/v1\/payment_intents\/([^/]+)\/cancel$/, cancelRoute],
  ["POST", /^\/v1\/refunds$/, refundRoute],
  ["GET", /^\/v1\/refunds\/([^/]+)$/, ({ account, id }) => find(account, id, "refund")],
];

/** Replaces the ids named in `expand[]` (top-level fields only) with their objects. */
function expand(account: Account, object: Obj, paths: unknown): Obj {
  const copy = exposed(object);
  for (const path of Array.isArray(paths) ? paths : []) {
    if (!(path in copy)) throw invalid(`This property cannot be expanded (${path}).`, "expand");
    const related = typeof copy[path] === "string" ? account.objects.get(copy[path]) : undefined;
    if (related) copy[path] = exposed(related);
  }
  return copy;
}

function authenticate(world: World, header: string | undefined): Account {
  const key = header?.match(/^Bearer (.+)$/)?.[1];
  const account = key ? world.accounts.get(key) : undefined;
  if (account) return account;
  // Stripe shows only the ends of a wrong key.
  const shown = key ? `${key.slice(0, 8)}****${key.slice(-4)}` : "";
  throw new ApiError(401, key ? `Invalid API Key provided: ${shown}` : "You did not provide an API key.");
}

function errorReply(error: unknown): Reply {
  if (!(error instanceof ApiError)) return json(500, { error: { type: "api_error", message: String(error) } });
  return json(error.status, { error: { type: "invalid_request_error", message: error.message, ...error.fields } });
}

function api(world: World, method: string, url: URL, body: string, headers: http.IncomingHttpHeaders): Reply {
  const secretKey = headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? "";
  const failing = world.faults.fail.has(secretKey) ? secretKey : "*";
  const fault = world.faults.fail.get(failing);
  if (fault) {
    fault.count -= 1;
    if (fault.count <= 0) world.faults.fail.delete(failing);
    return json(fault.status, { error: { type: "api_error", message: "The stand-in was told to fail." } });
  }
  const account = authenticate(world, headers.authorization);
  const route = ROUTES.find(([verb, pattern]) => verb === method && pattern.test(url.pathname));
  if (!route) throw new ApiError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  const params = parseForm(method === "GET" ? url.search.slice(1) : body);
  const key = typeof headers["idempotency-key"] === "string" ? headers["idempotency-key"] : undefined;
  const fingerprint = `${method} ${url.pathname} ${body}`;
  const saved = method === "POST" && key ? account.replies.get(key) : undefined;
  if (saved && saved.fingerprint !== fingerprint)
    throw new ApiError(400, "Keys for idempotent requests can only be used with the same parameters.", {
      type: "idempotency_error",
    });
  if (saved) return { status: saved.status, body: saved.body, headers: { "Idempotent-Replayed": "true" } };
  let reply: Reply;
  try {
    const id = decodeURIComponent(url.pathname.match(route[1])?.[1] ?? "");
    reply = json(200, expand(account, route[2]({ world, account, params, id }), params.expand));
  } catch (error) {
    reply = errorReply(error);
  }
  // Stripe keeps the answer of a request that ran (success or decline), not one refused up front.
  if (method === "POST" && key && (reply.status === 200 || reply.status === 402))
    account.replies.set(key, { fingerprint, status: reply.status, body: reply.body });
  return reply;
}

// --- The hosted page -------------------------------------------------------------------------

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function money(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

const PAGE_TEXT = {
  en: {
    pay: "Pay",
    cancel: "Cancel",
    saveCard: "Save your card for the deposit",
    expired: "This payment page has expired.",
    complete: "This payment is already complete.",
  },
  es: {
    pay: "Pagar",
    cancel: "Cancelar",
    saveCard: "Guardar tu tarjeta para el depósito",
    expired: "Esta página de pago ha caducado.",
    complete: "Este pago ya se completó.",
  },
};

/** Checkout's page, reduced to what a test reads or presses: the charge, Pay, and Cancel. */
function pageHtml(account: Account, session: Obj): string {
  const language = session.locale === "es" ? "es" : "en";
  const text = PAGE_TEXT[language];
  const description =
    session.mode === "setup"
      ? text.saveCard
      : session._lineItems.map((item: Obj) => item.price_data.product_data.name).join(", ");
  const action =
    session.status === "open"
      ? `<form method="post" action="/pay/${session.id}"><button type="submit">${text.pay}</button></form>`
      : `<p role="alert">${session.status === "expired" ? text.expired : text.complete}</p>`;
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">${text.cancel}</a>` : "";
  const amount = money(session.amount_total ?? 0, session.currency ?? "usd", language);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>Stripe stand-in</title></head>
<body><main><h1>${escapeHtml(account.displayName ?? account.id)}</h1><p>${escapeHtml(description)}</p>
<p data-amount>${escapeHtml(amount)}</p>${action}${cancel}</main></body></html>`;
}

/** What Checkout does once the visitor pays: a card, maybe a customer, the payment or setup, and the event. */
function completeSession(world: World, account: Account, session: Obj) {
  const method = create(account, "pm", "payment_method", { type: "card", card: CARD, customer: null });
  const customer =
    session.customer_creation === "always"
      ? create(account, "cus", "customer", { email: session.customer_email })
      : null;
  // Checkout keeps the card on the customer only when asked to save it and there is a customer.
  if (customer && (session.mode === "setup" || session._intentData.setup_future_usage)) method.customer = customer.id;
  if (session.mode === "payment") {
    const data = session._intentData;
    const intent = confirmIntent(world, account, {
      ...data,
      amount: session.amount_total,
      currency: session.currency,
      customer: customer?.id,
      payment_method: method.id,
    });
    session.payment_intent = intent.id;
  } else {
    const setup = create(account, "seti", "setup_intent", {
      customer: customer?.id ?? null,
      metadata: session._setupData.metadata ?? {},
      payment_method: method.id,
      status: "succeeded",
      usage: "off_session",
    });
    session.setup_intent = setup.id;
  }
  Object.assign(session, {
    status: "complete",
    payment_status: session.mode === "payment" ? "paid" : "no_payment_required",
    customer: customer?.id ?? null,
    customer_details: { email: session.customer_email, name: null },
    url: null,
  });
  emit(world, account, "checkout.session.completed", session);
}

function page(world: World, method: string, url: URL): Reply {
  const id = decodeURIComponent(url.pathname.slice("/pay/".length));
  const account = [...world.accounts.values()].find(
    (candidate) => candidate.objects.get(id)?.object === "checkout.session",
  );
  if (!account)
    return { status: 404, body: "<p>No such checkout session.</p>", headers: { "Content-Type": "text/html" } };
  const session = findSession(world, account, id);
  const html = (status: number): Reply => ({
    status,
    body: pageHtml(account, session),
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
  if (method !== "POST") return html(200);
  if (session.status !== "open") return html(session.status === "expired" ? 410 : 409);
  completeSession(world, account, session);
  return {
    status: 303,
    body: "",
    headers: { Location: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) },
  };
}

// --- Webhooks and the server -----------------------------------------------------------------

async function send(logged: Logged): Promise<number> {
  const { event, account } = logged;
  if (!account.webhookUrl) return 0;
  // Stripe sends indented JSON and signs those exact bytes.
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: account.webhookSecret });
  try {
    const response = await fetch(account.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": signature,
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (response.ok) logged.delivered = true;
    return response.status;
  } catch {
    return 0;
  }
}

async function sendInOrder(events: Logged[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const logged of events) statuses.push(await send(logged));
  return statuses;
}

function track(world: World, work: Promise<unknown>) {
  world.inflight.add(work);
  void work.finally(() => world.inflight.delete(work));
}

/** Answers, sending the events the request caused before or after, as the account's mode says. */
async function answer(world: World, res: http.ServerResponse, reply: Reply, fresh: Logged[]) {
  const mode = fresh[0]?.account.deliver ?? "manual";
  if (mode === "before-return") await sendInOrder(fresh);
  res.writeHead(reply.status, { "Content-Type": "application/json", "Request-Id": newId("req"), ...reply.headers });
  res.end(reply.body, () => {
    if (mode === "after-return") track(world, sendInOrder(fresh));
  });
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The test controls over HTTP, for browser tests and scripts: JSON in, JSON out. */
async function control(standIn: StripeStandIn, method: string, url: URL, body: string): Promise<Reply> {
  const input = body ? JSON.parse(body) : {};
  const [what = "", id = "", action = ""] = url.pathname.slice("/__stand-in/".length).split("/");
  const route = `${method} ${what}${action ? ` :id/${action}` : id ? ` ${id}` : ""}`;
  switch (route) {
    case "POST accounts":
      return json(201, standIn.addAccount(input));
    case "POST delivery":
      standIn.setDelivery(input.secretKey, input.mode);
      return json(200, { ok: true });
    case "GET events":
      return json(200, { data: standIn.events(url.searchParams.get("account") ?? undefined) });
    case "GET events pending":
      return json(200, { data: standIn.pending() });
    case "POST events deliver-all":
      return json(200, { statuses: await standIn.deliverAll(input) });
    case "POST events :id/deliver":
      return json(200, { status: await standIn.deliver(id) });
    case "POST sessions :id/expire":
      await standIn.expireSession(id);
      return json(200, { ok: true });
    case "POST fail-next":
      standIn.failNext(input.count ?? 1, input.status, input.secretKey);
      return json(200, { ok: true });
    case "POST refund-fails-next":
      standIn.refundFailsNext();
      return json(200, { ok: true });
    case "POST decline-next":
      standIn.declineNext(input.code);
      return json(200, { ok: true });
    case "GET payments":
      return json(200, { data: standIn.payments() });
    case "GET refunds":
      return json(200, { data: standIn.refunds() });
    default:
      return json(404, { error: `No stand-in control ${method} ${url.pathname}` });
  }
}

export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const world: World = {
    baseUrl: "",
    accounts: new Map(),
    log: [],
    inflight: new Set(),
    faults: { fail: new Map(), refundFails: false, decline: null },
  };
  const all = (kind: string) =>
    [...world.accounts.values()].flatMap((account) =>
      [...account.objects.values()].filter((o) => o.object === kind).map(exposed),
    );
  const accountOf = (secretKey: string) => {
    const account = world.accounts.get(secretKey);
    if (!account) throw new Error("The stand-in has no account with that secret key");
    return account;
  };

  const standIn: StripeStandIn = {
    url: "",
    port: 0,
    addAccount(input) {
      const known = world.accounts.get(input.secretKey);
      const account: Account = known ?? {
        ...input,
        id: newId("acct"),
        deliver: "before-return",
        objects: new Map(),
        replies: new Map(),
      };
      Object.assign(account, input, { deliver: input.deliver ?? known?.deliver ?? "before-return" });
      world.accounts.set(input.secretKey, account);
      return { id: account.id };
    },
    setDelivery(secretKey, mode) {
      accountOf(secretKey).deliver = mode;
    },
    events: (secretKey) => world.log.filter((l) => !secretKey || l.account.secretKey === secretKey).map((l) => l.event),
    pending: () => world.log.filter((l) => !l.delivered).map((l) => l.event),
    async deliver(eventId) {
      const logged = world.log.find((l) => l.event.id === eventId);
      if (!logged) throw new Error(`No event ${eventId}`);
      return send(logged);
    },
    deliverAll({ reverse = false } = {}) {
      const pending = world.log.filter((l) => !l.delivered);
      return sendInOrder(reverse ? pending.reverse() : pending);
    },
    async idle() {
      while (world.inflight.size > 0) await Promise.allSettled([...world.inflight]);
    },
    async expireSession(sessionId) {
      const account = [...world.accounts.values()].find((a) => a.objects.has(sessionId));
      if (!account) throw new Error(`No session ${sessionId}`);
      const before = world.log.length;
      const session = find(account, sessionId, "checkout.session");
      if (session.status === "open") expire(world, account, session);
      // As if Stripe's clock ran out: nothing to answer, so "after-return" sends at once too.
      const fresh = world.log.slice(before);
      if (account.deliver === "before-return") await sendInOrder(fresh);
      else if (account.deliver === "after-return") track(world, sendInOrder(fresh));
    },
    failNext(count, status = 500, secretKey) {
      if (count > 0) world.faults.fail.set(secretKey ?? "*", { count, status });
      else world.faults.fail.delete(secretKey ?? "*");
    },
    refundFailsNext() {
      world.faults.refundFails = true;
    },
    declineNext(code = "card_declined") {
      world.faults.decline = code;
    },
    payments: () => all("payment_intent"),
    refunds: () => all("refund"),
    sessions: () => all("checkout.session"),
    setupIntents: () => all("setup_intent"),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await standIn.idle();
    },
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", world.baseUrl);
    const body = await readBody(req);
    if (url.pathname.startsWith("/__stand-in/")) {
      const reply = await control(standIn, method, url, body).catch((error) => json(400, { error: String(error) }));
      return answer(world, res, reply, []);
    }
    // Handlers run synchronously, so the events logged meanwhile are this request's own.
    const before = world.log.length;
    let reply: Reply;
    try {
      if (url.pathname.startsWith("/v1/")) reply = api(world, method, url, body, req.headers);
      else if (url.pathname.startsWith("/pay/")) reply = page(world, method, url);
      else reply = json(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL." } });
    } catch (error) {
      reply = errorReply(error);
    }
    await answer(world, res, reply, world.log.slice(before));
  }
  // A client gone mid-request (a test closing early) is no failure of the stand-in.
  const server = http.createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  standIn.port = (server.address() as AddressInfo).port;
  standIn.url = world.baseUrl = `http://127.0.0.1:${standIn.port}`;
  return standIn;
}
