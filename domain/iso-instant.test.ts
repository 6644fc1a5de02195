import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoInstant } from "./iso-instant";

const asBuiltin = (ms: number) => new Date(ms).toISOString();

describe("isoInstant", () => {
  it("writes what toISOString writes around the calendar's edges", () => {
    for (const text of [
      "1970-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "2000-02-29T12:34:56.007Z",
      "2024-02-29T23:59:59.990Z",
      "2100-02-28T23:59:59.999Z",
      "2100-03-01T00:00:00.000Z",
      "2027-03-28T01:30:00.250Z",
      "1000-01-01T00:00:00.000Z",
      "9999-12-31T23:59:59.999Z",
    ]) {
      expect(isoInstant(Date.parse(text))).toBe(text);
    }
  });

  it("writes what toISOString writes for any instant of the years 1000 to 9999", () => {
    const range = { min: Date.parse("1000-01-01T00:00:00Z"), max: Date.parse("9999-12-31T23:59:59.999Z") };
    fc.assert(
      fc.property(fc.integer(range), (ms) => {
        expect(isoInstant(ms)).toBe(asBuiltin(ms));
      }),
      { numRuns: 50_000 },
    );
  });

  it("leaves any other year to toISOString", () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(isoInstant(ms)).toBe(asBuiltin(ms));
      }),
    );
  });
});
