import type { Reservation } from "@domain/reservations";
import { describe, expect, it } from "vitest";
import { cancellationRefund, handRefund, owedBackByHand, refundLineKey } from "./format";

/**
 * A booking paid online as far as the cancel dialog reads it; `byHand` of its refunds were given back
 * by hand (the ledger's refunds count them too).
 */
const paid = (channel: "card" | "transfer", paidCents: number, refunded = 0, byHand = 0) =>
  ({
    payment: {
      channel,
      paid_cents: paidCents,
      refunded_cents: refunded,
      refund_pending_cents: 0,
      refund_refused_cents: 0,
    },
    settlement: {
      refunded_by_hand:
        byHand > 0 ? [{ id: 1, method: "cash", amount_cents: byHand, note: null, recorded_at: "" }] : [],
    },
  }) as unknown as Reservation;

describe("the cancel dialog's line about what was paid", () => {
  it("says what goes back, by the way it came in", () => {
    const refund = cancellationRefund(paid("card", 150_00), 100_00);
    expect(refund).toMatchObject({ paidCents: 150_00, refundCents: 50_00, givenCents: 0 });
    expect(refund && refundLineKey(refund)).toBe("cancel.cardRefund");
    const byTransfer = cancellationRefund(paid("transfer", 150_00), 0);
    expect(byTransfer && refundLineKey(byTransfer)).toBe("cancel.transferRefund");
  });

  it("says the fee keeps it when the fee is all of it", () => {
    const refund = cancellationRefund(paid("card", 80_00), 100_00);
    expect(refund).toMatchObject({ refundCents: 0, givenCents: 0 });
    expect(refund && refundLineKey(refund)).toBe("cancel.cardKept");
  });

  // A walk's finding: with the rest refunded earlier, it said "it stays to cover the fee".
  it("says nothing more goes back when earlier refunds gave back what the fee leaves", () => {
    const refund = cancellationRefund(paid("card", 150_00, 50_00), 100_00);
    expect(refund).toMatchObject({ refundCents: 0, givenCents: 50_00 });
    expect(refund && refundLineKey(refund)).toBe("cancel.cardGiven");
    const byTransfer = cancellationRefund(paid("transfer", 150_00, 150_00), 0);
    expect(byTransfer && refundLineKey(byTransfer)).toBe("cancel.transferGiven");
  });

  // A refund by hand gave back cash taken at the counter, not the card's money: the server refunds
  // the card as if it had not been made (server/payments/cancel.ts).
  it("counts only the card's own refunds as given back of a card payment", () => {
    const refund = cancellationRefund(paid("card", 150_00, 20_00, 20_00), 100_00);
    expect(refund).toMatchObject({ refundCents: 50_00, givenCents: 0 });
    expect(refund && refundLineKey(refund)).toBe("cancel.cardRefund");
    const both = cancellationRefund(paid("card", 150_00, 30_00, 20_00), 100_00);
    expect(both).toMatchObject({ refundCents: 40_00, givenCents: 10_00 });
  });

  it("has no line for a booking nothing was paid for", () => {
    expect(cancellationRefund(paid("card", 0), 100_00)).toBeNull();
  });
});

/** A desk booking paid by hand, then cancelled with `feeCents`, as the refund's form reads it. */
const paidByHand = (receivedCents: number, refundedCents: number, feeCents: number | null) =>
  ({
    payment: null,
    cancellation_fee_cents: feeCents,
    settlement: {
      refundable_by_hand_cents: receivedCents - refundedCents,
      received: [{ id: 1, method: "transfer", amount_cents: receivedCents, note: null, recorded_at: "" }],
      refunded_by_hand:
        refundedCents > 0
          ? [{ id: 2, method: "transfer", amount_cents: refundedCents, note: null, recorded_at: "" }]
          : [],
    },
  }) as unknown as Reservation;

describe("what a cancelled booking still owes back by hand", () => {
  // A walk's finding: the form offered all US$177.00, the customer having been told US$77.00.
  it("is what the cancellation said, its fee kept, less what was given back since", () => {
    expect(owedBackByHand(paidByHand(177_00, 0, 100_00))).toBe(77_00);
    expect(owedBackByHand(paidByHand(177_00, 50_00, 100_00))).toBe(27_00);
    expect(owedBackByHand(paidByHand(177_00, 0, null))).toBe(177_00);
    expect(owedBackByHand(paidByHand(80_00, 0, 100_00))).toBe(0);
  });

  it("counts a prepayment by transfer too", () => {
    const transfer = {
      ...paid("transfer", 150_00),
      cancellation_fee_cents: 100_00,
      settlement: { received: [], refunded_by_hand: [], refundable_by_hand_cents: 150_00 },
    } as unknown as Reservation;
    expect(owedBackByHand(transfer)).toBe(50_00);
    // Less what was given back since (US$20.00 by hand), never below nothing.
    const partly = {
      ...paid("transfer", 150_00, 20_00),
      cancellation_fee_cents: 100_00,
      settlement: { received: [], refunded_by_hand: [], refundable_by_hand_cents: 130_00 },
    } as unknown as Reservation;
    expect(owedBackByHand(partly)).toBe(30_00);
    expect(owedBackByHand({ ...partly, settlement: { ...partly.settlement, refundable_by_hand_cents: 40_00 } })).toBe(
      0,
    );
  });

  // A review's finding: paid both ways, the fee was kept from each, so the customer got back less
  // than the cancellation's fee leaves of all they paid.
  it("keeps the fee once when part was paid by card or transfer and part by hand", () => {
    const mixed = (channel: "card" | "transfer", prepaid: number, byHand: number, fee: number) =>
      ({
        ...paidByHand(byHand, 0, fee),
        payment: paid(channel, prepaid).payment,
        settlement: {
          ...paidByHand(byHand, 0, fee).settlement,
          refundable_by_hand_cents: byHand + (channel === "transfer" ? prepaid : 0),
        },
      }) as unknown as Reservation;
    // US$30.00 by card, US$70.00 by hand, a fee of US$50.00: the card covers 30 of it, the hand
    // money the other 20; 50 goes back in all, the card's refund being nothing.
    expect(owedBackByHand(mixed("card", 30_00, 70_00, 50_00))).toBe(50_00);
    expect(handRefund(mixed("card", 30_00, 70_00, 50_00), 50_00)).toEqual({ paidCents: 70_00, refundCents: 50_00 });
    // The card covers all the fee (it gets 30.00 back by itself): every hand dollar goes back.
    expect(owedBackByHand(mixed("card", 80_00, 70_00, 50_00))).toBe(70_00);
    // A transfer and money by hand: both come back by hand, less one fee.
    expect(owedBackByHand(mixed("transfer", 30_00, 70_00, 50_00))).toBe(50_00);
    expect(handRefund(mixed("transfer", 30_00, 70_00, 50_00), 50_00)).toEqual({ paidCents: 70_00, refundCents: 50_00 });
  });

  // A card refunded before the cancellation keeps only what is left on it (server/payments/cancel.ts):
  // the hand money covers the rest of the fee.
  it("counts a card's refunds made before when working out how much of the fee it covers", () => {
    const refundedFirst = {
      ...paidByHand(50_00, 0, 50_00),
      payment: paid("card", 100_00, 80_00).payment,
    } as unknown as Reservation;
    // US$100.00 by card, 80.00 of it given back, US$50.00 in cash, a fee of US$50.00: the card keeps
    // 20.00, the cash the other 30.00, and 20.00 of the cash goes back.
    expect(handRefund(refundedFirst, 50_00)).toEqual({ paidCents: 50_00, refundCents: 20_00 });
    expect(owedBackByHand(refundedFirst)).toBe(20_00);
  });
});
