import { describe, expect, it } from "vitest";
import { adjustmentCents, agreePrice } from "./agreed-price";
import { percentOf, priceRental } from "./pricing";

const addon = (id: number, priceCents: number, quantity: number) => ({ id, name: `Extra ${id}`, priceCents, quantity });

describe("agreePrice", () => {
  const rules = priceRental({
    pricePerDayCents: 100_00,
    days: 7,
    addons: [addon(1, 12_00, 1)],
    taxRateBasisPoints: 18_00,
    taxLabel: "ITBIS",
    currency: "USD",
    weekDiscountBasisPoints: 10_00,
    fees: [{ kind: "oneWay", totalCents: 25_00, perDayCents: null }],
  });

  it("splits the agreed total into subtotal and tax at the booking's rate, the rules' lines kept", () => {
    const agreed = agreePrice(rules, 900_00);
    // 900.00 / 1.18 = 762.711…: 762.71 before tax, 137.29 of tax.
    expect(agreed).toEqual({ ...rules, subtotalCents: 762_71, taxCents: 137_29, totalCents: 900_00 });
    expect(agreed.subtotalCents + agreed.taxCents).toBe(agreed.totalCents);
    // The lines (700 − 70 + 25 + 84 = 739.00) and the adjustment make the subtotal.
    expect(adjustmentCents(agreed)).toBe(23_71);
    expect(
      agreed.rentalCents - agreed.discountCents + agreed.feesCents + agreed.addonsCents + adjustmentCents(agreed),
    ).toBe(agreed.subtotalCents);
  });

  it("takes off the rules' subtotal when the agreed total is lower", () => {
    const agreed = agreePrice(rules, 500_00);
    expect(agreed).toMatchObject({ subtotalCents: 423_73, taxCents: 76_27, totalCents: 500_00 });
    expect(adjustmentCents(agreed)).toBe(423_73 - 739_00);
  });

  it("rounds half-up, and the rules' own total splits back into their own subtotal and tax", () => {
    // 1.18 / 1.18 = 1.00; 0.59 / 1.18 = 0.50; 0.01 / 1.18 = 0.0085 → 0.01 (tax 0).
    expect(agreePrice(rules, 1_18)).toMatchObject({ subtotalCents: 1_00, taxCents: 18 });
    expect(agreePrice(rules, 59)).toMatchObject({ subtotalCents: 50, taxCents: 9 });
    expect(agreePrice(rules, 1)).toMatchObject({ subtotalCents: 1, taxCents: 0 });
    for (let subtotal = 0; subtotal < 5_000; subtotal++) {
      const total = subtotal + percentOf(subtotal, 18_00);
      expect(agreePrice(rules, total).subtotalCents).toBe(subtotal);
    }
    expect(adjustmentCents(agreePrice(rules, rules.totalCents))).toBe(0);
  });

  it("leaves an untaxed total whole, and a free one at zero", () => {
    expect(agreePrice({ ...rules, taxRateBasisPoints: 0 }, 650_00)).toMatchObject({
      subtotalCents: 650_00,
      taxCents: 0,
    });
    expect(agreePrice(rules, 0)).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe("adjustmentCents", () => {
  it("is zero for a price as the rules made it", () => {
    const price = priceRental({
      pricePerDayCents: 45_50,
      days: 30,
      addons: [addon(1, 12_00, 2)],
      taxRateBasisPoints: 18_00,
      taxLabel: "ITBIS",
      currency: "USD",
      weekDiscountBasisPoints: 5_00,
      monthDiscountBasisPoints: 15_00,
      fees: [{ kind: "youngDriver", totalCents: 150_00, perDayCents: 5_00 }],
    });
    expect(adjustmentCents(price)).toBe(0);
  });
});
