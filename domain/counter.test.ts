import { describe, expect, it } from "vitest";
import { checkOutSchema, counterRulesInputSchema, isCountryCode } from "./counter";

const driver = {
  name: "Ana Peña",
  licence_number: "A-1",
  licence_country: "do",
  licence_expiry: "2030-01-01",
  birth_date: "1990-01-01",
};
const odometer = (value: unknown) => {
  const parsed = checkOutSchema.safeParse({ odometer_km: value, fuel_eighths: 8, drivers: [driver] });
  return parsed.success ? parsed.data.odometer_km : parsed.error.issues.map((issue) => issue.message);
};

describe("the counter's input (issue 28)", () => {
  it("reads kilometres as people write them, with or without thousands' marks", () => {
    expect(odometer(45_210)).toBe(45_210);
    expect(odometer("45210")).toBe(45_210);
    expect(odometer("45.210")).toBe(45_210);
    expect(odometer("45,210")).toBe(45_210);
    expect(odometer("1 045 210")).toBe(1_045_210);
    expect(odometer("12,400 km")).toBe(12_400);
    expect(odometer("12400km")).toBe(12_400);
    expect(odometer("12.400 KM ")).toBe(12_400);
    expect(odometer("km")).toEqual(["odometerRange"]);
    expect(odometer("12 km 400")).toEqual(["odometerRange"]);
    expect(odometer("45.2")).toEqual(["odometerRange"]);
    expect(odometer("4.52.10")).toEqual(["odometerRange"]);
    expect(odometer("")).toEqual(["odometerRange"]);
    expect(odometer("10.000.000")).toEqual(["odometerRange"]);
  });

  it("knows a country by its two letters, upper-cased", () => {
    expect(isCountryCode("DO")).toBe(true);
    expect(isCountryCode("US")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("do")).toBe(false);
    const parsed = checkOutSchema.parse({ odometer_km: 1, fuel_eighths: 0, drivers: [driver] });
    expect(parsed.drivers[0]?.licence_country).toBe("DO");
  });

  it("turns the rules as typed into cents, an empty kilometre limit into none", () => {
    expect(
      counterRulesInputSchema.parse({
        version: 3,
        km_included_per_day: "",
        extra_km_fee: "0,25",
        late_grace_minutes: "30",
        cleaning_fee: "40",
      }),
    ).toEqual({
      version: 3,
      rules: {
        km_included_per_day: null,
        extra_km_cents: 25,
        fuel_eighth_cents: 0,
        late_grace_minutes: 30,
        late_hour_cents: 0,
        cleaning_fee_cents: 40_00,
        additional_driver_day_cents: 0,
      },
    });
  });
});
