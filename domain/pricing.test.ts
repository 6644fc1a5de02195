import { describe, expect, it } from "vitest";
import { percentOf, priceRental } from "./pricing";

const addon = (id: number, priceCents: number, quantity: number) => ({ id, name: `Extra ${id}`, priceCents, quantity });

describe("priceRental", () => {
  it("prices days, add-ons per day and quantity, tax and total in cents", () => {
    const breakdown = priceRental({
      pricePerDayCents: 45_50,
      days: 3,
      addons: [addon(1, 12_00, 1), addon(2, 12_00, 2)],
      taxRateBasisPoints: 18_00,
      taxLabel: "ITBIS",
      currency: "USD",
    });
    expect(breakdown).toEqual({
      days: 3,
      pricePerDayCents: 45_50,
      rentalCents: 136_50,
      addons: [
        { ...addon(1, 12_00, 1), totalCents: 36_00 },
        { ...addon(2, 12_00, 2), totalCents: 72_00 },
      ],
      addonsCents: 108_00,
      subtotalCents: 244_50,
      taxLabel: "ITBIS",
      taxRateBasisPoints: 18_00,
      taxCents: 44_01,
      totalCents: 288_51,
      currency: "USD",
    });
  });

  it("works with no add-ons and no tax", () => {
    const breakdown = priceRental({
      pricePerDayCents: 100_00,
      days: 1,
      addons: [],
      taxRateBasisPoints: 0,
      taxLabel: "",
      currency: "DOP",
    });
    expect(breakdown).toMatchObject({ rentalCents: 100_00, addonsCents: 0, taxCents: 0, totalCents: 100_00 });
  });
});

describe("percentOf", () => {
  it.each([
    [1_00, 18_00, 18],
    [2_50, 18_00, 45],
    // 0.5 cent rounds up, 0.4999 down.
    [25, 18_00, 5],
    [1, 50_00, 1],
    [1, 49_99, 0],
    [244_50, 18_00, 44_01],
    [999_999_999_99, 18_00, 18_000_000_000],
  ])("%i cents at %i bp is %i", (amount, bp, expected) => {
    expect(percentOf(amount, bp)).toBe(expected);
  });
});
