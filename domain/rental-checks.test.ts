import { describe, expect, it } from "vitest";
import {
  addMonths,
  ageOn,
  checkRental,
  earliestPickupDate,
  latestPickupDate,
  needsDriverAge,
  quoteRental,
  type RentalContext,
  type RentalRequest,
  weekdayOf,
} from "./rental-checks";
import { ALWAYS_OPEN, DEFAULT_LANDING_RULES, DEFAULT_VEHICLE_RULES, type WeekHours } from "./rental-rules";

const NOW = new Date("2026-12-01T12:00:00Z"); // 08:00 in Santo Domingo (UTC-4)
const weekdays = (open: string, close: string): WeekHours => [null, ...Array(6).fill({ open, close })];

const context = (over: Partial<RentalContext> = {}): RentalContext => ({
  timeZone: "America/Santo_Domingo",
  rules: { ...DEFAULT_LANDING_RULES },
  vehicle: { price_cents: 50_00, ...DEFAULT_VEHICLE_RULES },
  places: [],
  pairs: [{ place_of_departure: "Santiago", arrival_place: "Santiago", one_way_fee_cents: 0 }],
  taxRateBasisPoints: 18_00,
  taxLabel: "ITBIS",
  currency: "USD",
  ...over,
});

const request = (over: Partial<RentalRequest> = {}): RentalRequest => ({
  pickup: { date: "2026-12-10", time: "10:00", place: "Santiago" },
  dropoff: { date: "2026-12-13", time: "10:00", place: "Santiago" },
  addons: [],
  driverBirthDate: null,
  ...over,
});

const rulesOf = (over: Partial<RentalContext["rules"]>) => context({ rules: { ...DEFAULT_LANDING_RULES, ...over } });
const problemsOf = (ctx: RentalContext, req = request()) =>
  checkRental(ctx, req, NOW).problems.map((problem) => [problem.rule, problem.field, problem.key, problem.params]);

describe("checkRental: the defaults change nothing", () => {
  it("finds no problem and no fee for a plain rental", () => {
    expect(checkRental(context(), request(), NOW)).toEqual({ days: 3, problems: [], fees: [] });
  });
});

describe("rental length", () => {
  it("refuses fewer days than the minimum, on the return date", () => {
    expect(problemsOf(rulesOf({ min_days: 4 }))).toEqual([["minDays", "date_of_arrival", "ruleMinDays", { min: 4 }]]);
    expect(problemsOf(rulesOf({ min_days: 3 }))).toEqual([]);
  });

  it("refuses more days than the maximum", () => {
    expect(problemsOf(rulesOf({ max_days: 2 }))).toEqual([["maxDays", "date_of_arrival", "ruleMaxDays", { max: 2 }]]);
    expect(problemsOf(rulesOf({ max_days: 3 }))).toEqual([]);
  });

  it("never goes past the platform's 365 days, whatever an older stored rule says", () => {
    const year = request({ dropoff: { date: "2027-12-10", time: "10:00", place: "Santiago" } });
    expect(problemsOf(context(), year)).toEqual([]);
    const longer = request({ dropoff: { date: "2027-12-10", time: "10:01", place: "Santiago" } });
    expect(problemsOf(context(), longer)).toEqual([["maxDays", "date_of_arrival", "ruleMaxDays", { max: 365 }]]);
    // A maximum stored above the platform's (the form refuses it, an old row may hold it) is lowered.
    expect(problemsOf(rulesOf({ max_days: 1000 }), longer)).toEqual([
      ["maxDays", "date_of_arrival", "ruleMaxDays", { max: 365 }],
    ]);
  });

  it("prices no more than 365 days of a period of centuries (no work per day beyond it)", () => {
    const centuries = request({ dropoff: { date: "2999-12-30", time: "10:00", place: "Santiago" } });
    const quote = quoteRental(context(), centuries, NOW);
    expect(quote.days).toBe(355_401);
    expect(quote.price.days).toBe(365);
    expect(quote.price.rentalCents).toBe(365 * 50_00);
    expect(quote.problems.map((problem) => problem.rule)).toEqual(["maxDays"]);
  });

  it("lets a vehicle override its landing's limits", () => {
    const ctx = context({
      rules: { ...DEFAULT_LANDING_RULES, min_days: 5 },
      vehicle: { price_cents: 50_00, ...DEFAULT_VEHICLE_RULES, min_days: 2, max_days: 2 },
    });
    expect(problemsOf(ctx)).toEqual([["maxDays", "date_of_arrival", "ruleMaxDays", { max: 2 }]]);
  });
});

describe("lead time and horizon", () => {
  it("refuses a pickup sooner than the lead time", () => {
    // Pickup 2026-12-02 10:00 local is 26 h after NOW (08:00 local on 12-01).
    const soon = request({ pickup: { date: "2026-12-02", time: "10:00", place: "Santiago" } });
    expect(problemsOf(rulesOf({ lead_time_hours: 27 }), soon)).toEqual([
      ["leadTime", "date_of_departure", "ruleLeadTime", { hours: 27 }],
    ]);
    expect(problemsOf(rulesOf({ lead_time_hours: 26 }), soon)).toEqual([]);
  });

  it("opens pickups 24 months ahead when the owner set no horizon", () => {
    const inTwoYears = request({
      pickup: { date: "2028-12-01", time: "10:00", place: "Santiago" },
      dropoff: { date: "2028-12-04", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(context(), inTwoYears)).toEqual([]);
    const dayLater = request({
      pickup: { date: "2028-12-02", time: "10:00", place: "Santiago" },
      dropoff: { date: "2028-12-05", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(context(), dayLater)).toEqual([
      ["bookingHorizon", "date_of_departure", "ruleHorizon", { months: 24 }],
    ]);
  });

  it("refuses a pickup past the horizon, counted from today in the landing's zone", () => {
    const far = request({
      pickup: { date: "2027-03-02", time: "10:00", place: "Santiago" },
      dropoff: { date: "2027-03-05", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(rulesOf({ booking_horizon_months: 3 }), far)).toEqual([
      ["bookingHorizon", "date_of_departure", "ruleHorizon", { months: 3 }],
    ]);
    const edge = request({
      pickup: { date: "2027-03-01", time: "10:00", place: "Santiago" },
      dropoff: { date: "2027-03-04", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(rulesOf({ booking_horizon_months: 3 }), edge)).toEqual([]);
  });

  it("gives the dates a form can offer", () => {
    const rules = { ...DEFAULT_LANDING_RULES, lead_time_hours: 48, booking_horizon_months: 1 };
    expect(earliestPickupDate(rules, "America/Santo_Domingo", NOW)).toBe("2026-12-03");
    expect(latestPickupDate(rules, "America/Santo_Domingo", NOW)).toBe("2027-01-01");
    // No horizon of the owner's: the platform's default, 24 months.
    expect(latestPickupDate(DEFAULT_LANDING_RULES, "America/Santo_Domingo", NOW)).toBe("2028-12-01");
  });
});

describe("closures", () => {
  it("refuses a pickup or a return on a closed date, with its note", () => {
    const ctx = rulesOf({ closures: [{ from: "2026-12-24", to: "2026-12-25", note: "Navidad" }] });
    const christmas = request({
      pickup: { date: "2026-12-20", time: "10:00", place: "Santiago" },
      dropoff: { date: "2026-12-25", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(ctx, christmas)).toEqual([
      ["closedDate", "date_of_arrival", "closedOnDateNote", { note: "Navidad" }],
    ]);
    // Renting across the closure is fine: only pickups and returns stop.
    const across = request({
      pickup: { date: "2026-12-23", time: "10:00", place: "Santiago" },
      dropoff: { date: "2026-12-26", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(ctx, across)).toEqual([]);
  });

  it("says so without a note", () => {
    const ctx = rulesOf({ closures: [{ from: "2026-12-10", to: "2026-12-10", note: "" }] });
    expect(problemsOf(ctx)).toEqual([["closedDate", "date_of_departure", "closedOnDate", {}]]);
  });
});

describe("opening hours", () => {
  const santiago = { place: "Santiago", hours: weekdays("08:00", "18:00"), after_hours_fee_cents: null };

  it("refuses a closed weekday, naming the day and the place", () => {
    // 2026-12-13 is a Sunday.
    expect(weekdayOf("2026-12-13")).toBe(0);
    expect(problemsOf(context({ places: [santiago] }))).toEqual([
      ["closedDay", "date_of_arrival", "closedOnDay0", { place: "Santiago" }],
    ]);
  });

  it("accepts the opening and closing minutes and refuses outside them", () => {
    const at = (time: string) => request({ dropoff: { date: "2026-12-14", time, place: "santiago " } });
    const ctx = context({ places: [santiago] });
    expect(problemsOf(ctx, at("18:00"))).toEqual([]);
    expect(problemsOf(ctx, at("08:00"))).toEqual([]);
    expect(problemsOf(ctx, at("18:01"))).toEqual([
      ["openingHours", "time_of_arrival", "outsideHours", { place: "santiago ", open: "08:00", close: "18:00" }],
    ]);
  });

  it("charges the after-hours fee instead when the place has one, but never opens a closed day", () => {
    const ctx = context({ places: [{ ...santiago, after_hours_fee_cents: 15_00 }] });
    const late = request({
      pickup: { date: "2026-12-10", time: "21:00", place: "Santiago" },
      dropoff: { date: "2026-12-14", time: "07:00", place: "Santiago" },
    });
    expect(checkRental(ctx, late, NOW)).toMatchObject({
      problems: [],
      fees: [
        { kind: "afterHoursPickup", totalCents: 15_00, perDayCents: null },
        { kind: "afterHoursReturn", totalCents: 15_00, perDayCents: null },
      ],
    });
    expect(problemsOf(ctx).map(([rule]) => rule)).toEqual(["closedDay"]);
  });

  it("leaves a place without hours always open", () => {
    const ctx = context({ places: [{ place: "La Romana", hours: ALWAYS_OPEN, after_hours_fee_cents: null }] });
    expect(problemsOf(ctx, request({ pickup: { date: "2026-12-10", time: "03:00", place: "Santiago" } }))).toEqual([]);
  });
});

describe("driver age", () => {
  const aged = (over: Partial<RentalContext["rules"]>) => rulesOf(over);

  it("asks for nothing without an age rule", () => {
    expect(needsDriverAge(DEFAULT_LANDING_RULES, DEFAULT_VEHICLE_RULES)).toBe(false);
    expect(problemsOf(context())).toEqual([]);
  });

  it("needs the date of birth when an age rule applies", () => {
    expect(problemsOf(aged({ min_driver_age: 21 }))).toEqual([
      ["driverAge", "driver_birth_date", "driverBirthDateRequired", {}],
    ]);
    expect(needsDriverAge(DEFAULT_LANDING_RULES, { ...DEFAULT_VEHICLE_RULES, min_driver_age: 25 })).toBe(true);
  });

  it("refuses a driver younger than the minimum on the pickup date", () => {
    const ctx = aged({ min_driver_age: 21 });
    // 21 on 2026-12-11: one day short at a 2026-12-10 pickup.
    expect(problemsOf(ctx, request({ driverBirthDate: "2005-12-11" }))).toEqual([
      ["driverAge", "driver_birth_date", "driverTooYoung", { age: 21 }],
    ]);
    expect(problemsOf(ctx, request({ driverBirthDate: "2005-12-10" }))).toEqual([]);
    // Drivers born last century are most drivers.
    expect(problemsOf(ctx, request({ driverBirthDate: "1969-02-29" }))).toEqual([
      ["driverAge", "driver_birth_date", "dateInvalid", {}],
    ]);
    expect(problemsOf(ctx, request({ driverBirthDate: "1969-02-28" }))).toEqual([]);
  });

  it("refuses a birth date that is not a real date before the pickup", () => {
    const ctx = aged({ min_driver_age: 21 });
    expect(problemsOf(ctx, request({ driverBirthDate: "2027-01-01" }))[0]?.[2]).toBe("dateInvalid");
    expect(problemsOf(ctx, request({ driverBirthDate: "1990-02-30" }))[0]?.[2]).toBe("dateInvalid");
  });

  it("refuses such a date without an age rule too, where it would only be kept", () => {
    for (const driverBirthDate of ["2100-01-01", "2026-12-10", "1990-02-30"]) {
      expect(problemsOf(context(), request({ driverBirthDate }))).toEqual([
        ["driverAge", "driver_birth_date", "dateInvalid", {}],
      ]);
    }
    expect(problemsOf(context(), request({ driverBirthDate: "1990-05-01" }))).toEqual([]);
  });

  it("charges the young-driver fee per day under the owner's age", () => {
    const ctx = aged({ young_driver_age: 25, young_driver_fee_cents: 8_00 });
    expect(checkRental(ctx, request({ driverBirthDate: "2002-01-01" }), NOW).fees).toEqual([
      { kind: "youngDriver", totalCents: 24_00, perDayCents: 8_00 },
    ]);
    expect(checkRental(ctx, request({ driverBirthDate: "2001-12-10" }), NOW).fees).toEqual([]);
  });

  it("counts whole years", () => {
    expect(ageOn("2000-02-29", "2021-02-28")).toBe(20);
    expect(ageOn("2000-02-29", "2021-03-01")).toBe(21);
    expect(ageOn("1990-06-15", "2026-06-15")).toBe(36);
  });
});

describe("one-way fee", () => {
  const fees = [{ place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 35_00 }];
  const oneWay = request({ dropoff: { date: "2026-12-13", time: "10:00", place: "la romana" } });

  it("charges the pair's fee when the places differ", () => {
    expect(checkRental(context({ pairs: fees }), oneWay, NOW).fees).toEqual([
      { kind: "oneWay", totalCents: 35_00, perDayCents: null },
    ]);
  });

  it("charges nothing for a round trip or a pair without a fee", () => {
    expect(checkRental(context({ pairs: fees }), request(), NOW).fees).toEqual([]);
    const reverse = request({
      pickup: { date: "2026-12-10", time: "10:00", place: "La Romana" },
      dropoff: { date: "2026-12-13", time: "10:00", place: "Santiago" },
    });
    expect(checkRental(context({ pairs: fees }), reverse, NOW).fees).toEqual([]);
  });
});

describe("trips offered (issue 25.2)", () => {
  // The operator's report: a round trip at STI, and Oficina -> SDQ with a US$40 one-way fee.
  const pairs = [
    { place_of_departure: "STI", arrival_place: "STI", one_way_fee_cents: 0 },
    { place_of_departure: "Oficina", arrival_place: "SDQ", one_way_fee_cents: 40_00 },
  ];
  const trip = (pickup: string, dropoff: string) =>
    request({
      pickup: { date: "2026-12-10", time: "10:00", place: pickup },
      dropoff: { date: "2026-12-13", time: "10:00", place: dropoff },
    });

  it("takes the pairs the owner created, the round trip and the one-way trip with its fee", () => {
    expect(problemsOf(context({ pairs }), trip("sti ", "STI"))).toEqual([]);
    const oneWay = checkRental(context({ pairs }), trip("Oficina", "sdq"), NOW);
    expect(oneWay.problems).toEqual([]);
    expect(oneWay.fees).toEqual([{ kind: "oneWay", totalCents: 40_00, perDayCents: null }]);
  });

  it("refuses a pickup at a place given only as a return, naming it", () => {
    expect(problemsOf(context({ pairs }), trip("SDQ", "SDQ"))).toEqual([
      ["placePair", "place_of_departure", "pickupNotOffered", { place: "SDQ" }],
    ]);
  });

  it("refuses a pair never created, naming both places, and charges no fee for it", () => {
    const check = checkRental(context({ pairs }), trip("STI", "SDQ"), NOW);
    expect(check.problems.map((problem) => [problem.rule, problem.field, problem.key, problem.params])).toEqual([
      ["placePair", "arrival_place", "pairNotOffered", { pickup: "STI", dropoff: "SDQ" }],
    ]);
    expect(problemsOf(context({ pairs }), trip("Oficina", "Oficina"))).toEqual([
      ["placePair", "arrival_place", "pairNotOffered", { pickup: "Oficina", dropoff: "Oficina" }],
    ]);
    expect(problemsOf(context({ pairs }), trip("SDQ", "Oficina"))[0]?.[2]).toBe("pickupNotOffered");
  });

  it("charges no fee for a round trip even when its pair stores one", () => {
    const stored = [{ place_of_departure: "STI", arrival_place: "STI", one_way_fee_cents: 15_00 }];
    expect(checkRental(context({ pairs: stored }), trip("STI", "STI"), NOW).fees).toEqual([]);
  });
});

describe("the edges the mutation run found", () => {
  const santiago = { place: " SANTIAGO ", hours: weekdays("08:00", "18:00"), after_hours_fee_cents: null };

  it("refuses a pickup on a closed day or outside hours under the pickup's own fields", () => {
    const ctx = context({ places: [santiago] });
    const sundayPickup = request({
      pickup: { date: "2026-12-13", time: "10:00", place: "Santiago" },
      dropoff: { date: "2026-12-16", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(ctx, sundayPickup)).toEqual([
      ["closedDay", "date_of_departure", "closedOnDay0", { place: "Santiago" }],
    ]);
    const earlyPickup = request({
      pickup: { date: "2026-12-14", time: "07:59", place: "Santiago" },
      dropoff: { date: "2026-12-16", time: "10:00", place: "Santiago" },
    });
    expect(problemsOf(ctx, earlyPickup)).toEqual([
      ["openingHours", "time_of_departure", "outsideHours", { place: "Santiago", open: "08:00", close: "18:00" }],
    ]);
    // Saturday's own key (closedOnDay6) when the owner closes Saturdays.
    const saturdays = { ...santiago, hours: [...santiago.hours.slice(0, 6), null] };
    const saturdayReturn = request({ dropoff: { date: "2026-12-12", time: "10:00", place: "Santiago" } });
    expect(problemsOf(context({ places: [saturdays] }), saturdayReturn)[0]?.[2]).toBe("closedOnDay6");
  });

  it("asks the date of birth only for a minimum age or a young-driver fee that charges something", () => {
    expect(
      needsDriverAge(
        { ...DEFAULT_LANDING_RULES, young_driver_age: 25, young_driver_fee_cents: 0 },
        DEFAULT_VEHICLE_RULES,
      ),
    ).toBe(false);
    expect(
      needsDriverAge(
        { ...DEFAULT_LANDING_RULES, young_driver_age: null, young_driver_fee_cents: 8_00 },
        DEFAULT_VEHICLE_RULES,
      ),
    ).toBe(false);
    expect(
      needsDriverAge(
        { ...DEFAULT_LANDING_RULES, young_driver_age: 25, young_driver_fee_cents: 1 },
        DEFAULT_VEHICLE_RULES,
      ),
    ).toBe(true);
  });

  it("adds no fee while the date of birth is missing, invalid or too young", () => {
    const ctx = rulesOf({ min_driver_age: 21, young_driver_age: 25, young_driver_fee_cents: 8_00 });
    for (const birth of [null, "1990-02-30", "2010-01-01"]) {
      expect(checkRental(ctx, request({ driverBirthDate: birth }), NOW).fees).toEqual([]);
    }
  });

  it("refuses a date of birth on the pickup day itself", () => {
    expect(problemsOf(rulesOf({ min_driver_age: 21 }), request({ driverBirthDate: "2026-12-10" }))[0]?.[2]).toBe(
      "dateInvalid",
    );
  });

  it("adds no young-driver line of nothing", () => {
    const ctx = rulesOf({ young_driver_age: 25, young_driver_fee_cents: 0, min_driver_age: 18 });
    expect(checkRental(ctx, request({ driverBirthDate: "2004-01-01" }), NOW).fees).toEqual([]);
  });

  it("charges the one-way fee of the exact pair only, never a round trip's or a fee of nothing", () => {
    const fees = [
      { place_of_departure: "Santiago", arrival_place: "Santiago", one_way_fee_cents: 10_00 },
      { place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 0 },
      { place_of_departure: "Punta Cana", arrival_place: "Bávaro", one_way_fee_cents: 40_00 },
    ];
    const ctx = context({ pairs: fees });
    const to = (place: string) => request({ dropoff: { date: "2026-12-13", time: "10:00", place } });
    expect(checkRental(ctx, to("Santiago"), NOW).fees).toEqual([]);
    expect(checkRental(ctx, to("La Romana"), NOW).fees).toEqual([]);
    expect(checkRental(ctx, to("Bávaro"), NOW).fees).toEqual([]);
  });

  it("leaves a pickup already past to the caller when there is no lead time", () => {
    const past = request({ pickup: { date: "2026-11-30", time: "10:00", place: "Santiago" } });
    expect(problemsOf(context(), past)).toEqual([]);
  });
});

describe("quoteRental: every rule together", () => {
  it("prices a 10-day rental across a season edge with the 7-day discount, a one-way fee and a young driver", () => {
    const ctx = context({
      rules: { ...DEFAULT_LANDING_RULES, week_discount_bp: 10_00, young_driver_age: 25, young_driver_fee_cents: 8_00 },
      vehicle: {
        price_cents: 50_00,
        ...DEFAULT_VEHICLE_RULES,
        deposit_cents: 300_00,
        seasons: [{ name: "Alta", from: "2026-12-15", to: "2027-01-10", price_cents: 90_00 }],
      },
      pairs: [{ place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 35_00 }],
    });
    const quote = quoteRental(
      ctx,
      request({
        dropoff: { date: "2026-12-20", time: "10:00", place: "La Romana" },
        addons: [{ id: 1, name: "Silla de bebé", priceCents: 12_00, quantity: 1 }],
        driverBirthDate: "2004-05-01",
      }),
      NOW,
    );
    expect(quote.problems).toEqual([]);
    expect(quote.depositCents).toBe(300_00);
    expect(quote.price).toMatchObject({
      days: 10,
      rentalLines: [
        { season: null, days: 5, pricePerDayCents: 50_00, totalCents: 250_00 },
        { season: "Alta", days: 5, pricePerDayCents: 90_00, totalCents: 450_00 },
      ],
      rentalCents: 700_00,
      discountBasisPoints: 10_00,
      discountCents: 70_00,
      fees: [
        { kind: "oneWay", totalCents: 35_00, perDayCents: null },
        { kind: "youngDriver", totalCents: 80_00, perDayCents: 8_00 },
      ],
      feesCents: 115_00,
      addonsCents: 120_00,
      subtotalCents: 865_00,
      taxCents: 155_70,
      totalCents: 1020_70,
    });
  });
});

describe("addMonths", () => {
  it.each([
    ["2027-01-31", 1, "2027-02-28"],
    ["2028-01-31", 1, "2028-02-29"],
    ["2026-12-01", 3, "2027-03-01"],
    ["2026-11-30", 12, "2027-11-30"],
  ])("%s + %i months = %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});
