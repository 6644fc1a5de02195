import { describe, expect, it } from "vitest";
import { formatMoney, parseMoney } from "./money";
import { moneyField } from "./money-field";

const cents = (text: string | number) => {
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.cents : parsed.reason;
};

describe("parseMoney", () => {
  it.each([
    ["45", 4500],
    ["45.5", 4550],
    ["45,5", 4550],
    ["45,50", 4550],
    ["45.50", 4550],
    ["0.99", 99],
    [",75", 75],
    ["1,250.50", 125050],
    ["1.250,50", 125050],
    ["1,250,000", 125000000],
    ["1.250.000", 125000000],
    ["1,250,000.75", 125000075],
    ["1 250,50", 125050],
    ["1\u00a0250,50", 125050],
    ["US$ 45", 4500],
    ["US$1,250.00", 125000],
    ["$1,250", "ambiguous"],
    ["RD$ 2.500,00", 250000],
    ["45 USD", 4500],
    ["€12", 1200],
    ["  12  ", 1200],
    ["1250", 125000],
    ["12.500", "ambiguous"],
    ["1250.500", 125050],
    ["0,250", 25],
    [" US$ 45 ", 4500],
    ["45 $", 4500],
    ["999999999999", 99999999999900],
    ["12.50", 1250],
    [45.5, 4550],
    [0, 0],
  ])("reads %j as %j", (text, expected) => {
    expect(cents(text)).toBe(expected);
  });

  it.each([["1,250"], ["1.250"], ["999,999"]])("refuses %j as ambiguous", (text) => {
    expect(parseMoney(text)).toEqual({ ok: false, reason: "ambiguous" });
  });

  it.each([
    [""],
    ["abc"],
    ["4a5"],
    ["-5"],
    ["1,2,3"],
    ["12,34,567"],
    ["1.250,50.3"],
    ["1,25.50"],
    ["12.345"],
    ["1.2345"],
    ["12.999"],
    ["."],
    [","],
    ["US$"],
    ["1e5"],
    ["Infinity"],
    ["9999999999999"],
    ["45a"],
    ["45a.5"],
    ["12 5"],
    ["45,"],
    ["1,250."],
    ["12.501"],
    [Number.NaN],
    [-1],
  ])("refuses %j", (text) => {
    const parsed = parseMoney(text);
    expect(parsed.ok).toBe(false);
  });

  // A walk's finding: 13 digits and more were "invalid", and a form said "enter an amount greater
  // than zero" where 11 digits said "too high".
  it.each([["9999999999999"], ["999999999999999999"], ["1,000,000,000,000.50"]])(
    "calls %j too large, not invalid",
    (text) => {
      expect(parseMoney(text)).toEqual({ ok: false, reason: "tooLarge" });
    },
  );

  // A walk's finding: an agreed price of "0.125" was "enter a valid price" with no word of why.
  it.each([["0.125"], ["1250.125"], ["1.250,555"], ["45,5001"]])("calls %j one of cents past the second", (text) => {
    expect(parseMoney(text)).toEqual({ ok: false, reason: "subCent" });
  });
});

describe("moneyField", () => {
  const field = moneyField({ invalid: "feeInvalid", positive: true, maxCents: 100_00, tooHigh: "amountTooHigh" });
  it("says an amount of too many digits is too high", () => {
    const parsed = field.safeParse("999999999999999999");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("amountTooHigh");
    expect(field.safeParse("abc").error?.issues[0]?.message).toBe("feeInvalid");
    expect(field.safeParse("150").error?.issues[0]?.message).toBe("amountTooHigh");
  });
  it("says an amount past its cents has at most two decimals", () => {
    expect(field.safeParse("0.125").error?.issues[0]?.message).toBe("priceSubCent");
    expect(field.safeParse("12.50").data).toBe(1250);
  });
});

describe("formatMoney", () => {
  it("uses Dominican Spanish and US English conventions, grouping included", () => {
    expect(formatMoney(125050, "USD", "es")).toBe("US$1,250.50");
    expect(formatMoney(125050, "USD", "en")).toBe("$1,250.50");
    expect(formatMoney(250000, "DOP", "es")).toBe("RD$2,500.00");
    expect(formatMoney(1200, "EUR", "en")).toBe("€12.00");
  });

  it("writes an amount it kept as it first wrote it, per language and currency, past what it keeps", () => {
    expect(formatMoney(125050, "DOP", "en")).toBe("DOP\u00a01,250.50");
    expect(formatMoney(125050, "USD", "es")).toBe("US$1,250.50");
    // More amounts than a formatter keeps (4,096): it forgets them all and writes them anew.
    for (let cents = 0; cents < 5000; cents++) {
      expect(formatMoney(cents, "USD", "en")).toBe(`$${(cents / 100).toFixed(2)}`);
    }
    expect(formatMoney(125050, "USD", "en")).toBe("$1,250.50");
    expect(formatMoney(125050, "DOP", "en")).toBe("DOP\u00a01,250.50");
  });
});
