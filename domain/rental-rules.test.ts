import { describe, expect, it } from "vitest";
import {
  cancellationPolicyOf,
  DEFAULT_LANDING_RULES,
  landingRulesOf,
  vehicleRulesOf,
  whatsappLink,
} from "./rental-rules";
import {
  feeProblem,
  landingRulesInputSchema,
  placeRulesInputSchema,
  vehicleBlockInputSchema,
  vehicleRulesInputSchema,
} from "./rental-rules-schemas";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("landingRulesInputSchema", () => {
  it("takes money as typed and percents as percents, and sorts the closures", () => {
    const parsed = landingRulesInputSchema.parse({
      version: 3,
      min_days: "3",
      max_days: "",
      week_discount: "10",
      month_discount: "12,5",
      young_driver_age: "25",
      young_driver_fee: "1.250,50",
      cancellation_late_fee: "150",
      closures: [
        { from: "2026-12-31", to: "2027-01-01", note: "Año nuevo" },
        { from: "2026-12-24", to: "2026-12-25" },
      ],
      whatsapp: "+1 (809) 555-0101",
    });
    expect(parsed).toMatchObject({
      version: 3,
      min_days: 3,
      max_days: null,
      lead_time_hours: 0,
      week_discount_bp: 10_00,
      month_discount_bp: 12_50,
      young_driver_age: 25,
      young_driver_fee_cents: 1250_50,
      cancellation_late_fee_cents: 150_00,
      cancellation_early_fee_cents: 100_00,
      cancellation_window_hours: 24,
      whatsapp: "+1 (809) 555-0101",
      closures: [
        { from: "2026-12-24", to: "2026-12-25", note: "" },
        { from: "2026-12-31", to: "2027-01-01", note: "Año nuevo" },
      ],
    });
  });

  it("defaults to the rules that change nothing", () => {
    const { version, ...rules } = landingRulesInputSchema.parse({ version: 1 });
    expect(version).toBe(1);
    expect(rules).toEqual(DEFAULT_LANDING_RULES);
  });

  it.each([
    [{ min_days: "0" }, "min_days", "daysRange"],
    [{ min_days: "2.5" }, "min_days", "daysRange"],
    [{ min_days: "5", max_days: "3" }, "max_days", "maxBelowMin"],
    [{ lead_time_hours: "-1" }, "lead_time_hours", "leadTimeRange"],
    [{ booking_horizon_months: "37" }, "booking_horizon_months", "horizonRange"],
    [{ week_discount: "95" }, "week_discount", "discountRange"],
    [{ week_discount: "diez" }, "week_discount", "discountRange"],
    [{ week_discount: "10", month_discount: "5" }, "month_discount", "monthDiscountBelowWeek"],
    [{ min_driver_age: "15" }, "min_driver_age", "driverAgeRange"],
    [{ min_driver_age: "25", young_driver_age: "21" }, "young_driver_age", "youngAgeBelowMin"],
    [{ young_driver_fee: "10" }, "young_driver_age", "youngAgeRequired"],
    [{ young_driver_fee: "1,250" }, "young_driver_fee", "priceAmbiguous"],
    [{ cancellation_window_hours: "0" }, "cancellation_window_hours", "windowRange"],
    [{ cancellation_early_fee: "300", cancellation_late_fee: "50" }, "cancellation_early_fee", "earlyFeeAboveLate"],
    [{ cancellation_early_fee: "250" }, "cancellation_early_fee", "earlyFeeAboveLate"],
    [{ whatsapp: "call me" }, "whatsapp", "phoneCharacters"],
    [{ closures: [{ from: "2026-12-25", to: "2026-12-24" }] }, "closures.0.to", "rangeReversed"],
    [{ closures: [{ from: "2026-02-30", to: "2026-03-01" }] }, "closures.0.from", "dateInvalid"],
  ])("refuses %j on %s with %s", (input, path, message) => {
    expect(issues(landingRulesInputSchema.safeParse({ version: 1, ...input }))).toContainEqual([path, message]);
  });
});

describe("vehicleRulesInputSchema", () => {
  it("reads seasons with prices as typed, sorted by start", () => {
    const parsed = vehicleRulesInputSchema.parse({
      version: 2,
      deposit: "300",
      min_days: "",
      seasons: [
        { name: "Verano", from: "2027-07-01", to: "2027-08-31", price: "75" },
        { name: "Alta", from: "2026-12-15", to: "2027-01-10", price: "90,50" },
      ],
    });
    expect(parsed).toEqual({
      version: 2,
      min_days: null,
      max_days: null,
      min_driver_age: null,
      deposit_cents: 300_00,
      seasons: [
        { name: "Alta", from: "2026-12-15", to: "2027-01-10", price_cents: 90_50 },
        { name: "Verano", from: "2027-07-01", to: "2027-08-31", price_cents: 75_00 },
      ],
    });
  });

  it("refuses overlapping seasons and seasons without a price", () => {
    const overlapping = vehicleRulesInputSchema.safeParse({
      version: 1,
      seasons: [
        { name: "A", from: "2026-12-15", to: "2027-01-10", price: "90" },
        { name: "B", from: "2027-01-10", to: "2027-01-20", price: "80" },
      ],
    });
    expect(issues(overlapping)).toContainEqual(["seasons.1.from", "seasonsOverlap"]);
    const free = vehicleRulesInputSchema.safeParse({
      version: 1,
      seasons: [{ name: "A", from: "2026-12-15", to: "2027-01-10", price: "0" }],
    });
    expect(issues(free)).toContainEqual(["seasons.0.price", "pricePositive"]);
    const dear = vehicleRulesInputSchema.safeParse({
      version: 1,
      seasons: [{ name: "A", from: "2026-12-15", to: "2027-01-10", price: "100000.01" }],
    });
    expect(issues(dear)).toContainEqual(["seasons.0.price", "vehiclePriceTooHigh"]);
  });
});

describe("blocks and places", () => {
  it("reads a block of units for whole days", () => {
    expect(vehicleBlockInputSchema.parse({ from: "2026-12-01", to: "2026-12-03", units: "2" })).toEqual({
      from: "2026-12-01",
      to: "2026-12-03",
      units: 2,
      note: "",
    });
    expect(issues(vehicleBlockInputSchema.safeParse({ from: "2026-12-03", to: "2026-12-01" }))).toContainEqual([
      "to",
      "rangeReversed",
    ]);
  });

  it("reads a week of hours with closed days and an optional after-hours fee", () => {
    const week = [null, ...Array(6).fill({ open: "08:00", close: "18:00" })];
    expect(placeRulesInputSchema.parse({ place: " Santiago ", hours: week, after_hours_fee: "" })).toEqual({
      place: "Santiago",
      hours: week,
      after_hours_fee: null,
    });
    expect(placeRulesInputSchema.parse({ place: "Santiago", hours: week, after_hours_fee: "15" }).after_hours_fee).toBe(
      15_00,
    );
    const reversed = [...week];
    reversed[2] = { open: "18:00", close: "08:00" };
    expect(issues(placeRulesInputSchema.safeParse({ place: "Santiago", hours: reversed }))).toContainEqual([
      "hours.2",
      "hoursReversed",
    ]);
    expect(issues(placeRulesInputSchema.safeParse({ place: "Santiago", hours: week.slice(1) }))).toContainEqual([
      "hours",
      "hoursInvalid",
    ]);
  });
});

describe("stored rules", () => {
  it("read anything that is not an object as the defaults", () => {
    expect(landingRulesOf("min_days")).toEqual(DEFAULT_LANDING_RULES);
    expect(vehicleRulesOf("deposit")).toEqual(vehicleRulesOf({}));
    expect(vehicleRulesOf(null)).toEqual(vehicleRulesOf({}));
  });

  it("give the cancellation policy in the shape of cancellation.ts", () => {
    const rules = {
      ...DEFAULT_LANDING_RULES,
      cancellation_late_fee_cents: 1,
      cancellation_early_fee_cents: 2,
      cancellation_window_hours: 3,
    };
    expect(cancellationPolicyOf(rules)).toEqual({ lateFeeCents: 1, earlyFeeCents: 2, windowHours: 3 });
  });

  it("fill missing keys with the defaults", () => {
    expect(landingRulesOf({})).toEqual(DEFAULT_LANDING_RULES);
    expect(landingRulesOf(null)).toEqual(DEFAULT_LANDING_RULES);
    expect(landingRulesOf({ min_days: 3 }).min_days).toBe(3);
    expect(vehicleRulesOf({ deposit_cents: 5 })).toEqual({
      min_days: null,
      max_days: null,
      min_driver_age: null,
      deposit_cents: 5,
      seasons: [],
    });
  });
});

describe("whatsappLink", () => {
  it("keeps the digits and encodes the message", () => {
    expect(whatsappLink("+1 (809) 555-0101", "Hola, ¿el Corolla del 10-12?")).toBe(
      "https://wa.me/18095550101?text=Hola%2C%20%C2%BFel%20Corolla%20del%2010-12%3F",
    );
    expect(whatsappLink("", "Hola")).toBeNull();
  });
});

describe("the schemas' edges", () => {
  const landing = (input: object) => landingRulesInputSchema.safeParse({ version: 1, ...input });

  it.each([
    [
      { min_days: "1", max_days: "1" },
      { min_days: 1, max_days: 1 },
    ],
    [{ min_days: " 365 " }, { min_days: 365 }],
    [
      { min_driver_age: "16", young_driver_age: "17" },
      { min_driver_age: 16, young_driver_age: 17 },
    ],
    [{ min_driver_age: 99 }, { min_driver_age: 99 }],
    [
      { week_discount: "90", month_discount: "90" },
      { week_discount_bp: 90_00, month_discount_bp: 90_00 },
    ],
    [
      { week_discount: "10%", month_discount: " 0 " },
      { week_discount_bp: 10_00, month_discount_bp: 0 },
    ],
    [
      { week_discount: 12.5, month_discount: null },
      { week_discount_bp: 12_50, month_discount_bp: 0 },
    ],
    [
      { lead_time_hours: "0", booking_horizon_months: null },
      { lead_time_hours: 0, booking_horizon_months: null },
    ],
    [
      { contact_phone: "+18 0950", whatsapp: "(809) 555-0101" },
      { contact_phone: "+18 0950", whatsapp: "(809) 555-0101" },
    ],
    [
      { closures: [{ from: "2026-12-25", to: "2026-12-25" }] },
      { closures: [{ from: "2026-12-25", to: "2026-12-25", note: "" }] },
    ],
  ])("accepts %j", (input, expected) => {
    const parsed = landing(input);
    expect(parsed.success && parsed.data).toMatchObject(expected);
  });

  it.each([
    [{ min_days: "366" }, "min_days", "daysRange"],
    [{ max_days: "0" }, "max_days", "daysRange"],
    [{ min_driver_age: "100" }, "min_driver_age", "driverAgeRange"],
    [{ min_driver_age: "21", young_driver_age: "21" }, "young_driver_age", "youngAgeBelowMin"],
    [{ week_discount: "-1" }, "week_discount", "discountRange"],
    [{ week_discount: "90.5" }, "week_discount", "discountRange"],
    [{ contact_phone: "12345" }, "contact_phone", "phoneInvalid"],
    [{ contact_phone: "+18 095" }, "contact_phone", "phoneInvalid"],
    [{ contact_phone: "809 555 0101 ext" }, "contact_phone", "phoneCharacters"],
    [{ whatsapp: "x+1 809 555 0101" }, "whatsapp", "phoneCharacters"],
    [{ whatsapp: "809+555+0101" }, "whatsapp", "phoneCharacters"],
  ])("refuses %j on %s with %s", (input, path, message) => {
    expect(issues(landing(input))).toEqual([[path, message]]);
  });

  it("leaves the young-driver age free when no minimum is set, and allows a month discount of 0 under a week one", () => {
    expect(landing({ young_driver_age: "19", young_driver_fee: "5" }).success).toBe(true);
    expect(landing({ week_discount: "10", month_discount: "" }).success).toBe(true);
  });

  it("checks a vehicle's own minimum against its own maximum", () => {
    const vehicle = (input: object) => vehicleRulesInputSchema.safeParse({ version: 1, ...input });
    expect(issues(vehicle({ min_days: "4", max_days: "3" }))).toEqual([["max_days", "maxBelowMin"]]);
    expect(vehicle({ min_days: "3", max_days: "3" }).success).toBe(true);
    expect(vehicle({ max_days: "3" }).success).toBe(true);
    expect(vehicle({ min_days: "30" }).success).toBe(true);
  });

  it("reads an after-hours fee left out, null or empty as none, and refuses one that is not an amount", () => {
    const week = Array(7).fill(null);
    for (const fee of [undefined, null, ""]) {
      expect(
        placeRulesInputSchema.parse({ place: "Santiago", hours: week, after_hours_fee: fee }).after_hours_fee,
      ).toBeNull();
    }
    expect(issues(placeRulesInputSchema.safeParse({ place: "Santiago", hours: week, after_hours_fee: "x" }))).toEqual([
      ["after_hours_fee", "feeInvalid"],
    ]);
    // Over the limit it says so, with the limit, not "enter a valid amount".
    expect(
      issues(placeRulesInputSchema.safeParse({ place: "Santiago", hours: week, after_hours_fee: "100000.01" })),
    ).toEqual([["after_hours_fee", "amountTooHigh"]]);
  });

  it("refuses hours that are not times or that close when they open", () => {
    const day = (open: string, close: string) => [null, { open, close }, null, null, null, null, null];
    const hours = (open: string, close: string) =>
      issues(placeRulesInputSchema.safeParse({ place: "Santiago", hours: day(open, close) }));
    expect(hours("8am", "18:00")).toContainEqual(["hours.1", "timeInvalid"]);
    expect(hours("08:00", "6pm")).toContainEqual(["hours.1", "timeInvalid"]);
    expect(hours("08:00", "08:00")).toEqual([["hours.1", "hoursReversed"]]);
    expect(hours("08:00", "08:01")).toEqual([]);
  });
});

describe("feeProblem", () => {
  it("says what the server says of a fee: nothing when it reads, too high for too many digits", () => {
    expect(feeProblem("25,50")).toBeUndefined();
    expect(feeProblem("US$ 1,250.00")).toBeUndefined();
    expect(feeProblem("veinte")).toBe("feeInvalid");
    expect(feeProblem("-5")).toBe("feeInvalid");
    expect(feeProblem("100000.01")).toBe("amountTooHigh");
    expect(feeProblem("1234567890123")).toBe("amountTooHigh");
    expect(feeProblem("1,250")).toBe("priceAmbiguous");
  });
});
