import { describe, expect, it } from "vitest";
import {
  allAtPickupPlan,
  chargesAwaiting,
  DEFAULT_PAYMENT_SETTINGS,
  depositLeftCents,
  depositTakenAtCounter,
  effectivePaymentSettings,
  handPaidCents,
  holdHasLapsed,
  type LedgerMovement,
  moneyOnRecord,
  needsProvider,
  netPaidCents,
  owedBackByHandCents,
  type PaymentSettings,
  type PaymentSummary,
  paidAndDue,
  paymentPlanFor,
  paymentSettingsInputSchema,
  prepaymentForFeeCents,
  prepaymentGivenCents,
  presentPaymentSettings,
  presentPublicPayment,
  presentQuotedPayment,
  receivedByHand,
  settlementOf,
  storedPaymentSettings,
  stripeKeysInputSchema,
  summarizePayments,
  summaryByWay,
} from "./payments";
import { prepaymentCents, quotedPrepaymentCents, refundCents } from "./prepayment";

const settings = (changes: Partial<PaymentSettings>): PaymentSettings => ({ ...DEFAULT_PAYMENT_SETTINGS, ...changes });

describe("what a booking pays when it is made", () => {
  it("nothing, a percentage rounded to the cent, a fixed amount up to the total, or all of it", () => {
    expect(prepaymentCents(settings({ prepay: "none" }), 282_32)).toBe(0);
    expect(prepaymentCents(settings({ prepay: "percent", prepayPercent: 30 }), 282_32)).toBe(84_70);
    expect(prepaymentCents(settings({ prepay: "percent", prepayPercent: 100 }), 282_32)).toBe(282_32);
    expect(prepaymentCents(settings({ prepay: "percent", prepayPercent: 15 }), 1_01)).toBe(15);
    expect(prepaymentCents(settings({ prepay: "fixed", prepayFixedCents: 50_00 }), 282_32)).toBe(50_00);
    expect(prepaymentCents(settings({ prepay: "fixed", prepayFixedCents: 500_00 }), 282_32)).toBe(282_32);
    expect(prepaymentCents(settings({ prepay: "full" }), 282_32)).toBe(282_32);
  });

  it("by the quote's rule, on a total the quote never heard (the driver's age fee), as the booking will", () => {
    for (const rule of [
      settings({ prepay: "percent", prepayPercent: 20 }),
      settings({ prepay: "fixed", prepayFixedCents: 900_00 }),
      settings({ prepay: "full" }),
    ]) {
      const plan = paymentPlanFor(rule, 781_00, 0);
      if (!plan) throw new Error("a plan was expected");
      const quoted = presentQuotedPayment(plan, rule);
      expect(quoted.prepay_cents).toBe(prepaymentCents(rule, 781_00));
      expect(quotedPrepaymentCents(quoted, 948_92)).toBe(prepaymentCents(rule, 948_92));
    }
    // The walk's landing: 20 % of EUR 948.92, not of the EUR 781.00 quoted before the fee.
    const percent = settings({ prepay: "percent", prepayPercent: 20 });
    const plan = paymentPlanFor(percent, 781_00, 0);
    expect(plan && quotedPrepaymentCents(presentQuotedPayment(plan, percent), 948_92)).toBe(189_78);
  });
});

describe("what goes back on a cancellation", () => {
  it("what was paid less the policy's fee, never below nothing", () => {
    expect(refundCents(282_32, 100_00)).toBe(182_32);
    expect(refundCents(84_70, 100_00)).toBe(0);
    expect(refundCents(84_70, 0)).toBe(84_70);
    expect(refundCents(0, 100_00)).toBe(0);
    expect(refundCents(50_00, -10)).toBe(50_00);
  });
});

describe("whether the provider is needed", () => {
  it("for card prepayments and deposit holds, not for transfers or pickup", () => {
    expect(needsProvider(settings({ prepay: "none" }))).toBe(false);
    expect(needsProvider(settings({ prepay: "full", channel: "transfer" }))).toBe(false);
    expect(needsProvider(settings({ prepay: "none", channel: "card" }))).toBe(false);
    expect(needsProvider(settings({ prepay: "percent", channel: "card" }))).toBe(true);
    expect(needsProvider(settings({ prepay: "none", depositHold: "before_pickup" }))).toBe(true);
  });
});

describe("the settings form", () => {
  it("reads typed values into settings, and they come back as sent", () => {
    const { settings: parsed, version } = paymentSettingsInputSchema.parse({
      version: 3,
      prepay: "fixed",
      prepay_amount: "49,99",
      pickup_methods: ["card", "cash"],
      deposit_hold: "before_pickup",
      deposit_hold_days: "3",
    });
    expect(parsed).toMatchObject({
      prepay: "fixed",
      prepayFixedCents: 49_99,
      pickupMethods: ["cash", "card"],
      depositHold: "before_pickup",
      depositHoldDays: 3,
      holdMinutes: 15,
    });
    expect(version).toBe(3);
    expect(presentPaymentSettings(parsed)).toMatchObject({ prepay_amount_cents: 49_99, deposit_hold_days: 3 });
  });

  it("gives stored settings missing a newer key its default", () => {
    expect(storedPaymentSettings({ prepay: "full" })).toEqual({ ...DEFAULT_PAYMENT_SETTINGS, prepay: "full" });
    expect(storedPaymentSettings(null)).toEqual(DEFAULT_PAYMENT_SETTINGS);
  });

  it("takes Stripe's key shapes only, of one mode", () => {
    const keys = {
      secret_key: "sk_test_abcdefghij12",
      publishable_key: "pk_test_abcdefghij12",
      webhook_secret: "whsec_abcdefghij12",
    };
    expect(stripeKeysInputSchema.safeParse(keys).success).toBe(true);
    expect(
      stripeKeysInputSchema.safeParse({
        ...keys,
        secret_key: "rk_live_abcdefghij12",
        publishable_key: "pk_live_abcdefghij12",
      }).success,
    ).toBe(true);
    expect(stripeKeysInputSchema.safeParse({ ...keys, publishable_key: "pk_live_abcdefghij12" }).success).toBe(false);
    expect(stripeKeysInputSchema.safeParse({ ...keys, secret_key: "sk_test_short" }).success).toBe(false);
    expect(
      stripeKeysInputSchema.safeParse({ ...keys, webhook_secret: "whsec_<script>alert(1)</script>" }).success,
    ).toBe(false);
  });
});

describe("a booking's money", () => {
  const plan = paymentPlanFor(settings({ prepay: "percent", prepayPercent: 30 }), 100_00, 0);
  it("owes at pickup what the prepayment leaves, before and after it is paid", () => {
    if (!plan) throw new Error("a plan");
    expect(summarizePayments(plan, 100_00, null, [])).toMatchObject({ paid_cents: 0, due_at_pickup_cents: 70_00 });
    const paid = [{ kind: "charge", status: "succeeded", amountCents: 30_00 }] as const;
    expect(summarizePayments(plan, 100_00, null, paid)).toMatchObject({
      paid_cents: 30_00,
      due_at_pickup_cents: 70_00,
    });
    // Part of it given back to the card by the owner, with a reason: a concession. What is left at
    // pickup is what the customer was told, and the counter's "left to pay" says the same. A
    // refund the card refused gave nothing; one recorded by hand gave back money taken by hand.
    const conceded = [
      ...paid,
      { kind: "refund", status: "succeeded", amountCents: 5_00, reason: "owner" },
      { kind: "refund", status: "failed", amountCents: 2_00, reason: "owner", nextAttemptAt: new Date() },
      { kind: "refund", status: "failed", amountCents: 4_00, reason: "owner", nextAttemptAt: null },
      { kind: "received", status: "succeeded", amountCents: 9_00, method: "cash" },
      { kind: "refund", status: "succeeded", amountCents: 9_00, method: "cash", reason: "owner" },
    ] as const;
    expect(summarizePayments(plan, 100_00, null, conceded).due_at_pickup_cents).toBe(70_00);
    expect(settlementOf(100_00, 0, conceded, false)).toMatchObject({ paid_cents: 23_00, outstanding_cents: 70_00 });
    // The invoice lists the card's refunds as such, each dated: made, or on its way; not the refused one.
    expect(settlementOf(100_00, 0, conceded, false).refunded_to_card).toEqual([
      {
        amount_cents: 5_00,
        recorded_at: new Date(0).toISOString(),
        refunded_at: new Date(0).toISOString(),
        pending: false,
        conceded: true,
      },
      { amount_cents: 2_00, recorded_at: new Date(0).toISOString(), refunded_at: null, pending: true, conceded: true },
    ]);
    // Cancelled, there is no pickup: nothing is owed at one, whatever was paid.
    expect(summarizePayments(plan, 100_00, null, paid, true)).toMatchObject({
      paid_cents: 30_00,
      due_at_pickup_cents: 0,
    });
  });
  it("is due at pickup before it, and once the car has left is what the counter says is left to pay", () => {
    if (!plan) throw new Error("a plan");
    // 30 paid online, 25 taken at the counter, and 40 of charges accepted at the return.
    const entries: LedgerMovement[] = [
      { kind: "charge", status: "succeeded", amountCents: 30_00 },
      { kind: "received", status: "succeeded", amountCents: 25_00, method: "cash" },
    ];
    const payment = summarizePayments(plan, 100_00, null, entries);
    const settlement = settlementOf(100_00, 40_00, entries, false);
    // The cash taken before pickup paid part of what is due there (it was asked for again).
    expect(paidAndDue("confirmed", payment, settlement)).toEqual({
      paidCents: 55_00,
      due: { atPickup: true, cents: 45_00 },
    });
    for (const status of ["on_rent", "returned", "completed"]) {
      expect(paidAndDue(status, payment, settlement), status).toEqual({
        paidCents: 55_00,
        due: { atPickup: false, cents: 100_00 + 40_00 - 55_00 },
      });
    }
    for (const status of ["cancelled", "no_show"]) {
      expect(paidAndDue(status, payment, settlementOf(100_00, 0, entries, true)).due, status).toBeNull();
    }
  });
  it("counts refunds made and those still owed apart; a capture ends the hold (the provider releases the rest)", () => {
    if (!plan) throw new Error("a plan");
    const entries = [
      { kind: "charge", status: "succeeded", amountCents: 30_00 },
      { kind: "refund", status: "succeeded", amountCents: 10_00 },
      { kind: "refund", status: "failed", amountCents: 5_00, nextAttemptAt: new Date("2026-12-01T10:00:00Z") },
      // Refused for good (no next attempt): nothing went back, and the owner gives it back from the
      // provider's dashboard: asked again here, it would be refused again, so it is not offered.
      { kind: "refund", status: "failed", amountCents: 7_00, nextAttemptAt: null },
      { kind: "hold", status: "succeeded", amountCents: 300_00 },
      { kind: "capture", status: "succeeded", amountCents: 50_00 },
      { kind: "charge", status: "failed", amountCents: 99_00 },
    ] as const;
    expect(summarizePayments(plan, 100_00, null, entries)).toMatchObject({
      paid_cents: 30_00,
      refunded_cents: 10_00,
      refund_pending_cents: 5_00,
      refund_refused_cents: 7_00,
      refundable_cents: 8_00,
      held_cents: 0,
      captured_cents: 50_00,
      hold_expires_at: null,
    });
  });
  it("leaves what the card can get back as it was after a refund by hand, which gave back money taken by hand", () => {
    if (!plan) throw new Error("a plan");
    const entries = [
      { kind: "charge", status: "succeeded", amountCents: 30_00 },
      { kind: "refund", status: "succeeded", amountCents: 10_00 },
      { kind: "received", status: "succeeded", amountCents: 20_00, method: "cash" },
      { kind: "refund", status: "succeeded", amountCents: 20_00, method: "cash" },
    ] as const;
    expect(summarizePayments(plan, 100_00, null, entries)).toMatchObject({ refundable_cents: 20_00 });
  });
  it("says how much of a cancellation's fee a prepayment covers: a card less its own refunds, a transfer all of it", () => {
    const summary = (channel: "card" | "transfer", refunded: number, pending = 0, refused = 0) =>
      ({
        channel,
        paid_cents: 100_00,
        refunded_cents: refunded,
        refund_pending_cents: pending,
        refund_refused_cents: refused,
      }) as PaymentSummary;
    const cash = (cents: number) => ({
      refunded_by_hand:
        cents > 0
          ? [
              {
                id: 1,
                method: "cash" as const,
                amount_cents: cents,
                note: null,
                recorded_at: "",
                from_deposit: false,
                accepted_charges: false,
              },
            ]
          : [],
    });
    expect(prepaymentForFeeCents(null, cash(0))).toBe(0);
    expect(prepaymentForFeeCents(summary("card", 0), cash(0))).toBe(100_00);
    expect(prepaymentForFeeCents(summary("card", 30_00, 10_00, 5_00), cash(0))).toBe(55_00);
    // A refund by hand gave back cash: the card still holds all it paid.
    expect(prepaymentGivenCents(summary("card", 20_00), cash(20_00))).toBe(0);
    expect(prepaymentForFeeCents(summary("card", 20_00), cash(20_00))).toBe(100_00);
    // A transfer goes back by hand: its refunds are those.
    expect(prepaymentGivenCents(summary("transfer", 20_00), cash(20_00))).toBe(20_00);
    expect(prepaymentForFeeCents(summary("transfer", 20_00), cash(20_00))).toBe(100_00);
    expect(prepaymentForFeeCents(summary("card", 150_00), cash(0))).toBe(0);
  });
  it("says where a deposit held on the card stands, and when a standing hold lapses", () => {
    const holding = paymentPlanFor(settings({ prepay: "none", depositHold: "at_booking" }), 100_00, 300_00);
    if (!holding) throw new Error("a plan");
    const lapses = new Date("2026-12-02T05:00:00Z");
    const hold = { kind: "hold", status: "succeeded", amountCents: 300_00, expiresAt: lapses } as const;
    const status = (entries: LedgerMovement[]) => summarizePayments(holding, 100_00, null, entries).deposit_status;
    expect(status([])).toBe("to_hold");
    expect(status([{ ...hold, status: "failed" }])).toBe("refused");
    expect(summarizePayments(holding, 100_00, null, [hold])).toMatchObject({
      deposit_status: "held",
      held_cents: 300_00,
      hold_expires_at: lapses.toISOString(),
    });
    expect(status([hold, { kind: "release", status: "succeeded", amountCents: 300_00 }])).toBe("released");
    // Asked and not answered yet: the hold is no longer the owner's to charge or release.
    const asked = [hold, { kind: "release", status: "pending", amountCents: 300_00 }] as const;
    expect(summarizePayments(holding, 100_00, null, asked)).toMatchObject({
      deposit_status: "settling",
      held_cents: 0,
    });
    // Refused by the provider: the hold stands as it was.
    expect(status([hold, { kind: "capture", status: "failed", amountCents: 1_00 }])).toBe("held");
    expect(status([hold, { kind: "capture", status: "succeeded", amountCents: 1_00 }])).toBe("charged");
    if (!plan) throw new Error("a plan");
    expect(summarizePayments(plan, 100_00, null, []).deposit_status).toBe("counter");
  });
  it("is nothing online when the settings take nothing before pickup", () => {
    expect(paymentPlanFor(settings({ prepay: "none", depositHold: "none" }), 100_00, 300_00)).toBeNull();
    expect(paymentPlanFor(settings({ prepay: "none", depositHold: "at_booking" }), 100_00, 0)).toBeNull();
    expect(paymentPlanFor(settings({ prepay: "none", depositHold: "at_booking" }), 100_00, 300_00)).toMatchObject({
      prepayCents: 0,
      depositCents: 300_00,
      depositHold: "at_booking",
    });
  });
});

describe("a booking's money on record", () => {
  const plan = paymentPlanFor(
    settings({ prepay: "percent", prepayPercent: 30, depositHold: "at_booking" }),
    100_00,
    300_00,
  );
  const summary = (entries: readonly LedgerMovement[]) => {
    if (!plan) throw new Error("a plan");
    return summarizePayments(plan, 100_00, null, entries);
  };
  it("is none before anything moved, and for a booking paid at pickup", () => {
    expect(moneyOnRecord(null)).toBe(false);
    expect(moneyOnRecord(summary([]))).toBe(false);
  });
  it("is any payment, refund, hold or charge, and a hold the card refused", () => {
    expect(moneyOnRecord(summary([{ kind: "charge", status: "succeeded", amountCents: 30_00 }]))).toBe(true);
    expect(moneyOnRecord(summary([{ kind: "transfer", status: "succeeded", amountCents: 30_00 }]))).toBe(true);
    expect(moneyOnRecord(summary([{ kind: "refund", status: "failed", amountCents: 1 }]))).toBe(true);
    expect(moneyOnRecord(summary([{ kind: "refund", status: "succeeded", amountCents: 1 }]))).toBe(true);
    expect(moneyOnRecord(summary([{ kind: "hold", status: "succeeded", amountCents: 300_00 }]))).toBe(true);
    expect(moneyOnRecord(summary([{ kind: "capture", status: "succeeded", amountCents: 1 }]))).toBe(true);
    expect(moneyOnRecord(summary([{ kind: "hold", status: "failed", amountCents: 300_00 }]))).toBe(true);
    const released = [
      { kind: "hold", status: "succeeded", amountCents: 300_00 },
      { kind: "release", status: "succeeded", amountCents: 300_00 },
    ] as const;
    expect(moneyOnRecord(summary(released))).toBe(true);
  });
});

describe("a deposit hold past its expiry", () => {
  const plan = paymentPlanFor(settings({ prepay: "full", depositHold: "at_booking" }), 100_00, 300_00);
  const expiresAt = new Date("2026-12-02T08:00:00Z");
  const held = (entries: readonly LedgerMovement[]) => {
    if (!plan) throw new Error("a plan");
    return summarizePayments(plan, 100_00, null, entries);
  };
  const hold = { kind: "hold", status: "succeeded", amountCents: 300_00, expiresAt } as const;
  it("has lapsed from its expiry on, not a moment before", () => {
    expect(holdHasLapsed(held([hold]), expiresAt.getTime() - 1)).toBe(false);
    expect(holdHasLapsed(held([hold]), expiresAt.getTime())).toBe(true);
  });
  it("is not a lapse once nothing is held, or when the provider gave no expiry", () => {
    const released = [hold, { kind: "release", status: "succeeded", amountCents: 300_00 }] as const;
    expect(holdHasLapsed(held(released), expiresAt.getTime() + 1)).toBe(false);
    expect(holdHasLapsed(held([{ ...hold, expiresAt: null }]), expiresAt.getTime() + 1)).toBe(false);
  });
});

describe("the settings a landing's bookings are made under", () => {
  const card = { ...DEFAULT_PAYMENT_SETTINGS, prepay: "percent", channel: "card", depositHold: "at_booking" } as const;
  it("are the saved ones while the account is connected", () => {
    expect(effectivePaymentSettings(card, true)).toEqual(card);
  });
  it("take nothing through the provider without an account, and keep a transfer's prepayment", () => {
    expect(effectivePaymentSettings(card, false)).toMatchObject({ prepay: "none", depositHold: "none" });
    const transfer = { ...card, channel: "transfer" } as const;
    expect(effectivePaymentSettings(transfer, false)).toMatchObject({ prepay: "percent", depositHold: "none" });
    expect(effectivePaymentSettings(undefined, false)).toEqual(DEFAULT_PAYMENT_SETTINGS);
  });
  it("take the deposit at pickup beside a prepayment by transfer, as saved before the settings refused it", () => {
    const transfer = { ...card, channel: "transfer" } as const;
    expect(effectivePaymentSettings(transfer, true)).toMatchObject({ prepay: "percent", depositHold: "none" });
    // Everything at pickup: the card is kept for the deposit alone, and the hold stays.
    const atPickup = { ...transfer, prepay: "none" } as const;
    expect(effectivePaymentSettings(atPickup, true)).toMatchObject({ depositHold: card.depositHold });
  });
  it("are told to visitors without any account's details", () => {
    const told = presentPublicPayment({ ...card, transfer: { ...card.transfer, account: "812-345678-9" } });
    expect(told).toEqual({
      prepay: "percent",
      prepay_percent: 20,
      prepay_amount_cents: 0,
      channel: "card",
      pickup_methods: ["cash", "card"],
      deposit_hold: "at_booking",
    });
  });
});

describe("settlementOf (money recorded by hand, and the return's charges)", () => {
  const at = new Date("2026-11-30T15:00:00.000Z");
  const received = (amountCents: number, id = 1): LedgerMovement => ({
    id,
    kind: "received",
    status: "succeeded",
    amountCents,
    method: "cash",
    note: null,
    createdAt: at,
  });
  it("owes the booking and the charges accepted, less everything paid by any channel", () => {
    const entries: LedgerMovement[] = [
      { kind: "charge", status: "succeeded", amountCents: 50_00 },
      { kind: "capture", status: "succeeded", amountCents: 20_00 },
      received(30_00),
      // A refund the provider refused for good gave nothing back; one still being tried did.
      { kind: "refund", status: "failed", amountCents: 5_00, nextAttemptAt: null },
      { kind: "refund", status: "pending", amountCents: 10_00 },
    ];
    expect(settlementOf(161_07, 177_00, entries, false)).toEqual({
      charges_cents: 177_00,
      paid_cents: 90_00,
      outstanding_cents: 161_07 + 177_00 - 90_00,
      charges_awaiting_cents: 0,
      outstanding_once_accepted_cents: 161_07 + 177_00 - 90_00,
      received: [
        {
          id: 1,
          method: "cash",
          amount_cents: 30_00,
          note: null,
          recorded_at: at.toISOString(),
          from_deposit: false,
          accepted_charges: false,
        },
      ],
      refunded_by_hand: [],
      refunded_to_card: [
        {
          amount_cents: 10_00,
          recorded_at: new Date(0).toISOString(),
          refunded_at: null,
          pending: true,
          conceded: false,
        },
      ],
      refundable_by_hand_cents: 30_00,
      voided_by_hand: [],
    });
    expect(settlementOf(100_00, 0, [received(150_00)], false).outstanding_cents).toBe(0);
    expect(settlementOf(100_00, 0, [], true).outstanding_cents).toBe(0);
  });
  it("says the return's charges that await the customer beside what is pending, never in it", () => {
    // US$161.07 booked, US$100 paid, US$177 of charges not signed for: US$61.07 pending, US$238.07 once signed.
    const settlement = settlementOf(161_07, 0, [received(100_00)], false, 177_00);
    expect(settlement).toMatchObject({
      charges_cents: 0,
      outstanding_cents: 61_07,
      charges_awaiting_cents: 177_00,
      outstanding_once_accepted_cents: 238_07,
    });
    expect(chargesAwaiting(settlement)).toEqual({ chargesCents: 177_00, dueCents: 238_07 });
    // Overpaid by US$50: once signed, the charges take that first.
    expect(chargesAwaiting(settlementOf(100_00, 0, [received(150_00)], false, 177_00))).toEqual({
      chargesCents: 177_00,
      dueCents: 127_00,
    });
    expect(chargesAwaiting(settlementOf(161_07, 177_00, [], false))).toBeNull();
    expect(settlementOf(161_07, 0, [], true, 177_00).outstanding_once_accepted_cents).toBe(0);
  });
  it("leaves of a counter deposit what its charges and the payments recorded from it did not take", () => {
    const entries: LedgerMovement[] = [
      { ...received(177_00, 1), reason: "deposit" },
      { ...received(50_00, 2), reason: "deposit_kept" },
      // Money taken otherwise, and a payment from the deposit undone: neither came out of it.
      received(20_00, 3),
      { ...received(30_00, 4), reason: "deposit_kept", status: "voided", voidedAt: at },
    ];
    const byHand = receivedByHand(entries);
    expect(byHand.map((entry) => [entry.from_deposit, entry.accepted_charges])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(depositLeftCents({ cents: 300_00 }, byHand)).toBe(73_00);
    expect(depositLeftCents({ cents: 200_00 }, byHand)).toBe(0);
    expect(depositLeftCents(null, byHand)).toBe(0);
  });
  it("gives back by hand only what came in by transfer or by hand, and a booking with either keeps its record", () => {
    const entries: LedgerMovement[] = [
      { kind: "transfer", status: "succeeded", amountCents: 80_00 },
      {
        kind: "refund",
        status: "succeeded",
        amountCents: 60_00,
        method: "transfer",
        id: 2,
        createdAt: at,
        note: "778",
      },
      // A card refund is the provider's: not given back by hand.
      { kind: "refund", status: "succeeded", amountCents: 5_00 },
    ];
    const settlement = settlementOf(100_00, 0, entries, true);
    expect(settlement.refundable_by_hand_cents).toBe(20_00);
    expect(settlement.refunded_by_hand).toEqual([
      {
        id: 2,
        method: "transfer",
        amount_cents: 60_00,
        note: "778",
        recorded_at: at.toISOString(),
        from_deposit: false,
        accepted_charges: false,
      },
    ]);
    expect(moneyOnRecord(null, settlementOf(100_00, 0, [received(1)], false))).toBe(true);
    expect(moneyOnRecord(null, settlementOf(100_00, 0, [], false))).toBe(false);
  });
  it("keeps money recorded by hand and undone on the ledger, counted nowhere", () => {
    const undoneAt = new Date("2026-07-02T09:00:00Z");
    const entries: LedgerMovement[] = [
      { kind: "transfer", status: "succeeded", amountCents: 80_00 },
      { ...received(30_00), status: "voided", voidedAt: undoneAt },
      {
        kind: "refund",
        status: "voided",
        amountCents: 50_00,
        method: "transfer",
        id: 3,
        createdAt: at,
        note: "778",
        voidedAt: undoneAt,
      },
    ];
    const settlement = settlementOf(100_00, 0, entries, true);
    expect(settlement).toMatchObject({
      paid_cents: 80_00,
      received: [],
      refunded_by_hand: [],
      refundable_by_hand_cents: 80_00,
      voided_by_hand: [
        { id: 1, method: "cash", amount_cents: 30_00, refund: false, voided_at: undoneAt.toISOString() },
        {
          id: 3,
          method: "transfer",
          amount_cents: 50_00,
          note: "778",
          refund: true,
          voided_at: undoneAt.toISOString(),
        },
      ],
    });
    expect(netPaidCents(entries)).toBe(80_00);
    // Undone, it is still on record: the booking is cancelled rather than deleted.
    expect(
      moneyOnRecord(null, settlementOf(100_00, 0, [{ ...received(1), status: "voided", voidedAt: at }], false)),
    ).toBe(true);
  });
});

describe("who takes the deposit", () => {
  it("the counter, without a hold on the card or when the card refused it; else the card", () => {
    expect(depositTakenAtCounter(null)).toBe(true);
    expect(depositTakenAtCounter({ deposit_status: "counter" })).toBe(true);
    expect(depositTakenAtCounter({ deposit_status: "refused" })).toBe(true);
    for (const status of ["to_hold", "held", "settling", "charged", "released"] as const) {
      expect(depositTakenAtCounter({ deposit_status: status }), status).toBe(false);
    }
  });
});

describe("what a cancelled booking still gives back by hand", () => {
  // The customer's page and emails work it out from the payment summary, the owner's detail from the
  // settlement: each booking below reads the same on both sides.
  const card = paymentPlanFor(settings({ prepay: "percent", prepayPercent: 50 }), 200_00, 0);
  const transfer = paymentPlanFor(settings({ prepay: "full", channel: "transfer" }), 200_00, 0);
  if (!card || !transfer) throw new Error("both settings take a prepayment");
  const cases: [string, typeof card, LedgerMovement[], number, number][] = [
    ["all at pickup, cash taken", allAtPickupPlan(0), [cash(150_00)], 100_00, 50_00],
    [
      "all at pickup, cash taken and some given back",
      allAtPickupPlan(0),
      [cash(150_00), cashBack(30_00)],
      100_00,
      20_00,
    ],
    ["all at pickup, cash below the fee", allAtPickupPlan(0), [cash(80_00)], 100_00, 0],
    ["no fee", allAtPickupPlan(0), [cash(80_00)], 0, 80_00],
    ["a card's prepayment covering the fee, cash beside it", card, [charged(100_00), cash(50_00)], 100_00, 50_00],
    ["a card's prepayment short of the fee", card, [charged(100_00), cash(50_00)], 120_00, 30_00],
    ["a card's prepayment partly refunded first", card, [charged(100_00), cardBack(40_00), cash(50_00)], 100_00, 10_00],
    ["a transfer", transfer, [paidByTransfer(200_00)], 100_00, 100_00],
    ["a transfer partly given back", transfer, [paidByTransfer(200_00), cashBack(60_00)], 100_00, 40_00],
  ];
  for (const [name, plan, entries, fee, owed] of cases) {
    it(name, () => {
      const summary = summarizePayments(plan, 200_00, null, entries, true);
      const settlement = settlementOf(200_00, 0, entries, true);
      // The summary's figures by way are the settlement's, which the owner's detail reads.
      const settled = {
        transfer: plan.channel === "transfer",
        handPaidCents: handPaidCents(settlement),
        prepaidForFeeCents: prepaymentForFeeCents(summary, settlement),
        refundableByHandCents: settlement.refundable_by_hand_cents,
      };
      expect(summaryByWay(summary)).toEqual(settled);
      expect(owedBackByHandCents(summaryByWay(summary), fee)).toBe(owed);
      expect(owedBackByHandCents(settled, fee)).toBe(owed);
    });
  }
});

function cash(amountCents: number): LedgerMovement {
  return { kind: "received", status: "succeeded", amountCents, method: "cash" } as LedgerMovement;
}
function cashBack(amountCents: number): LedgerMovement {
  return { kind: "refund", status: "succeeded", amountCents, method: "cash" } as LedgerMovement;
}
function charged(amountCents: number): LedgerMovement {
  return { kind: "charge", status: "succeeded", amountCents } as LedgerMovement;
}
function cardBack(amountCents: number): LedgerMovement {
  return { kind: "refund", status: "succeeded", amountCents } as LedgerMovement;
}
function paidByTransfer(amountCents: number): LedgerMovement {
  return { kind: "transfer", status: "succeeded", amountCents } as LedgerMovement;
}
