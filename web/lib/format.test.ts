import { describe, expect, it } from "vitest";
import {
  amountInputText,
  centsText,
  currencySymbol,
  echoedSearch,
  formatCompactMoney,
  formatInstant,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRate,
  formatRateWithSign,
  formatWhen,
  instantOfWallClockInput,
  intlLocale,
  plainAmount,
  wallClockInputValue,
} from "./format";

// The strings the dashboard and the public site show (and their browser tests look for): one module
// writes them all, so these pin what the copies it replaced wrote.
describe("web/lib/format", () => {
  it("writes each language in its one locale", () => {
    expect(intlLocale("es")).toBe("es-DO");
    expect(intlLocale("en")).toBe("en-US");
  });

  it("writes money in the language's conventions, and an unknown currency after a plain amount", () => {
    expect(formatMoney(125050, "USD", "es")).toBe("US$1,250.50");
    expect(formatMoney(125050, "USD", "en")).toBe("$1,250.50");
    expect(formatMoney(125050, "DOP", "es")).toBe("RD$1,250.50");
    expect(formatMoney(999, "XYZ1", "en")).toBe("9.99 XYZ1");
    expect(formatCompactMoney(125050, "USD", "en")).toBe("$1.3K");
  });

  it("writes amounts for inputs and for the API", () => {
    expect(amountInputText(125050, "es")).toBe("1,250.50");
    expect(amountInputText(5, "en")).toBe("0.05");
    expect(centsText(125050)).toBe("1250.50");
    expect(plainAmount("1.250,5")).toBe("1250.50");
    expect(plainAmount(" 1,250 ")).toBe("1,250");
    expect(plainAmount("")).toBe("");
  });

  it("finds a currency's sign, or keeps the code", () => {
    expect(currencySymbol("USD", "es")).toBe("US$");
    expect(currencySymbol("USD", "en")).toBe("$");
    expect(currencySymbol("nope", "en")).toBe("nope");
  });

  it("writes counts, percentages and rates", () => {
    expect(formatNumber(1250, "es")).toBe("1,250");
    expect(formatPercent(22.56, "en")).toBe("22.6%");
    expect(formatRate(18.5, "es")).toBe("18.5");
    expect(formatRateWithSign(18, "es")).toBe("18 %");
    expect(formatRateWithSign(18.25, "en")).toBe("18.25%");
  });

  it("writes a date with its time", () => {
    expect(formatWhen("2027-03-05", "10:00", "es")).toBe("05-03-2027 · 10:00\u00a0AM");
    expect(formatWhen("2027-03-05", "14:30", "en")).toBe("Mar 5, 2027 · 2:30\u00a0PM");
  });

  it("writes an instant on the landing's wall clock, whatever the browser's zone", () => {
    // 09:55 UTC is 05:55 in Santo Domingo (UTC-4) and already the next day in Tokyo.
    expect(formatInstant("2026-11-30T09:55:00.000Z", "America/Santo_Domingo", "es")).toBe("30-11-2026 · 5:55\u00a0AM");
    expect(formatInstant("2026-11-30T09:55:00.000Z", "America/Santo_Domingo", "en")).toBe(
      "Nov 30, 2026 · 5:55\u00a0AM",
    );
    expect(formatInstant("2026-11-30T20:00:00.000Z", "Asia/Tokyo", "es")).toBe("01-12-2026 · 5:00\u00a0AM");
  });

  it("reads and writes a datetime-local input on the landing's wall clock, whatever the browser's zone", () => {
    // The counter's return time (issue 28.4): 09:55 UTC is 05:55 in Santo Domingo, 18:55 in Tokyo.
    const instant = new Date("2026-11-30T09:55:00.000Z");
    expect(wallClockInputValue(instant, "America/Santo_Domingo")).toBe("2026-11-30T05:55");
    expect(wallClockInputValue(instant, "Asia/Tokyo")).toBe("2026-11-30T18:55");
    expect(instantOfWallClockInput("2026-11-30T05:55", "America/Santo_Domingo")?.toISOString()).toBe(
      instant.toISOString(),
    );
    expect(instantOfWallClockInput("2026-11-30T18:55", "Asia/Tokyo")?.toISOString()).toBe(instant.toISOString());
    // Seconds, when the input shows them, are dropped; New York's clocks skip 02:00 to 03:00 on 2027-03-14.
    expect(instantOfWallClockInput("2026-11-30T05:55:40", "America/Santo_Domingo")?.toISOString()).toBe(
      instant.toISOString(),
    );
    expect(instantOfWallClockInput("2027-03-14T02:30", "America/New_York")?.toISOString()).toBe(
      "2027-03-14T07:30:00.000Z",
    );
    for (const value of ["", "2026-11-30", "2026-02-30T10:00", "2026-11-30T24:00", "2026-11-30T05:55Z"]) {
      expect(instantOfWallClockInput(value, "America/Santo_Domingo"), value).toBeNull();
    }
    // Back and forth, the minute the input shows is the one sent.
    for (const zone of ["America/Santo_Domingo", "Asia/Tokyo", "Pacific/Honolulu", "Europe/Madrid"]) {
      expect(instantOfWallClockInput(wallClockInputValue(instant, zone), zone)?.toISOString(), zone).toBe(
        instant.toISOString(),
      );
    }
  });
});

describe("echoedSearch", () => {
  it("trims a search and cuts a long one to 40 whole characters and an ellipsis", () => {
    expect(echoedSearch("  corolla ")).toBe("corolla");
    expect(echoedSearch("a".repeat(40))).toBe("a".repeat(40));
    expect(echoedSearch(`${"a".repeat(39)} ${"b".repeat(10)}`)).toBe(`${"a".repeat(39)}…`);
    expect(echoedSearch("🚗".repeat(10_000))).toBe(`${"🚗".repeat(40)}…`);
  });
});
