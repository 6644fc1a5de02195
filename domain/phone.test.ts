import { describe, expect, it } from "vitest";
import { isPhoneNumber, PHONE_MIN_DIGITS } from "./phone";

describe("isPhoneNumber", () => {
  it.each([
    "+1 (809) 555-0101",
    "809.555.0101",
    "  809-555-0101  ",
    "+44 7911 123456",
    "00 34 912 345 678",
    "1".repeat(PHONE_MIN_DIGITS),
  ])("takes %j", (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  });

  it.each([
    ["a placeholder of one digit", "1"],
    ["too few digits to reach anyone", "12345"],
    ["separators only", "-- () --"],
    ["nothing", ""],
    ["a + inside", "809+555+0101"],
    ["two + at the start", "++1 809 555 0101"],
    ["letters", "809-555-CARS"],
    ["an extension in words", "809 555 0101 ext 2"],
  ])("refuses %s (%j)", (_why, phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
  });
});
