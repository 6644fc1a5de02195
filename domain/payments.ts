import { z } from "zod";
import type { ApiMessageKey } from "./messages";
import { moneyField } from "./money-field";
import { endedWithoutRental, pickedUp } from "./picked-up";
import { PREPAY_KINDS, type PrepayRule, prepaymentCents, refundCents } from "./prepayment";
import { type Translations, translationsSchema, translationsViewSchema } from "./translations";

/**
 * How a landing's bookings are paid (issue 27): what is paid before pickup and how, what is paid at
 * the counter, and whether the vehicle's deposit is held on the card. Pure: the server stores and
 * enforces it, the dashboard's "Pagos" tab edits it, the public pages explain it.
 */

/** How a prepayment is paid: by card on the provider's page, or by bank transfer the owner marks paid. */
export const PREPAY_CHANNELS = ["card", "transfer"] as const;
export type PrepayChannel = (typeof PREPAY_CHANNELS)[number];

/** What the counter takes for the rest. */
export const PICKUP_METHODS = ["cash", "card", "transfer"] as const;
export type PickupMethod = (typeof PICKUP_METHODS)[number];

/** The vehicle's deposit: held at the counter as today, or held on the card online. */
export const DEPOSIT_HOLDS = ["none", "at_booking", "before_pickup"] as const;
export type DepositHold = (typeof DEPOSIT_HOLDS)[number];

/** Card holds lapse after about 7 days, so a hold made before pickup is made at most 6 days ahead. */
export const DEPOSIT_HOLD_DAYS_MAX = 6;
export const HOLD_MINUTES = { min: 10, max: 60, default: 15 } as const;
export const TRANSFER_HOURS = { min: 1, max: 168, default: 48 } as const;
export const PREPAY_FIXED_MAX_CENTS = 100_000_00;
const TEXT_MAX = 120;
export const INSTRUCTIONS_MAX = 1000;

export type TransferDetails = {
  bank: string;
  holder: string;
  account: string;
  /** "Corriente", "Ahorros"… as the owner writes it. */
  accountType: string;
  /** The holder's tax id (RNC or cédula), when the owner gives it. */
  taxId: string;
  /** In the landing's default language; `translations` holds them in the other (PRODUCT §7). */
  instructions: string;
  translations?: Translations<"instructions">;
  /** How long the customer has to send it before the booking lapses. */
  deadlineHours: number;
};

export type PaymentSettings = PrepayRule & {
  channel: PrepayChannel;
  pickupMethods: PickupMethod[];
  depositHold: DepositHold;
  depositHoldDays: number;
  /** How long a booking waiting for its card payment keeps its unit. */
  holdMinutes: number;
  transfer: TransferDetails;
};

const EMPTY_TRANSFER: TransferDetails = {
  bank: "",
  holder: "",
  account: "",
  accountType: "",
  taxId: "",
  instructions: "",
  deadlineHours: TRANSFER_HOURS.default,
};

/** Today's behaviour, for a landing that never opened "Pagos": everything at pickup, nothing online. */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  prepay: "none",
  prepayPercent: 20,
  prepayFixedCents: 0,
  channel: "card",
  pickupMethods: ["cash", "card"],
  depositHold: "none",
  depositHoldDays: 2,
  holdMinutes: HOLD_MINUTES.default,
  transfer: EMPTY_TRANSFER,
};

/** Whether bookings pay part or all of their total by bank transfer when booking. */
export const prepaysByTransfer = (settings: Pick<PaymentSettings, "prepay" | "channel">) =>
  settings.prepay !== "none" && settings.channel === "transfer";

/** Whether these settings take money through the provider (and so need the owner's account connected). */
export const needsProvider = (settings: PaymentSettings) =>
  (settings.prepay !== "none" && settings.channel === "card") || settings.depositHold !== "none";

/**
 * What is left of a cancellation's fee for the money paid by hand (cash, the owner's terminal, a
 * transfer they recorded) once the prepayment, by card or transfer, has covered what it can: the
 * fee is kept once, and from the prepayment first, since a card's refund is made by itself, less
 * the fee, as soon as the booking is cancelled.
 */
export const feeLeftForHand = (feeCents: number, prepaidCents: number) =>
  Math.max(0, Math.max(0, feeCents) - Math.max(0, prepaidCents));

/** What goes back of `byHandCents` paid by hand when a booking prepaid `prepaidCents` is cancelled with `feeCents`. */
export const handRefundCents = (byHandCents: number, feeCents: number, prepaidCents: number) =>
  refundCents(byHandCents, feeLeftForHand(feeCents, prepaidCents));

/**
 * How one booking is paid, fixed when it is made from the landing's settings then (a later change
 * of settings never changes what a customer agreed to). Null on a booking: all at pickup.
 */
export type PaymentPlan = {
  /** Paid when booking. */
  prepayCents: number;
  channel: PrepayChannel;
  pickupMethods: PickupMethod[];
  depositHold: DepositHold;
  depositHoldDays: number;
  depositCents: number;
  /** A bank transfer's account, as the customer is told it. */
  transfer: TransferDetails | null;
};

/** The plan of a booking of `totalCents` with a vehicle's deposit, or null when nothing is done online. */
export function paymentPlanFor(
  settings: PaymentSettings,
  totalCents: number,
  depositCents: number,
): PaymentPlan | null {
  const prepayCents = prepaymentCents(settings, totalCents);
  const depositHold = depositCents > 0 ? settings.depositHold : "none";
  if (prepayCents === 0 && depositHold === "none") return null;
  return {
    prepayCents,
    channel: settings.channel,
    pickupMethods: settings.pickupMethods,
    depositHold,
    depositHoldDays: settings.depositHoldDays,
    depositCents: depositHold === "none" ? 0 : depositCents,
    transfer: prepayCents > 0 && settings.channel === "transfer" ? settings.transfer : null,
  };
}

/** Whether the customer goes to the provider's page when booking: a card prepayment, or a card saved for the deposit. */
export const paysOnline = (plan: PaymentPlan | null): boolean =>
  plan !== null && ((plan.prepayCents > 0 && plan.channel === "card") || plan.depositHold !== "none");

/** How long a booking waiting for its payment holds the unit: the card's minutes, or the transfer's hours. */
export const paymentWindowMs = (settings: PaymentSettings, plan: PaymentPlan) =>
  paysOnline(plan) ? settings.holdMinutes * 60_000 : settings.transfer.deadlineHours * 3_600_000;

const m = (key: ApiMessageKey) => key;
const text = (max: number, tooLong: ApiMessageKey = "paymentTextTooLong") =>
  z.string().trim().max(max, m(tooLong)).optional().default("");
const instructionsText = z.string().trim().max(INSTRUCTIONS_MAX, m("transferInstructionsTooLong"));
const whole = (min: number, max: number, message: ApiMessageKey) =>
  z.coerce.number(m(message)).int(m(message)).min(min, m(message)).max(max, m(message));

/** PUT /landings/{userId}/{landingId}/payments: the "Pagos" form, in the API's snake_case. */
export const paymentSettingsInputSchema = z
  .object({
    prepay: z.enum(PREPAY_KINDS, m("paymentChoiceInvalid")),
    prepay_percent: whole(1, 100, "prepayPercentRange").optional().default(DEFAULT_PAYMENT_SETTINGS.prepayPercent),
    prepay_amount: moneyField({
      invalid: "prepayAmountInvalid",
      maxCents: PREPAY_FIXED_MAX_CENTS,
      tooHigh: "prepayAmountInvalid",
    })
      .optional()
      .default(0),
    channel: z.enum(PREPAY_CHANNELS, m("paymentChoiceInvalid")).optional().default("card"),
    pickup_methods: z
      .array(z.enum(PICKUP_METHODS, m("paymentChoiceInvalid")), m("paymentChoiceInvalid"))
      .max(PICKUP_METHODS.length, m("paymentChoiceInvalid"))
      .transform((methods) => PICKUP_METHODS.filter((method) => methods.includes(method))),
    deposit_hold: z.enum(DEPOSIT_HOLDS, m("paymentChoiceInvalid")).optional().default("none"),
    deposit_hold_days: whole(1, DEPOSIT_HOLD_DAYS_MAX, "depositDaysRange").optional().default(2),
    hold_minutes: whole(HOLD_MINUTES.min, HOLD_MINUTES.max, "holdMinutesRange")
      .optional()
      .default(HOLD_MINUTES.default),
    transfer: z
      .object({
        bank: text(TEXT_MAX),
        holder: text(TEXT_MAX),
        account: text(TEXT_MAX),
        account_type: text(TEXT_MAX),
        tax_id: text(TEXT_MAX),
        instructions: text(INSTRUCTIONS_MAX, "transferInstructionsTooLong"),
        translations: translationsSchema({ instructions: instructionsText }).optional().default({}),
        deadline_hours: whole(TRANSFER_HOURS.min, TRANSFER_HOURS.max, "transferHoursRange")
          .optional()
          .default(TRANSFER_HOURS.default),
      })
      .optional(),
    version: z.number().int().optional(),
  })
  .superRefine((input, ctx) => {
    const fail = (path: string[], message: ApiMessageKey) => ctx.addIssue({ code: "custom", path, message });
    if (input.prepay === "fixed" && input.prepay_amount <= 0) fail(["prepay_amount"], "prepayAmountInvalid");
    // Something is left for the counter unless the whole total is paid online.
    if (input.prepay !== "full" && input.pickup_methods.length === 0) fail(["pickup_methods"], "pickupMethodsRequired");
    if (prepaysByTransfer(input)) {
      const transfer = input.transfer;
      if (!transfer?.bank) fail(["transfer", "bank"], "required");
      if (!transfer?.holder) fail(["transfer", "holder"], "required");
      if (!transfer?.account) fail(["transfer", "account"], "required");
      // See `effectivePaymentSettings`: such a booking was confirmed once the card was saved.
      if (input.deposit_hold !== "none") fail(["deposit_hold"], "depositHoldNeedsCardPrepay");
    }
  })
  .transform((input): { settings: PaymentSettings; version: number | undefined } => ({
    version: input.version,
    settings: {
      prepay: input.prepay,
      prepayPercent: input.prepay_percent,
      prepayFixedCents: input.prepay_amount,
      channel: input.channel,
      pickupMethods: input.pickup_methods,
      depositHold: input.deposit_hold,
      depositHoldDays: input.deposit_hold_days,
      holdMinutes: input.hold_minutes,
      transfer: input.transfer
        ? {
            bank: input.transfer.bank,
            holder: input.transfer.holder,
            account: input.transfer.account,
            accountType: input.transfer.account_type,
            taxId: input.transfer.tax_id,
            instructions: input.transfer.instructions,
            ...(Object.keys(input.transfer.translations).length > 0 && { translations: input.transfer.translations }),
            deadlineHours: input.transfer.deadline_hours,
          }
        : EMPTY_TRANSFER,
    },
  }));

/** A bank transfer's account as the API answers it. */
const transferViewSchema = z.object({
  bank: z.string(),
  holder: z.string(),
  account: z.string(),
  account_type: z.string(),
  tax_id: z.string(),
  instructions: z.string(),
  /** The instructions in the landing's other language, when written. */
  translations: translationsViewSchema.optional(),
  deadline_hours: z.number().int(),
});

const presentTransfer = (transfer: TransferDetails) => ({
  bank: transfer.bank,
  holder: transfer.holder,
  account: transfer.account,
  account_type: transfer.accountType,
  tax_id: transfer.taxId,
  instructions: transfer.instructions,
  ...(transfer.translations && { translations: transfer.translations }),
  deadline_hours: transfer.deadlineHours,
});

/** The settings as the API answers them. */
export const paymentSettingsSchema = z.object({
  prepay: z.enum(PREPAY_KINDS),
  prepay_percent: z.number().int(),
  prepay_amount_cents: z.number().int(),
  channel: z.enum(PREPAY_CHANNELS),
  pickup_methods: z.array(z.enum(PICKUP_METHODS)),
  deposit_hold: z.enum(DEPOSIT_HOLDS),
  deposit_hold_days: z.number().int(),
  hold_minutes: z.number().int(),
  transfer: transferViewSchema,
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsSchema>;

export const presentPaymentSettings = (settings: PaymentSettings): PaymentSettingsView => ({
  prepay: settings.prepay,
  prepay_percent: settings.prepayPercent,
  prepay_amount_cents: settings.prepayFixedCents,
  channel: settings.channel,
  pickup_methods: settings.pickupMethods,
  deposit_hold: settings.depositHold,
  deposit_hold_days: settings.depositHoldDays,
  hold_minutes: settings.holdMinutes,
  transfer: presentTransfer(settings.transfer),
});

/** Stored settings read back: a key added later takes its default. */
export const storedPaymentSettings = (stored: Partial<PaymentSettings> | null | undefined): PaymentSettings => ({
  ...DEFAULT_PAYMENT_SETTINGS,
  ...stored,
  transfer: { ...EMPTY_TRANSFER, ...stored?.transfer },
});

/**
 * The settings a landing's bookings are made under: what the owner saved, except that taking money
 * through the provider falls back to all at pickup while no account is connected (nothing could be
 * taken), and that a prepayment by transfer takes the deposit at pickup. A card kept for the deposit
 * on the provider's page confirmed the booking once saved, with the transfer still to come (a walk's
 * finding: confirmed with nothing paid and no transfer asked for); the settings refuse the two
 * together now, and ones saved before are read so.
 */
export function effectivePaymentSettings(stored: Partial<PaymentSettings> | null | undefined, connected: boolean) {
  const saved = storedPaymentSettings(stored);
  const settings = prepaysByTransfer(saved) ? { ...saved, depositHold: "none" as const } : saved;
  if (!needsProvider(settings) || connected) return settings;
  return { ...settings, prepay: settings.channel === "card" ? "none" : settings.prepay, depositHold: "none" } as const;
}

/** How a landing's bookings are paid, as its public pages tell a visitor before booking (never an account's details). */
export const publicPaymentSchema = z.object({
  prepay: z.enum(PREPAY_KINDS),
  prepay_percent: z.number().int(),
  prepay_amount_cents: z.number().int(),
  channel: z.enum(PREPAY_CHANNELS),
  pickup_methods: z.array(z.enum(PICKUP_METHODS)),
  deposit_hold: z.enum(DEPOSIT_HOLDS),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

export const presentPublicPayment = (settings: PaymentSettings): PublicPayment => ({
  prepay: settings.prepay,
  prepay_percent: settings.prepayPercent,
  prepay_amount_cents: settings.prepayFixedCents,
  channel: settings.channel,
  pickup_methods: settings.pickupMethods,
  deposit_hold: settings.depositHold,
});

/** Keys as pasted from Stripe's dashboard (Developers → API keys, and the webhook's signing secret). */
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{10,250}$/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]{10,250}$/;
export const stripeKeysInputSchema = z
  .object({
    // Each field says what its own key looks like: "sk_test_typo" starts right and is still not a key.
    secret_key: z.string(m("stripeSecretKeyFormat")).trim().regex(SECRET_KEY, m("stripeSecretKeyFormat")),
    publishable_key: z
      .string(m("stripePublishableKeyFormat"))
      .trim()
      .regex(PUBLISHABLE_KEY, m("stripePublishableKeyFormat")),
    webhook_secret: z
      .string(m("stripeWebhookSecretFormat"))
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]{10,250}$/, m("stripeWebhookSecretFormat")),
  })
  .superRefine((keys, ctx) => {
    const live = (key: string) => key.includes("_live_");
    // Compared only once both are keys at all: a wrong key is told as such, not as a mismatch.
    const bothKeys = SECRET_KEY.test(keys.secret_key) && PUBLISHABLE_KEY.test(keys.publishable_key);
    if (bothKeys && live(keys.secret_key) !== live(keys.publishable_key)) {
      ctx.addIssue({ code: "custom", path: ["publishable_key"], message: m("stripeKeysMismatch") });
    }
  });
export type StripeKeysInput = z.infer<typeof stripeKeysInputSchema>;

/** What the dashboard is told about a connected account: never a key, only its last characters. */
export const paymentAccountSchema = z.object({
  provider: z.literal("stripe"),
  account_id: z.string(),
  display_name: z.string().nullable(),
  test_mode: z.boolean(),
  secret_key_hint: z.string(),
  publishable_key: z.string(),
  checked_at: z.string(),
});
export type PaymentAccountView = z.infer<typeof paymentAccountSchema>;

/** One movement of a booking's money as the ledger keeps it (the server's `payments` rows). */
export type LedgerMovement = {
  /** Its row: what the owner names to undo money they recorded by hand. */
  id?: number;
  /** "received": money the owner took in person (or saw arrive) and recorded themselves. */
  kind: "charge" | "hold" | "capture" | "release" | "refund" | "transfer" | "received";
  /** "voided": money recorded by hand that the owner undid; it counts nowhere. */
  status: "pending" | "succeeded" | "failed" | "voided";
  amountCents: number;
  /** Money that changed hands by hand (received, or given back by the owner): how. */
  method?: PickupMethod | null;
  note?: string | null;
  /** Why it moved, as a code (`payments.reason`): "deposit", the return's charges taken from a deposit received at the counter. */
  reason?: string | null;
  createdAt?: Date;
  /** A hold: when the provider lets it lapse. */
  expiresAt?: Date | null;
  /** A failed refund: when it is tried again; none once the provider refused it for good. */
  nextAttemptAt?: Date | null;
  /** Money recorded by hand and undone: when. */
  voidedAt?: Date | null;
  /** When the provider made it: a refund retried after a failure went back then, not when asked. */
  completedAt?: Date | null;
};

/**
 * When a movement made went through: when the provider made it, or, for what was recorded made
 * (by hand, or before the ledger kept it), when it was recorded. A refund is dated so wherever it
 * is shown as given back.
 */
const madeAt = (entry: Pick<LedgerMovement, "completedAt" | "createdAt">) =>
  (entry.completedAt ?? entry.createdAt ?? new Date(0)).toISOString();

/** A refund the provider refused for good (not a hiccup): the owner settles it from their provider's dashboard. */
export const refusedRefund = (entry: LedgerMovement): boolean =>
  entry.kind === "refund" && entry.status === "failed" && !entry.nextAttemptAt;

/** A refund asked for, made or still being retried: one recorded by hand and undone was never given. */
export const askedRefund = (entry: { kind: string; status: string }): boolean =>
  entry.kind === "refund" && entry.status !== "voided";

/**
 * A refund asked of the card provider (made, on its way, being retried or refused for good). A
 * refund recorded by hand names how it went back (cash, a transfer): it gave back money taken by
 * hand, never the card's, so it leaves what the card can still get back as it was.
 */
const cardRefund = (entry: { kind: string; status: string; method?: string | null }): boolean =>
  askedRefund(entry) && !entry.method;

/** The sum of the refunds asked of the card (`cardRefund`): what the card cannot be asked for again. */
export const askedOfCardCents = (
  entries: readonly { kind: string; status: string; method?: string | null; amountCents: number }[],
) => entries.filter(cardRefund).reduce((sum, e) => sum + e.amountCents, 0);

/**
 * The deposit hold still standing on the card: held, and neither charged nor released nor on its
 * way to either (a capture or release asked and not answered yet ends it too: the owner cannot ask twice).
 */
export function standingHold<T extends Pick<LedgerMovement, "amountCents"> & { kind: string; status: string }>(
  entries: readonly T[],
): T | undefined {
  const hold = entries.find((e) => e.kind === "hold" && e.status === "succeeded");
  const ended = entries.some((e) => (e.kind === "capture" || e.kind === "release") && e.status !== "failed");
  return hold && !ended ? hold : undefined;
}

/** How a quoted booking would be paid, as the review page tells the visitor before they book. */
export const quotePaymentSchema = z.object({
  prepay_cents: z.number().int(),
  channel: z.enum(PREPAY_CHANNELS),
  pickup_methods: z.array(z.enum(PICKUP_METHODS)),
  deposit_hold: z.enum(DEPOSIT_HOLDS),
  deposit_cents: z.number().int(),
});
export type QuotePayment = z.infer<typeof quotePaymentSchema>;

export const presentQuotePayment = (plan: PaymentPlan): QuotePayment => ({
  prepay_cents: plan.prepayCents,
  channel: plan.channel,
  pickup_methods: plan.pickupMethods,
  deposit_hold: plan.depositHold,
  deposit_cents: plan.depositCents,
});

/**
 * The quote's payment with how its prepayment is figured, so a total the quote never heard (the
 * driver's age fee) prepays on the review page as the booking will.
 */
export const quotedPaymentSchema = quotePaymentSchema.extend({
  prepay: z.enum(PREPAY_KINDS),
  prepay_percent: z.number().int(),
  prepay_fixed_cents: z.number().int(),
});
export type QuotedPayment = z.infer<typeof quotedPaymentSchema>;

export const presentQuotedPayment = (plan: PaymentPlan, settings: PaymentSettings): QuotedPayment => ({
  ...presentQuotePayment(plan),
  prepay: settings.prepay,
  prepay_percent: settings.prepayPercent,
  prepay_fixed_cents: settings.prepayFixedCents,
});

/** What a booking paid, holds, got back and still owes, as the customer and the owner see it. */
export const paymentSummarySchema = quotePaymentSchema.extend({
  /** While awaiting payment: when the booking lapses unpaid. */
  due_at: z.string().nullable(),
  transfer: transferViewSchema.nullable(),
  paid_cents: z.number().int(),
  held_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /**
   * The refunds `refunded_cents` adds up (to the card, or recorded by hand), oldest first: each
   * with when it was asked (`recorded_at`) and when the money went back (`refunded_at`, later
   * when the provider made it on a retry), which the customer's page and the owner's detail say.
   */
  refunds: z.array(
    z.object({
      amount_cents: z.number().int(),
      recorded_at: z.string(),
      refunded_at: z.string(),
      /** Given back outside the card provider (cash, a transfer back), as the owner recorded it. */
      by_hand: z.boolean(),
    }),
  ),
  /**
   * Paid to the operator outside the provider and recorded by hand (cash at the desk, their own
   * terminal, a transfer seen arrive), not undone: the customer's page and emails say it apart
   * from what was paid online, and what is left to pay at pickup counts it.
   */
  received_by_hand_cents: z.number().int(),
  /** A refund the provider has not made yet (it is tried again). */
  refund_pending_cents: z.number().int(),
  /** A refund the provider refused for good: the owner gives it back from their provider's dashboard. */
  refund_refused_cents: z.number().int(),
  due_at_pickup_cents: z.number().int(),
  /** What is left of the card payment to give back (refunds made or still being retried count as given). */
  refundable_cents: z.number().int(),
  /** What the owner charged from the deposit held on the card. */
  captured_cents: z.number().int(),
  /** While a deposit is held: when the provider lets it lapse. */
  hold_expires_at: z.string().nullable(),
  /**
   * Where the deposit stands: taken at the counter, to be held on the card, held, being charged or
   * released (the provider has not answered yet), charged (part or all) or released by the owner, or
   * refused by the card (then taken at the counter).
   */
  deposit_status: z.enum(["counter", "to_hold", "held", "settling", "charged", "released", "refused"]),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

const sumOf = (entries: readonly LedgerMovement[], kind: LedgerMovement["kind"], status: LedgerMovement["status"][]) =>
  entries.filter((e) => e.kind === kind && status.includes(e.status)).reduce((sum, e) => sum + e.amountCents, 0);

/** Money the owner recorded by hand, received or given back (cash, a card on their own terminal, a bank transfer). */
export const receivedPaymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(PICKUP_METHODS),
  amount_cents: z.number().int(),
  note: z.string().nullable(),
  recorded_at: z.string(),
  /**
   * Taken out of the deposit received at the counter (`FROM_DEPOSIT_REASONS`): it comes off what
   * the counter says goes back of the deposit.
   */
  from_deposit: z.boolean(),
  /**
   * The return's charges the customer accepted, taken from that deposit: part of what they signed,
   * so never undone on its own (what the owner recorded as paid from it is undone as any payment).
   */
  accepted_charges: z.boolean(),
});
export type ReceivedPayment = z.infer<typeof receivedPaymentSchema>;

/** Money recorded by hand that the owner undid: kept on the ledger, counted nowhere. */
export const voidedPaymentSchema = receivedPaymentSchema.extend({
  /** Given back (a refund by hand), not received. */
  refund: z.boolean(),
  voided_at: z.string(),
});
export type VoidedPayment = z.infer<typeof voidedPaymentSchema>;

/** A refund asked of the card provider and not refused for good: made, or still on its way. */
export const cardRefundSchema = z.object({
  amount_cents: z.number().int(),
  recorded_at: z.string(),
  /** When the provider made it (null while pending): the date it is shown with once given back. */
  refunded_at: z.string().nullable(),
  /** Not made yet: the provider is asked again. */
  pending: z.boolean(),
  /** Given by the owner of their own accord, with its reason (`concededCents`). */
  conceded: z.boolean(),
});
export type CardRefund = z.infer<typeof cardRefundSchema>;

/**
 * Where the whole bill stands, whatever channel paid it: the booking's total plus the return's
 * charges the customer accepted (with their tax), against everything received (by card, transfer,
 * from the deposit, or by hand at the counter) less what went back. This is the one figure the
 * owner records a payment against, the invoice settles and the dashboards count.
 */
export const settlementSchema = z.object({
  /** The return's charges the customer accepted, with their tax. */
  charges_cents: z.number().int(),
  /** Received by any channel, net of refunds made or still being made. */
  paid_cents: z.number().int(),
  /** Still to pay; nothing once the booking is cancelled or a no-show (there is no rental to pay). */
  outstanding_cents: z.number().int(),
  /**
   * The return's charges (with their tax) the customer has not accepted yet: invoiced as a draft,
   * not owed until they sign, so outside `outstanding_cents` and said beside it (`chargesAwaiting`).
   */
  charges_awaiting_cents: z.number().int(),
  /** What will be left to pay once the customer accepts those charges (the draft invoice's last line). */
  outstanding_once_accepted_cents: z.number().int(),
  received: z.array(receivedPaymentSchema),
  /** Given back by hand (a transfer back, cash), as the owner recorded it. */
  refunded_by_hand: z.array(receivedPaymentSchema),
  /** Given back to the card, oldest first: what the invoice lists as refunds beside those by hand. */
  refunded_to_card: z.array(cardRefundSchema),
  /** What came in outside the card provider (transfers, money taken by hand) and is not given back yet. */
  refundable_by_hand_cents: z.number().int(),
  /** Money recorded by hand and then undone by the owner, oldest first: the ledger keeps it. */
  voided_by_hand: z.array(voidedPaymentSchema),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** What came in (card, transfer, deposit charged, taken by hand) less what went back; a refund refused for good gave nothing back. */
export function netPaidCents(entries: readonly LedgerMovement[]): number {
  const inflow = (["charge", "transfer", "capture", "received"] as const).reduce(
    (sum, kind) => sum + sumOf(entries, kind, ["succeeded"]),
    0,
  );
  const back = entries.filter((e) => askedRefund(e) && !refusedRefund(e)).reduce((sum, e) => sum + e.amountCents, 0);
  return inflow - back;
}

/**
 * Why money received was taken out of the deposit the counter took (`payments.reason`): the return's
 * charges the customer accepted ("deposit", written with their acceptance), or what the owner
 * recorded as paid from it toward what is left to pay ("deposit_kept": the counter tells them to
 * collect that before the deposit goes back, and to take it from the deposit if they do).
 */
export const FROM_DEPOSIT_REASONS = ["deposit", "deposit_kept"] as const;
export type FromDepositReason = (typeof FROM_DEPOSIT_REASONS)[number];
const fromDeposit = (reason: string | null | undefined) => FROM_DEPOSIT_REASONS.some((known) => known === reason);

/** A movement recorded by hand as the owner reads it. */
const asReceived = (e: LedgerMovement): ReceivedPayment => ({
  id: e.id ?? 0,
  method: e.method ?? "cash",
  amount_cents: e.amountCents,
  note: e.note ?? null,
  recorded_at: (e.createdAt ?? new Date(0)).toISOString(),
  from_deposit: fromDeposit(e.reason),
  accepted_charges: e.reason === "deposit",
});

/** Money recorded by hand: received, or a refund with the method it went back by (a card refund has none). */
const byHand = (entries: readonly LedgerMovement[], kind: "received" | "refund"): ReceivedPayment[] =>
  entries.filter((e) => e.kind === kind && e.status === "succeeded" && e.method).map(asReceived);

/** Money received by hand, and not undone, as the settlement lists it (`Settlement.received`). */
export const receivedByHand = (entries: readonly LedgerMovement[]) => byHand(entries, "received");

/**
 * What is left of the deposit the counter took (null: none was), once what was taken out of it is
 * counted: the return's charges the customer accepted and what the owner recorded as paid from it.
 * It is what goes back to the customer, and what can still be taken from it. One figure for the
 * counter's "deposit to give back", the charges' acceptance and the payment recorded from it.
 */
export function depositLeftCents(
  deposit: { cents: number } | null,
  received: readonly Pick<ReceivedPayment, "amount_cents" | "from_deposit">[],
): number {
  if (!deposit) return 0;
  return Math.max(0, deposit.cents - sumOfAmounts(received.filter((entry) => entry.from_deposit)));
}

/** Money recorded by hand and undone, received or given back. */
const voidedByHand = (entries: readonly LedgerMovement[]): VoidedPayment[] =>
  entries
    .filter((e) => e.status === "voided")
    .map((e) => ({
      ...asReceived(e),
      refund: e.kind === "refund",
      voided_at: (e.voidedAt ?? new Date(0)).toISOString(),
    }));

/** The sum of movements recorded by hand. */
export const sumOfAmounts = (list: readonly Pick<ReceivedPayment, "amount_cents">[]) =>
  list.reduce((total, e) => total + e.amount_cents, 0);

/**
 * Whether more was given back by hand than came in outside the card provider: what undoing a
 * payment a refund by hand went against would leave (a refund of money never received).
 */
export function refundedBeyondReceived(entries: readonly LedgerMovement[]): boolean {
  const cameIn = sumOf(entries, "transfer", ["succeeded"]) + sumOfAmounts(byHand(entries, "received"));
  return sumOfAmounts(byHand(entries, "refund")) > cameIn;
}

/**
 * What was asked back of a prepayment: its refunds made, on their way or refused. The summary's
 * refunds include those recorded by hand; a transfer goes back that way, a card does not, and a
 * refund by hand then gave back money taken by hand (`cardRefund`), none of the card's.
 */
export function prepaymentGivenCents(
  payment: PaymentSummary,
  settlement: Pick<Settlement, "refunded_by_hand">,
): number {
  return prepaymentRefundedCents(payment, settlement) + payment.refund_pending_cents + payment.refund_refused_cents;
}

/**
 * Given back of a prepayment, done: a transfer's refunds are recorded by hand, so all of the
 * summary's; a card's are the provider's, and a refund by hand gave back money taken by hand.
 */
export const prepaymentRefundedCents = (
  payment: Pick<PaymentSummary, "channel" | "refunded_cents">,
  settlement: Pick<Settlement, "refunded_by_hand">,
) => (payment.channel === "transfer" ? payment.refunded_cents : refundedByProviderCents(payment, settlement));

/**
 * The refunds `prepaymentRefundedCents` adds up, each with when it was recorded, oldest first: a
 * transfer's all of the summary's, a card's those its provider made.
 */
export const prepaymentRefunds = (
  payment: Pick<PaymentSummary, "channel" | "refunds">,
  settlement: Pick<Settlement, "refunded_to_card">,
): PaymentSummary["refunds"] =>
  payment.channel === "transfer"
    ? payment.refunds
    : settlement.refunded_to_card
        .filter((refund) => !refund.pending)
        .map(({ amount_cents, recorded_at, refunded_at }) => ({
          amount_cents,
          recorded_at,
          refunded_at: refunded_at ?? recorded_at,
          by_hand: false,
        }));

/** Given back through the card provider: the summary's refunds made, less those recorded by hand. */
export const refundedByProviderCents = (
  payment: Pick<PaymentSummary, "refunded_cents">,
  settlement: Pick<Settlement, "refunded_by_hand">,
) => Math.max(0, payment.refunded_cents - sumOfAmounts(settlement.refunded_by_hand));

/**
 * How much of a cancellation's fee a prepayment covers (`feeLeftForHand` takes the rest from the
 * money paid by hand): a card's payment less its own refunds, since its refund at the cancellation
 * keeps at most what is left on it (server/payments/cancel.ts); a transfer's whole amount, which goes
 * back by hand with the rest of that money. The same before the cancellation and after its refund.
 */
export function prepaymentForFeeCents(
  payment: PaymentSummary | null,
  settlement: Pick<Settlement, "refunded_by_hand">,
): number {
  if (!payment) return 0;
  if (payment.channel === "transfer") return payment.paid_cents;
  return Math.max(0, payment.paid_cents - prepaymentGivenCents(payment, settlement));
}

/**
 * A cancelled card booking's money as it stands once settled (server/payments/cancel.ts, run right
 * after the cancellation is stored, then by the sweep until done): the card gets back what it paid
 * less the fee and less what it got back before, and a deposit held on it is let go. The
 * cancellation's email is written with the cancellation, before that settlement: as stored then,
 * it listed only the refunds made before and the deposit as still held.
 */
export function settledOnCancel(
  payment: PaymentSummary,
  settlement: Pick<Settlement, "refunded_by_hand">,
  feeCents: number,
): PaymentSummary {
  const owed =
    payment.channel === "transfer"
      ? 0
      : Math.max(0, refundCents(payment.paid_cents, feeCents) - prepaymentGivenCents(payment, settlement));
  return {
    ...payment,
    refund_pending_cents: payment.refund_pending_cents + owed,
    held_cents: 0,
    hold_expires_at: null,
  };
}

/**
 * Of a cancellation's fee, what the operator actually keeps: what was paid by any channel and not
 * given back (`Settlement.paid_cents`), up to the fee. Less than the fee when less was paid (the
 * rest was never collected), or when the owner gave back more than the policy asked; nothing when
 * nothing was paid. The same before the cancellation's refund is made and after: that refund gives
 * back only what the fee leaves.
 */
export const feeKeptCents = (feeCents: number, settlement: Pick<Settlement, "paid_cents">) =>
  Math.min(Math.max(0, feeCents), Math.max(0, settlement.paid_cents));

/** A booking's money by the way it came, as `owedBackByHandCents` and the customer's cancel dialog read it. */
export type MoneyByWay = {
  /** Prepaid by bank transfer: no card, the prepayment itself goes back by hand. */
  transfer: boolean;
  /** Recorded by hand, less what went back by hand (the settlement's `handPaidCents`). */
  handPaidCents: number;
  /** What the prepayment holds toward a fee (`prepaymentForFeeCents`). */
  prepaidForFeeCents: number;
  /** All that came in outside the card and has not gone back (`Settlement.refundable_by_hand_cents`). */
  refundableByHandCents: number;
};

/**
 * What a cancelled booking still has to give back by hand (a transfer back, cash), the one rule of
 * the owner's detail, the customer's page and their emails: all that came in outside the card (a
 * prepayment by transfer, money the owner recorded by hand) and has not gone back that way, less
 * what a card's payment left of the fee to keep. The fee is kept once, from the card's payment
 * first; a transfer is part of the money given back by hand, the fee kept from all of it at once;
 * a cancellation with no fee gives everything back.
 */
export const owedBackByHandCents = (money: MoneyByWay, feeCents: number) =>
  Math.max(0, money.refundableByHandCents - feeLeftForHand(feeCents, money.transfer ? 0 : money.prepaidForFeeCents));

/**
 * `MoneyByWay` from a booking's payment summary alone, as its customer's page and emails have it (no
 * settlement). Of the refunds, those recorded by hand gave back money that came in outside the card;
 * the others were the card's own (made, on their way or refused for good). A transfer has no card:
 * all its refunds went back by hand.
 */
export function summaryByWay(payment: PaymentSummary): MoneyByWay {
  const transfer = payment.channel === "transfer";
  const backByHand = transfer
    ? payment.refunded_cents
    : payment.refunds.filter((refund) => refund.by_hand).reduce((sum, refund) => sum + refund.amount_cents, 0);
  const askedOfCard = payment.refunded_cents - backByHand + payment.refund_pending_cents + payment.refund_refused_cents;
  return {
    transfer,
    handPaidCents: Math.max(0, payment.received_by_hand_cents - backByHand),
    prepaidForFeeCents: transfer ? payment.paid_cents : Math.max(0, payment.paid_cents - askedOfCard),
    refundableByHandCents: Math.max(
      0,
      (transfer ? payment.paid_cents : 0) + payment.received_by_hand_cents - backByHand,
    ),
  };
}

/** Recorded by hand as received (cash, the owner's terminal, a transfer seen arrive), less what went back the same way. */
export function handPaidCents(settlement: Pick<Settlement, "received" | "refunded_by_hand">): number {
  return Math.max(0, sumOfAmounts(settlement.received) - sumOfAmounts(settlement.refunded_by_hand));
}

/** The refunds to the card as the settlement lists them: made or on their way (one refused for good gave nothing back). */
const refundsToCard = (entries: readonly LedgerMovement[]): CardRefund[] =>
  entries
    .filter((e) => cardRefund(e) && !refusedRefund(e))
    .map((e) => ({
      amount_cents: e.amountCents,
      recorded_at: (e.createdAt ?? new Date(0)).toISOString(),
      refunded_at: e.status === "succeeded" ? madeAt(e) : null,
      pending: e.status !== "succeeded",
      conceded: e.reason === "owner",
    }));

/**
 * What the owner gave back to the card of their own accord (a partial refund with its reason, which
 * the customer is emailed: reason "owner"), made or on its way: a concession, not money owed again.
 * What is left to pay is the total less what was paid before it, as the customer's email and page
 * say ("to pay at pickup", `summarizePayments`), the counter and the invoice.
 */
export const concededCents = (refunds: readonly CardRefund[]) =>
  refunds.filter((refund) => refund.conceded).reduce((sum, refund) => sum + refund.amount_cents, 0);

export function settlementOf(
  totalCents: number,
  chargesCents: number,
  entries: readonly LedgerMovement[],
  /** Cancelled or a no-show: closed without a rental, so nothing is owed. */
  withoutRental: boolean,
  /** The return's charges, with their tax, that wait for the customer's acceptance. */
  awaitingCents = 0,
): Settlement {
  const paid = netPaidCents(entries);
  const received = byHand(entries, "received");
  const refunded = byHand(entries, "refund");
  const toCard = refundsToCard(entries);
  const owed = (charges: number) =>
    withoutRental ? 0 : Math.max(0, totalCents + charges - paid - concededCents(toCard));
  return {
    charges_cents: chargesCents,
    paid_cents: paid,
    outstanding_cents: owed(chargesCents),
    charges_awaiting_cents: awaitingCents,
    outstanding_once_accepted_cents: owed(chargesCents + awaitingCents),
    received,
    refunded_by_hand: refunded,
    refunded_to_card: toCard,
    refundable_by_hand_cents: Math.max(
      0,
      sumOf(entries, "transfer", ["succeeded"]) + sumOfAmounts(received) - sumOfAmounts(refunded),
    ),
    voided_by_hand: voidedByHand(entries),
  };
}

/**
 * The return's charges that wait for the customer's signature, and what will be left to pay once
 * they sign; null when none wait. They are not owed yet (nothing is recorded against them, the
 * invoice is a draft), so what is pending (`outstanding_cents`) leaves them out and every view says
 * them beside it, as the draft invoice does: the detail's price panel and "Pagos registrados a
 * mano" (on the detail and at the counter), and the invoice's "once the charges are accepted" line.
 */
export function chargesAwaiting(
  settlement: Pick<Settlement, "charges_awaiting_cents" | "outstanding_once_accepted_cents">,
): { chargesCents: number; dueCents: number } | null {
  if (settlement.charges_awaiting_cents <= 0) return null;
  return { chargesCents: settlement.charges_awaiting_cents, dueCents: settlement.outstanding_once_accepted_cents };
}

/**
 * What a booking paid and what is still due, as the price panel of a booking with a payment plan
 * shows them. Paid counts the money taken at the counter too (recorded by hand). Before pickup, as
 * its customer is told (`summarizePayments`): the rest due at pickup, which that money paid some
 * of. Once the car has left, pickup is past: what is due is the settlement's (`settlementOf`: the booking and the return's
 * charges accepted, as invoiced, less all received), the figure the counter shows and records
 * payments against; a walk's panel still said "due at pickup" with the figure from before the
 * return. Closed without a rental (cancelled, a no-show), nothing is due.
 */
export function paidAndDue(
  status: string,
  payment: Pick<PaymentSummary, "paid_cents" | "due_at_pickup_cents">,
  settlement: Pick<Settlement, "received" | "outstanding_cents">,
): { paidCents: number; due: { atPickup: boolean; cents: number } | null } {
  const paidCents = payment.paid_cents + sumOfAmounts(settlement.received);
  if (pickedUp(status)) return { paidCents, due: { atPickup: false, cents: settlement.outstanding_cents } };
  const closed = endedWithoutRental(status);
  return { paidCents, due: closed ? null : { atPickup: true, cents: payment.due_at_pickup_cents } };
}

/**
 * The plan of a booking paid all at pickup (no plan stored: nothing online), for its customer's page
 * once the owner recorded money by hand on it: what came in and went back that way, and what is left
 * for pickup, read as a planned booking's are (a walk's finding: cash taken before pickup was on the
 * owner's detail only, and the customer's page still showed nothing paid).
 */
export const allAtPickupPlan = (depositCents: number): PaymentPlan => ({
  prepayCents: 0,
  channel: "card",
  pickupMethods: [],
  depositHold: "none",
  depositHoldDays: 0,
  depositCents,
  transfer: null,
});

/**
 * A booking's money from its plan and its ledger: paid is what was charged (by card or transfer),
 * refunded what went back, held what the card holds now; what the prepayment leaves of the total is
 * due at pickup, and nothing once the booking is cancelled or a no-show (there is no pickup).
 */
export function summarizePayments(
  plan: PaymentPlan,
  totalCents: number,
  dueAt: Date | null,
  entries: readonly LedgerMovement[],
  withoutRental = false,
): PaymentSummary {
  const charged = sumOf(entries, "charge", ["succeeded"]);
  const paid = charged + sumOf(entries, "transfer", ["succeeded"]);
  const refunded = sumOf(entries, "refund", ["succeeded"]);
  const refused = entries.filter(refusedRefund).reduce((sum, e) => sum + e.amountCents, 0);
  const refundPending = sumOf(entries, "refund", ["pending", "failed"]) - refused;
  const captured = sumOf(entries, "capture", ["succeeded"]);
  const receivedByHand = sumOfAmounts(byHand(entries, "received"));
  const refundedByHand = sumOfAmounts(byHand(entries, "refund"));
  // A capture or a release ends the hold: the provider lets go of whatever was not captured.
  const hold = standingHold(entries);
  const held = hold?.amountCents ?? 0;
  return {
    ...presentQuotePayment(plan),
    due_at: dueAt?.toISOString() ?? null,
    transfer: plan.transfer && presentTransfer(plan.transfer),
    paid_cents: paid,
    held_cents: held,
    refunded_cents: refunded,
    refunds: entries
      .filter((e) => e.kind === "refund" && e.status === "succeeded")
      .map((e) => ({
        amount_cents: e.amountCents,
        recorded_at: (e.createdAt ?? new Date(0)).toISOString(),
        refunded_at: madeAt(e),
        by_hand: Boolean(e.method),
      })),
    received_by_hand_cents: receivedByHand,
    refund_pending_cents: refundPending,
    refund_refused_cents: refused,
    // What is left once the prepayment is made (before it is, the plan says what it will be), less
    // what was paid by hand since and not given back that way: the settlement's figure before pickup
    // (a walk's finding: cash taken at the desk left the customer's page asking for it again).
    due_at_pickup_cents: withoutRental
      ? 0
      : Math.max(0, totalCents - Math.max(paid, plan.prepayCents) - receivedByHand + refundedByHand),
    // As the server counts it when the owner gives some back (server/payments/owner-money.ts): a
    // refund refused for good is given back from the provider's own dashboard (the detail says so),
    // and asked again here it would be refused again.
    refundable_cents: Math.max(0, charged - askedOfCardCents(entries)),
    captured_cents: captured,
    hold_expires_at: held > 0 ? (hold?.expiresAt?.toISOString() ?? null) : null,
    deposit_status: depositStatus(plan, entries),
  };
}

/**
 * Whether the deposit hold is past its expiry: the provider has let go of it (its news may not have
 * come yet), so there is nothing left to charge and it no longer holds anything.
 */
export const holdHasLapsed = (summary: PaymentSummary, now = Date.now()): boolean =>
  summary.held_cents > 0 && summary.hold_expires_at !== null && Date.parse(summary.hold_expires_at) <= now;

/**
 * Whether any money of the booking is on its ledger (paid, given back, held, charged, a hold the
 * card refused, or money the owner recorded by hand, even undone): such a booking is cancelled,
 * never deleted, so its record stays (issue 27.6).
 */
export const moneyOnRecord = (
  summary: PaymentSummary | null,
  byHand?: Pick<Settlement, "received" | "refunded_by_hand" | "voided_by_hand">,
): boolean =>
  (byHand !== undefined &&
    byHand.received.length + byHand.refunded_by_hand.length + byHand.voided_by_hand.length > 0) ||
  (summary !== null &&
    (summary.paid_cents > 0 ||
      summary.refunded_cents > 0 ||
      summary.refund_pending_cents > 0 ||
      summary.refund_refused_cents > 0 ||
      summary.held_cents > 0 ||
      summary.captured_cents > 0 ||
      ["held", "settling", "charged", "released", "refused"].includes(summary.deposit_status)));

/**
 * Whether the counter takes the booking's deposit itself (PRODUCT §11, "held at pickup"): the
 * landing holds none on the card, or the card refused the hold. A hold still to be made, made or
 * ended through the provider is the card's.
 */
export const depositTakenAtCounter = (payment: Pick<PaymentSummary, "deposit_status"> | null) =>
  payment === null || payment.deposit_status === "counter" || payment.deposit_status === "refused";

function depositStatus(plan: PaymentPlan, entries: readonly LedgerMovement[]): PaymentSummary["deposit_status"] {
  if (plan.depositHold === "none" || plan.depositCents <= 0) return "counter";
  const done = (kind: LedgerMovement["kind"]) => entries.some((e) => e.kind === kind && e.status === "succeeded");
  if (entries.some((e) => (e.kind === "capture" || e.kind === "release") && e.status === "pending")) return "settling";
  if (done("capture")) return "charged";
  if (done("release")) return "released";
  if (done("hold")) return "held";
  return entries.some((e) => e.kind === "hold" && e.status === "failed") ? "refused" : "to_hold";
}
