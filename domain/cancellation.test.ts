import { describe, expect, it } from "vitest";
import { cancellationCharge } from "./cancellation";

const pickup = new Date("2027-03-10T14:00:00Z");
const hoursBefore = (hours: number) => new Date(pickup.getTime() - hours * 3_600_000);
const confirmed = (totalCents: number) => ({ totalCents, pickupAt: pickup, confirmed: true });

describe("cancellation fee (SPEC §9)", () => {
  it("charges 100 more than 24 hours before pickup and 200 within them", () => {
    expect(cancellationCharge(confirmed(500_00), hoursBefore(48))).toEqual({ feeCents: 100_00, rule: "early" });
    expect(cancellationCharge(confirmed(500_00), hoursBefore(24.01))).toMatchObject({ feeCents: 100_00 });
    expect(cancellationCharge(confirmed(500_00), hoursBefore(24))).toEqual({ feeCents: 200_00, rule: "late" });
    expect(cancellationCharge(confirmed(500_00), hoursBefore(0.1))).toMatchObject({ feeCents: 200_00 });
  });

  it("never charges more than the total", () => {
    expect(cancellationCharge(confirmed(150_00), hoursBefore(2))).toEqual({ feeCents: 150_00, rule: "late" });
    expect(cancellationCharge(confirmed(80_00), hoursBefore(72))).toEqual({ feeCents: 80_00, rule: "early" });
  });

  it("charges the whole total from the pickup time on", () => {
    expect(cancellationCharge(confirmed(500_00), pickup)).toEqual({ feeCents: 500_00, rule: "afterPickup" });
    expect(cancellationCharge(confirmed(500_00), hoursBefore(-5))).toMatchObject({ rule: "afterPickup" });
  });

  it("charges nothing for a request never confirmed, whenever it ends (issue 25.1)", () => {
    const request = { totalCents: 500_00, pickupAt: pickup, confirmed: false };
    expect(cancellationCharge(request, hoursBefore(72))).toEqual({ feeCents: 0, rule: "unconfirmed" });
    expect(cancellationCharge(request, hoursBefore(1))).toEqual({ feeCents: 0, rule: "unconfirmed" });
    expect(cancellationCharge(request, hoursBefore(-1))).toEqual({ feeCents: 0, rule: "unconfirmed" });
  });

  it("applies an owner's own policy", () => {
    const policy = { lateFeeCents: 50_00, earlyFeeCents: 0, windowHours: 48 };
    expect(cancellationCharge(confirmed(500_00), hoursBefore(47), policy)).toMatchObject({ feeCents: 50_00 });
    expect(cancellationCharge(confirmed(500_00), hoursBefore(49), policy)).toMatchObject({ feeCents: 0 });
  });
});
