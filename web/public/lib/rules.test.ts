import { DEFAULT_LANDING_RULES } from "@domain/rental-rules";
import { describe, expect, it } from "vitest";
import { SAMPLE_LANDING } from "../testing/sample";
import { discountFrom } from "./discount";
import { problemTexts, searchRuleErrors, searchRuleMessages } from "./rules";

const SEARCH = {
  pickup: "Santiago",
  dropoff: "Santiago",
  from: "2027-03-07",
  fromTime: "07:00",
  to: "2027-03-10",
  toTime: "19:30",
  seats: 2,
};
const NOW = new Date("2027-03-01T12:00:00Z");

const LANDING = {
  ...SAMPLE_LANDING,
  rules: {
    ...DEFAULT_LANDING_RULES,
    lead_time_hours: 24,
    booking_horizon_months: 6,
    closures: [{ from: "2027-03-10", to: "2027-03-10", note: "Feriado" }],
  },
  places: [
    {
      place: "Santiago",
      hours: [null, ...Array.from({ length: 6 }, () => ({ open: "08:00", close: "18:00" }))],
      after_hours_fee_cents: null,
    },
  ],
};

describe("searchRuleErrors", () => {
  it("puts the landing's closures, closed days and hours under the search's fields", () => {
    const errors = searchRuleErrors(LANDING, SEARCH, NOW);
    expect(Object.fromEntries(Object.entries(errors).map(([field, problem]) => [field, problem?.key]))).toEqual({
      from: "closedOnDay0",
      to: "closedOnDateNote",
      toTime: "outsideHours",
    });
    expect(
      problemTexts(
        "es",
        Object.values(errors).flatMap((problem) => (problem ? [problem] : [])),
      ),
    ).toEqual([
      "No hay recogidas ni devoluciones ese día (Feriado).",
      "Cerrado los domingos (Santiago).",
      "Santiago atiende de 08:00 a 18:00 ese día.",
    ]);
  });

  it("words them in the page's language for the form", () => {
    expect(searchRuleMessages(LANDING, SEARCH, NOW, "en")).toEqual({
      from: "Closed on Sundays (Santiago).",
      to: "No pickups or returns on that day (Feriado).",
      toTime: "Santiago is open from 08:00 to 18:00 that day.",
    });
  });

  it("says the lead time and the horizon under the pickup date; nothing for an open period", () => {
    // Now is 08:00 on 2027-03-01 in Santo Domingo: a pickup at 10:00 the next day is 26 hours ahead.
    const soon = { ...SEARCH, from: "2027-03-02", fromTime: "10:00", to: "2027-03-05", toTime: "10:00" };
    expect(searchRuleErrors(LANDING, soon, NOW)).toEqual({});
    const lead = { ...LANDING, rules: { ...LANDING.rules, lead_time_hours: 27 } };
    expect(searchRuleErrors(lead, soon, NOW).from?.key).toBe("ruleLeadTime");
    const far = { ...soon, from: "2027-09-02", to: "2027-09-06" };
    expect(searchRuleErrors(LANDING, far, NOW).from?.key).toBe("ruleHorizon");
    const fine = { ...soon, from: "2027-03-03", to: "2027-03-06" };
    expect(searchRuleErrors(LANDING, fine, NOW)).toEqual({});
    // Minimum days depend on the vehicle: the cards say them, not the form.
    const short = { ...LANDING, rules: { ...LANDING.rules, min_days: 5 } };
    expect(searchRuleErrors(short, fine, NOW)).toEqual({});
  });

  it("says each message once, in English too", () => {
    const problem = {
      rule: "closedDay",
      field: "date_of_departure",
      key: "closedOnDay0",
      params: { place: "Aeropuerto" },
    } as const;
    expect(problemTexts("en", [problem, { ...problem, field: "date_of_arrival" }])).toEqual([
      "Closed on Sundays (Aeropuerto).",
    ]);
  });
});

describe("discountFrom", () => {
  const rules = { ...DEFAULT_LANDING_RULES, week_discount_bp: 1000, month_discount_bp: 2000 };
  it("names the 28-day discount only when that is the one applied", () => {
    expect(discountFrom({ days: 10, discountBasisPoints: 1000 }, rules)).toBe(7);
    expect(discountFrom({ days: 30, discountBasisPoints: 2000 }, rules)).toBe(28);
    expect(discountFrom({ days: 30, discountBasisPoints: 1000 }, { ...rules, month_discount_bp: 0 })).toBe(7);
  });
});
