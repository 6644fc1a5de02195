import { DEFAULT_LANDING_RULES } from "@domain/rental-rules";
import { describe, expect, it } from "vitest";
import { crossFieldProblems, rulesFormValues } from "./rules-values";

const typed = (changes: Partial<ReturnType<typeof rulesFormValues>>) => ({
  ...rulesFormValues(DEFAULT_LANDING_RULES, 1, "es"),
  ...changes,
});

describe("the rules form's checks between fields, as typed", () => {
  it("accepts the default rules", () => {
    expect(crossFieldProblems(typed({}))).toEqual({});
  });

  it("refuses cancelling early dearer than cancelling late, an empty fee being none", () => {
    expect(crossFieldProblems(typed({ cancellation_early_fee: "300", cancellation_late_fee: "150" }))).toEqual({
      cancellation_early_fee: "earlyFeeAboveLate",
    });
    expect(crossFieldProblems(typed({ cancellation_early_fee: "50", cancellation_late_fee: "" }))).toEqual({
      cancellation_early_fee: "earlyFeeAboveLate",
    });
    expect(crossFieldProblems(typed({ cancellation_early_fee: "", cancellation_late_fee: "" }))).toEqual({});
    expect(crossFieldProblems(typed({ cancellation_early_fee: "150", cancellation_late_fee: "150,00" }))).toEqual({});
    // An amount that is not one is its own field's problem, not this one's.
    expect(crossFieldProblems(typed({ cancellation_early_fee: "mucho", cancellation_late_fee: "10" }))).toEqual({});
  });

  it("refuses a maximum under the minimum and a 28-day discount under the 7-day one", () => {
    expect(
      crossFieldProblems(typed({ min_days: "5", max_days: "3", week_discount: "10", month_discount: "5" })),
    ).toEqual({ max_days: "maxBelowMin", month_discount: "monthDiscountBelowWeek" });
  });
});
