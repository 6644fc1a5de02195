import type { Reservation } from "@domain/reservations";
import { describe, expect, it } from "vitest";
import { cancellationRefund, refundLineKey } from "./format";

/** A booking paid online as far as the cancel dialog reads it. */
const paid = (channel: "card" | "transfer", paidCents: number, refunded = 0) =>
  ({
    payment: {
      channel,
      paid_cents: paidCents,
      refunded_cents: refunded,
      refund_pending_cents: 0,
      refund_refused_cents: 0,
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

  it("has no line for a booking nothing was paid for", () => {
    expect(cancellationRefund(paid("card", 0), 100_00)).toBeNull();
  });
});
