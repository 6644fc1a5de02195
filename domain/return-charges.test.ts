import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETURN_RULES,
  lateCharge,
  lateHours,
  type ReturnInput,
  returnCharges,
  returnRates,
} from "./return-charges";

const planned = new Date("2027-03-14T10:00:00Z");
const minutesAfter = (minutes: number) => new Date(planned.getTime() + minutes * 60_000);

const rules = {
  km_included_per_day: 200,
  extra_km_cents: 25,
  fuel_eighth_cents: 9_50,
  late_grace_minutes: 59,
  late_hour_cents: 12_00,
  cleaning_fee_cents: 40_00,
};

/** A four-day rental at US$55 a day, out with 12,000 km and a full tank. */
const rental = (change: Partial<ReturnInput> = {}): ReturnInput => ({
  rules,
  days: 4,
  dayPriceCents: 55_00,
  plannedReturnAt: planned,
  returnedAt: planned,
  out: { odometerKm: 12_000, fuelEighths: 8 },
  back: { odometerKm: 12_500, fuelEighths: 8 },
  cleaning: false,
  damages: [],
  ...change,
});

describe("return charges (issue 28.4)", () => {
  it("prices a return 3 h late with 150 km over and two eighths missing, to the cent", () => {
    const charges = returnCharges(
      rental({ returnedAt: minutesAfter(180), back: { odometerKm: 12_950, fuelEighths: 6 } }),
    );
    expect(charges.lines).toEqual([
      { kind: "extraKm", quantity: 150, unitCents: 25, totalCents: 37_50 },
      { kind: "fuel", quantity: 2, unitCents: 9_50, totalCents: 19_00 },
      { kind: "late", quantity: 3, unitCents: 12_00, totalCents: 36_00 },
    ]);
    expect(charges.totalCents).toBe(92_50);
    expect(charges.drivenKm).toBe(950);
    expect(charges.lateHours).toBe(3);
  });

  it("charges nothing for a return on time, within the kilometres, with the tank as it left", () => {
    expect(returnCharges(rental())).toEqual({ lines: [], totalCents: 0, drivenKm: 500, lateHours: 0 });
  });

  it("counts kilometres past those included for the rental's days, and none when unlimited", () => {
    expect(returnCharges(rental({ back: { odometerKm: 12_800, fuelEighths: 8 } })).lines).toEqual([]);
    expect(returnCharges(rental({ back: { odometerKm: 12_801, fuelEighths: 8 } })).lines).toEqual([
      { kind: "extraKm", quantity: 1, unitCents: 25, totalCents: 25 },
    ]);
    const unlimited = { ...rules, km_included_per_day: null };
    expect(returnCharges(rental({ rules: unlimited, back: { odometerKm: 99_000, fuelEighths: 8 } })).totalCents).toBe(
      0,
    );
  });

  it("never charges for a lower odometer or more fuel than at check-out", () => {
    const charges = returnCharges(
      rental({ back: { odometerKm: 11_000, fuelEighths: 8 }, out: { odometerKm: 12_000, fuelEighths: 4 } }),
    );
    expect(charges).toMatchObject({ totalCents: 0, drivenKm: 0 });
  });

  it("lets the grace period pass free, then counts each started hour from the planned return", () => {
    expect(lateHours(planned, minutesAfter(59), 59)).toBe(0);
    expect(lateHours(planned, minutesAfter(60), 59)).toBe(1);
    expect(lateHours(planned, minutesAfter(61), 59)).toBe(2);
    expect(lateHours(planned, minutesAfter(-30), 0)).toBe(0);
    expect(lateHours(planned, minutesAfter(1), 0)).toBe(1);
  });

  it("caps the late charge at a day's price for each 24 hours", () => {
    expect(lateCharge(4, 12_00, 55_00)).toBe(48_00);
    expect(lateCharge(5, 12_00, 55_00)).toBe(55_00);
    expect(lateCharge(24, 12_00, 55_00)).toBe(55_00);
    expect(lateCharge(26, 12_00, 55_00)).toBe(79_00);
    expect(lateCharge(48, 1_00, 55_00)).toBe(48_00);
  });

  it("adds the cleaning fee when asked and each damage with its reason", () => {
    const charges = returnCharges(
      rental({
        cleaning: true,
        damages: [
          { reason: "Rayón en la puerta trasera izquierda", amountCents: 120_00 },
          { reason: "Nothing to charge", amountCents: 0 },
        ],
      }),
    );
    expect(charges.lines).toEqual([
      { kind: "cleaning", totalCents: 40_00 },
      { kind: "damage", reason: "Rayón en la puerta trasera izquierda", totalCents: 120_00 },
    ]);
    expect(charges.totalCents).toBe(160_00);
  });

  it("charges each driver after the first per rental day, after the cleaning and before the damage", () => {
    const charges = returnCharges(
      rental({
        cleaning: true,
        additionalDrivers: { count: 2, dayCents: 8_00 },
        damages: [{ reason: "Espejo", amountCents: 30_00 }],
      }),
    );
    expect(charges.lines).toEqual([
      { kind: "cleaning", totalCents: 40_00 },
      { kind: "drivers", quantity: 2, unitCents: 8_00, totalCents: 64_00 },
      { kind: "damage", reason: "Espejo", totalCents: 30_00 },
    ]);
    expect(returnCharges(rental({ additionalDrivers: { count: 0, dayCents: 8_00 } })).lines).toEqual([]);
    expect(returnCharges(rental({ additionalDrivers: { count: 2, dayCents: 0 } })).lines).toEqual([]);
  });

  it("charges nothing under the defaults", () => {
    const charges = returnCharges(
      rental({
        rules: DEFAULT_RETURN_RULES,
        cleaning: true,
        returnedAt: minutesAfter(600),
        back: { odometerKm: 20_000, fuelEighths: 0 },
      }),
    );
    expect(charges.totalCents).toBe(0);
  });
});

describe("the rates a return will be priced at, as the agreement lists them", () => {
  it("lists each rule that can charge, in the charges' order, with its rate", () => {
    expect(returnRates({ ...rental(), additionalDrivers: { count: 1, dayCents: 8_00 } })).toEqual([
      { kind: "extraKm", unitCents: 25, kmIncludedPerDay: 200, kmIncluded: 800 },
      { kind: "fuel", unitCents: 9_50 },
      // 24 hours at US$12 cost more than a day's US$55: any 24 hours late cost US$55 at most.
      { kind: "late", unitCents: 12_00, graceMinutes: 59, dayCapCents: 55_00 },
      { kind: "cleaning", totalCents: 40_00 },
      { kind: "drivers", quantity: 1, unitCents: 8_00, totalCents: 32_00 },
    ]);
  });

  it("names no cap the hourly rate never reaches", () => {
    const cheap = { ...rules, late_hour_cents: 2_00 };
    expect(returnRates(rental({ rules: cheap })).find((rate) => rate.kind === "late")).toMatchObject({
      dayCapCents: null,
    });
  });

  it("lists none that cannot charge: the defaults, kilometres unlimited or free, a free rental's lateness", () => {
    expect(returnRates(rental({ rules: DEFAULT_RETURN_RULES, additionalDrivers: { count: 2, dayCents: 0 } }))).toEqual(
      [],
    );
    const kinds = (change: Partial<ReturnInput>) => returnRates(rental(change)).map((rate) => rate.kind);
    expect(kinds({ rules: { ...rules, km_included_per_day: null } })).not.toContain("extraKm");
    expect(kinds({ rules: { ...rules, extra_km_cents: 0 } })).not.toContain("extraKm");
    expect(kinds({ dayPriceCents: 0 })).not.toContain("late");
    expect(kinds({ additionalDrivers: { count: 0, dayCents: 8_00 } })).not.toContain("drivers");
  });

  it("prices a return at the rates it lists", () => {
    const rates = returnRates(rental());
    const charges = returnCharges(
      rental({ returnedAt: minutesAfter(180), back: { odometerKm: 12_950, fuelEighths: 6 }, cleaning: true }),
    );
    for (const line of charges.lines) {
      const rate = rates.find((each) => each.kind === line.kind);
      expect(rate && ("unitCents" in rate ? rate.unitCents : rate.totalCents), line.kind).toBe(
        "unitCents" in line ? line.unitCents : line.totalCents,
      );
    }
  });
});
