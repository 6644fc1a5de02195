import { describe, expect, it } from "vitest";
import {
  addonLineName,
  discountFor,
  percentOf,
  priceRental,
  type RentalLine,
  rentalLineSeason,
  seasonLineName,
} from "./pricing";

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
      rentalLines: [{ season: null, days: 3, pricePerDayCents: 45_50, totalCents: 136_50 }],
      rentalCents: 136_50,
      discountBasisPoints: 0,
      discountCents: 0,
      fees: [],
      feesCents: 0,
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

describe("priceRental with seasons, discounts and fees", () => {
  const base = { addons: [], taxRateBasisPoints: 0, taxLabel: "ITBIS", currency: "USD" };
  const high = { name: "Alta", from: "2026-12-15", to: "2027-01-10", price_cents: 90_00 };

  it("prices each day at the season that holds its date, grouped into lines", () => {
    // Pickup 12 Dec: 12, 13, 14 at the vehicle's price, 15 and 16 in the high season.
    const price = priceRental({ ...base, pricePerDayCents: 50_00, days: 5, pickupDate: "2026-12-12", seasons: [high] });
    expect(price.rentalLines).toEqual([
      { season: null, days: 3, pricePerDayCents: 50_00, totalCents: 150_00 },
      { season: "Alta", days: 2, pricePerDayCents: 90_00, totalCents: 180_00 },
    ]);
    expect(price.rentalCents).toBe(330_00);
  });

  it("includes both ends of a season and leaves it the day after", () => {
    const price = priceRental({ ...base, pricePerDayCents: 50_00, days: 3, pickupDate: "2027-01-09", seasons: [high] });
    expect(price.rentalLines.map((line) => [line.season, line.days])).toEqual([
      ["Alta", 2],
      [null, 1],
    ]);
  });

  it("keeps seasons of the same price, or of the same name at another price, on lines of their own", () => {
    const seasons = [
      { name: "Alta", from: "2026-12-15", to: "2026-12-16", price_cents: 90_00 },
      { name: "Navidad", from: "2026-12-17", to: "2026-12-18", price_cents: 90_00 },
      { name: "Navidad", from: "2026-12-19", to: "2026-12-19", price_cents: 120_00 },
    ];
    const price = priceRental({ ...base, pricePerDayCents: 50_00, days: 5, pickupDate: "2026-12-15", seasons });
    expect(price.rentalLines.map((line) => [line.season, line.days, line.totalCents])).toEqual([
      ["Alta", 2, 180_00],
      ["Navidad", 2, 180_00],
      ["Navidad", 1, 120_00],
    ]);
  });

  it("prices from a pickup date without seasons at the vehicle's price", () => {
    const price = priceRental({ ...base, pricePerDayCents: 50_00, days: 2, pickupDate: "2026-12-15" });
    expect(price.rentalLines).toEqual([{ season: null, days: 2, pricePerDayCents: 50_00, totalCents: 100_00 }]);
    expect(price.fees).toEqual([]);
  });

  it("ignores seasons without a pickup date (the price per day alone)", () => {
    const price = priceRental({ ...base, pricePerDayCents: 50_00, days: 2, seasons: [high] });
    expect(price.rentalCents).toBe(100_00);
  });

  it.each([
    [6, 0],
    [7, 10_00],
    [27, 10_00],
    [28, 20_00],
  ])("a %i-day rental takes %i bp off the rental only", (days, bp) => {
    const price = priceRental({
      ...base,
      pricePerDayCents: 10_00,
      days,
      addons: [{ id: 1, name: "Silla", priceCents: 1_00, quantity: 1 }],
      weekDiscountBasisPoints: 10_00,
      monthDiscountBasisPoints: 20_00,
    });
    expect(price.discountBasisPoints).toBe(bp);
    expect(price.discountCents).toBe(percentOf(days * 10_00, bp));
    expect(price.subtotalCents).toBe(days * 10_00 - price.discountCents + days * 1_00);
  });

  it("uses the week discount from 28 days when the landing has no month discount", () => {
    expect(discountFor(30, 10_00, 0)).toBe(10_00);
    expect(discountFor(6, 10_00, 20_00)).toBe(0);
  });

  it("adds fees to the subtotal before tax and drops fees of nothing", () => {
    const price = priceRental({
      ...base,
      taxRateBasisPoints: 18_00,
      pricePerDayCents: 100_00,
      days: 2,
      fees: [
        { kind: "oneWay", totalCents: 25_00, perDayCents: null },
        { kind: "afterHoursPickup", totalCents: 0, perDayCents: null },
      ],
    });
    expect(price.fees).toEqual([{ kind: "oneWay", totalCents: 25_00, perDayCents: null }]);
    expect(price.feesCents).toBe(25_00);
    expect(price.subtotalCents).toBe(225_00);
    expect(price.taxCents).toBe(40_50);
    expect(price.totalCents).toBe(265_50);
  });
});

describe("addonLineName", () => {
  it("names an extra in the reader's language when the booking kept it, else as booked", () => {
    const booked = { name: "Silla de bebé", names: { es: "Silla de bebé", en: "Baby seat" } };
    expect(addonLineName(booked, "en")).toBe("Baby seat");
    expect(addonLineName(booked, "es")).toBe("Silla de bebé");
    // A line from before names were kept, or a quote's: its own name.
    expect(addonLineName({ name: "Silla de bebé", names: null }, "en")).toBe("Silla de bebé");
    expect(addonLineName({ name: "Nevera", names: { es: "Nevera", en: "" } }, "en")).toBe("Nevera");
  });
});

describe("seasonLineName", () => {
  it("names a season in the reader's language when its lines carry both, else as priced", () => {
    const base = { addons: [], taxRateBasisPoints: 0, taxLabel: "ITBIS", currency: "USD" };
    const names = { es: "Navidad", en: "Christmas" };
    const christmas = { name: "Navidad", from: "2026-12-20", to: "2026-12-26", price_cents: 80_00, names };
    const price = priceRental({
      ...base,
      pricePerDayCents: 50_00,
      days: 3,
      pickupDate: "2026-12-19",
      seasons: [christmas],
    });
    expect(price.rentalLines).toEqual([
      { season: null, days: 1, pricePerDayCents: 50_00, totalCents: 50_00 },
      { season: "Navidad", seasonNames: names, days: 2, pricePerDayCents: 80_00, totalCents: 160_00 },
    ]);
    const [regular, season] = price.rentalLines;
    expect(seasonLineName(season as RentalLine, "en")).toBe("Christmas");
    expect(seasonLineName(season as RentalLine, "es")).toBe("Navidad");
    expect(seasonLineName(regular as RentalLine, "en")).toBeNull();
    // A line from before names were kept: its own name; as the answers carry it, the same.
    expect(seasonLineName({ season: "Alta" }, "en")).toBe("Alta");
    expect(rentalLineSeason({ season: "Navidad", season_names: names }, "en")).toBe("Christmas");
  });
});
