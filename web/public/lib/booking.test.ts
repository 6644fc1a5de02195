import { priceRental } from "@domain/pricing";
import { DEFAULT_LANDING_RULES, DEFAULT_VEHICLE_RULES } from "@domain/rental-rules";
import { describe, expect, it } from "vitest";
import { SAMPLE_LANDING, SAMPLE_SEARCH, SAMPLE_VEHICLES, samplePage } from "../testing/sample";
import { quoteFleet, quoteFor, rentalContext, resolveBooking, stoppingProblems } from "./booking";
import { pageStartOfDay } from "./page-clock";

/** The sample landing with rules: 10 % from 7 days, a one-way fee Santiago -> La Romana, young drivers under 25 pay. */
const RULED = {
  ...SAMPLE_LANDING,
  rules: {
    ...DEFAULT_LANDING_RULES,
    week_discount_bp: 1000,
    young_driver_age: 25,
    young_driver_fee_cents: 1000,
  },
  locations: [
    { id: 3, place_of_departure: "Santiago", arrival_place: "Santiago", one_way_fee_cents: 0 },
    { id: 1, place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 2500 },
    { id: 2, place_of_departure: "Punta Cana", arrival_place: "Punta Cana", one_way_fee_cents: 0 },
  ],
  places: [
    {
      place: "Santiago",
      hours: [null, ...Array.from({ length: 6 }, () => ({ open: "08:00", close: "18:00" }))],
      after_hours_fee_cents: null,
    },
  ],
  vehicles: SAMPLE_VEHICLES.map((vehicle) =>
    vehicle.id === 11
      ? {
          ...vehicle,
          rules: {
            ...DEFAULT_VEHICLE_RULES,
            deposit_cents: 30000,
            seasons: [{ name: "Temporada alta", from: "2027-03-04", to: "2027-03-31", price_cents: 9000 }],
          },
        }
      : vehicle,
  ),
};

function vehicleOf(id: number, vehicles = SAMPLE_VEHICLES) {
  const found = vehicles.find((vehicle) => vehicle.id === id);
  if (!found) throw new Error(`no vehicle ${id}`);
  return found;
}

describe("rentalContext", () => {
  it("takes the rules, opening hours, one-way fees, tax, currency and zone from the landing, price and rules from the vehicle", () => {
    const vehicle = vehicleOf(11, RULED.vehicles);
    expect(rentalContext(RULED, vehicle)).toEqual({
      timeZone: "America/Santo_Domingo",
      rules: RULED.rules,
      vehicle: { price_cents: 4500, ...vehicle.rules },
      places: RULED.places,
      pairs: [
        { place_of_departure: "Santiago", arrival_place: "Santiago", one_way_fee_cents: 0 },
        { place_of_departure: "Santiago", arrival_place: "La Romana", one_way_fee_cents: 2500 },
        { place_of_departure: "Punta Cana", arrival_place: "Punta Cana", one_way_fee_cents: 0 },
      ],
      taxRateBasisPoints: 1800,
      taxLabel: "ITBIS",
      currency: "USD",
    });
  });

  it("rounds a fractional tax rate to basis points", () => {
    expect(rentalContext({ ...SAMPLE_LANDING, tax_rate: 18.5 }, vehicleOf(11)).taxRateBasisPoints).toBe(1850);
  });
});

describe("resolveBooking", () => {
  it("prices the chosen vehicle and add-ons for the searched days with the domain's function", () => {
    const booking = resolveBooking(samplePage({ query: { ...SAMPLE_SEARCH, vehicle: "11", addons: "21:1,23:2" } }));
    expect(booking.valid).toBe(true);
    expect(booking.days).toBe(3);
    expect(booking.vehicle?.name).toBe("Toyota Corolla 2024");
    expect(booking.problems).toEqual([]);
    expect(booking.price).toEqual(
      priceRental({
        pricePerDayCents: 4500,
        days: 3,
        pickupDate: "2027-03-02",
        seasons: [],
        addons: [
          { id: 21, name: "Exención de daños por colisión", priceCents: 1200, quantity: 1 },
          { id: 23, name: "Silla de bebé", priceCents: 850, quantity: 2 },
        ],
        taxRateBasisPoints: 1800,
        taxLabel: "ITBIS",
        currency: "USD",
      }),
    );
    // (45 + 12 + 2 × 8.50) × 3 = 222.00; ITBIS 18 % = 39.96; total 261.96
    expect(booking.price?.totalCents).toBe(26196);
  });

  it("has no price without a valid search or a vehicle", () => {
    expect(resolveBooking(samplePage({ query: { vehicle: "11" } })).price).toBeNull();
    const past = resolveBooking(samplePage({ query: { ...SAMPLE_SEARCH, from: "2027-02-01", vehicle: "11" } }));
    expect(past.valid).toBe(false);
    expect(past.errors.from).toBe("pickupInPast");
    expect(resolveBooking(samplePage({ query: { ...SAMPLE_SEARCH, vehicle: "999" } })).vehicle).toBeNull();
  });

  it("refuses a pickup earlier today once the page's clock has passed it, as the search form and the server do", () => {
    const data = samplePage({ query: { ...SAMPLE_SEARCH, from: "2027-03-01", fromTime: "09:00", vehicle: "11" } });
    // The server's HTML and the first render count from the start of the landing's today.
    expect(resolveBooking(data).valid).toBe(true);
    // 11:00 in Santo Domingo: 09:00 has passed.
    const late = resolveBooking(data, undefined, new Date("2027-03-01T15:00:00Z"));
    expect(late.valid).toBe(false);
    expect(late.errors.fromTime).toBe("pickupTimeInPast");
    expect(late.price).toBeNull();
    // A page left open past midnight: the day the server named is over, and the pickup, on the new
    // day at 10:00, is at an hour gone by (11:00 there).
    const nextDay = resolveBooking(
      samplePage({ query: { ...SAMPLE_SEARCH, vehicle: "11" } }),
      undefined,
      new Date("2027-03-02T15:00:00Z"),
    );
    expect(nextDay.errors.fromTime).toBe("pickupTimeInPast");
    // ... and a pickup on the day the server named, the day before, has its date passed.
    const dayBefore = resolveBooking(
      samplePage({ query: { ...SAMPLE_SEARCH, from: "2027-03-01", vehicle: "11" } }),
      undefined,
      new Date("2027-03-02T15:00:00Z"),
    );
    expect(dayBefore.errors.from).toBe("pickupInPast");
  });

  it("prices 8 days across a season edge with the 7-day discount, a one-way fee and a young driver, to the cent", () => {
    const query = { ...SAMPLE_SEARCH, to: "2027-03-10", dropoff: "La Romana", vehicle: "11" };
    const page = samplePage({ landing: RULED, query });
    const booking = resolveBooking(page, undefined, undefined, "2005-06-01");
    expect(booking.problems).toEqual([]);
    expect(booking.price?.rentalLines).toEqual([
      { season: null, days: 2, pricePerDayCents: 4500, totalCents: 9000 },
      { season: "Temporada alta", days: 6, pricePerDayCents: 9000, totalCents: 54000 },
    ]);
    expect(booking.price?.discountCents).toBe(6300);
    expect(booking.price?.fees).toEqual([
      { kind: "oneWay", totalCents: 2500, perDayCents: null },
      { kind: "youngDriver", totalCents: 8000, perDayCents: 1000 },
    ]);
    // 63,000 - 6,300 + 2,500 + 8,000 = 67,200; + 18 % = 79,296
    expect(booking.price?.totalCents).toBe(79296);
    expect(booking.quote?.depositCents).toBe(30000);
  });

  it("leaves the date of birth to the form, but keeps what the rules refuse", () => {
    const minimum = { ...RULED, rules: { ...RULED.rules, min_days: 4, min_driver_age: 21 } };
    const booking = resolveBooking(samplePage({ landing: minimum, query: { ...SAMPLE_SEARCH, vehicle: "11" } }));
    expect(booking.quote?.problems.map((problem) => problem.key)).toEqual(["ruleMinDays", "driverBirthDateRequired"]);
    expect(booking.problems.map((problem) => problem.key)).toEqual(["ruleMinDays"]);
    const young = resolveBooking(
      samplePage({ landing: minimum, query: { ...SAMPLE_SEARCH, vehicle: "11" } }),
      undefined,
      undefined,
      "2010-01-01",
    );
    expect(young.problems.map((problem) => [problem.key, problem.params])).toEqual([
      ["ruleMinDays", { min: 4 }],
      ["driverTooYoung", { age: 21 }],
    ]);
    // A driver born before 2000 is a real driver; a date of birth never comes from the URL.
    const older = resolveBooking(
      samplePage({ landing: minimum, query: { ...SAMPLE_SEARCH, vehicle: "11" } }),
      undefined,
      undefined,
      "1990-05-05",
    );
    expect(older.problems.map((problem) => problem.key)).toEqual(["ruleMinDays"]);
    expect(resolveBooking(samplePage({ query: { ...SAMPLE_SEARCH, birth: "1990-05-05" } })).birth).toBeNull();
  });

  it("counts the lead time from the page's clock: the start of the landing's today until the browser has the time", () => {
    const lead = { ...RULED, rules: { ...RULED.rules, lead_time_hours: 48 } };
    const data = samplePage({ landing: lead, query: { ...SAMPLE_SEARCH, vehicle: "12" } });
    // 2027-03-01 00:00 in Santo Domingo is 04:00 UTC; pickup 2027-03-02 10:00 is 34 hours later.
    expect(pageStartOfDay(data).toISOString()).toBe("2027-03-01T04:00:00.000Z");
    expect(resolveBooking(data).problems.map((problem) => problem.rule)).toEqual(["leadTime"]);
    const later = new Date("2027-02-20T12:00:00Z");
    expect(resolveBooking(data, undefined, later).problems).toEqual([]);
  });

  it("quotes a vehicle alone with the closed Sunday of its pickup place (the missing birth date aside)", () => {
    const search = {
      ...resolveBooking(samplePage({ query: SAMPLE_SEARCH })).search,
      from: "2027-03-07",
      to: "2027-03-10",
    };
    const quote = quoteFor(RULED, vehicleOf(12), search, [], null, new Date("2027-03-01T12:00:00Z"));
    expect(quote.problems.map((problem) => problem.key)).toEqual(["closedOnDay0", "driverBirthDateRequired"]);
    expect(stoppingProblems(quote)).toEqual([
      { rule: "closedDay", field: "date_of_departure", key: "closedOnDay0", params: { place: "Santiago" } },
    ]);
  });
});

describe("quoteFleet", () => {
  // Vehicle 12 needs 5 days and a driver of 30; vehicle 11 has a season; the trip is one-way,
  // picked up on a closed Sunday, 26 hours ahead of a 48-hour lead time.
  const landing = {
    ...RULED,
    rules: { ...RULED.rules, lead_time_hours: 48 },
    vehicles: RULED.vehicles.map((vehicle) =>
      vehicle.id === 12
        ? { ...vehicle, rules: { ...DEFAULT_VEHICLE_RULES, min_days: 5, min_driver_age: 30 } }
        : vehicle,
    ),
  };
  const now = new Date("2027-03-06T12:00:00Z");
  const searches = [
    { from: "2027-03-07", to: "2027-03-10", dropoff: "La Romana" },
    { from: "2027-03-02", to: "2027-03-12", dropoff: "" },
    { from: "2027-03-09", to: "2027-03-10", dropoff: "Punta Cana" },
  ].map((change) => ({ ...resolveBooking(samplePage({ query: SAMPLE_SEARCH })).search, ...change }));

  it.each(searches)(
    "quotes each vehicle as quoteFor does, problems and fees in the same order ($from to $to)",
    (search) => {
      for (const birth of [null, "2005-01-01", "1980-01-01"]) {
        const fleet = quoteFleet(landing, landing.vehicles, search, birth, now);
        expect([...fleet.keys()]).toEqual(landing.vehicles.map((vehicle) => vehicle.id));
        for (const vehicle of landing.vehicles) {
          expect(fleet.get(vehicle.id)).toEqual(quoteFor(landing, vehicle, search, [], birth, now));
        }
      }
    },
  );

  it("puts the trip's problems around the vehicle's own, as one vehicle's quote lists them", () => {
    const [sunday] = searches;
    if (!sunday) throw new Error("no search");
    const quote = quoteFleet(landing, landing.vehicles, sunday, "2005-01-01", now).get(12);
    expect(quote?.problems.map((problem) => problem.key)).toEqual([
      "ruleMinDays",
      "ruleLeadTime",
      "closedOnDay0",
      "driverTooYoung",
    ]);
    expect(quote?.fees.map((fee) => fee.kind)).toEqual(["oneWay"]);
  });
});
