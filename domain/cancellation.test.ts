import { describe, expect, it } from "vitest";
import { cancellationCharge } from "./cancellation";

const pickup = new Date("2027-03-10T14:00:00Z");
const hoursBefore = (hours: number) => new Date(pickup.getTime() - hours * 3_600_000);

describe("cancellation fee (SPEC §9)", () => {
  it("charges 100 more than 24 hours before pickup and 200 within them", () => {
    expect(cancellationCharge(500_00, pickup, hoursBefore(48))).toEqual({
      feeCents: 100_00,
      refundCents: 400_00,
      rule: "early",
    });
    expect(cancellationCharge(500_00, pickup, hoursBefore(24.01))).toMatchObject({ feeCents: 100_00 });
    expect(cancellationCharge(500_00, pickup, hoursBefore(24))).toEqual({
      feeCents: 200_00,
      refundCents: 300_00,
      rule: "late",
    });
    expect(cancellationCharge(500_00, pickup, hoursBefore(0.1))).toMatchObject({ feeCents: 200_00 });
  });

  it("never charges more than the total", () => {
    expect(cancellationCharge(150_00, pickup, hoursBefore(2))).toEqual({
      feeCents: 150_00,
      refundCents: 0,
      rule: "late",
    });
    expect(cancellationCharge(80_00, pickup, hoursBefore(72))).toEqual({
      feeCents: 80_00,
      refundCents: 0,
      rule: "early",
    });
  });

  it("refunds nothing from the pickup time on", () => {
    expect(cancellationCharge(500_00, pickup, pickup)).toEqual({
      feeCents: 500_00,
      refundCents: 0,
      rule: "afterPickup",
    });
    expect(cancellationCharge(500_00, pickup, hoursBefore(-5))).toMatchObject({ rule: "afterPickup", refundCents: 0 });
  });

  it("applies an owner's own policy", () => {
    const policy = { lateFeeCents: 50_00, earlyFeeCents: 0, windowHours: 48 };
    expect(cancellationCharge(500_00, pickup, hoursBefore(47), policy)).toMatchObject({ feeCents: 50_00 });
    expect(cancellationCharge(500_00, pickup, hoursBefore(49), policy)).toMatchObject({
      feeCents: 0,
      refundCents: 500_00,
    });
  });
});
