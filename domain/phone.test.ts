import { describe, expect, it } from "vitest";
import { isPhoneNumber, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneProblem } from "./phone";

describe("isPhoneNumber", () => {
  it.each([
    "+1 (809) 555-0101",
    "809.555.0101",
    "  809-555-0101  ",
    "+44 7911 123456",
    "00 34 912 345 678",
    "1".repeat(PHONE_MIN_DIGITS),
    // A UK mobile dialled from the US, its exit code first: 15 digits.
    "011 44 7911 123456",
    "1".repeat(PHONE_MAX_DIGITS),
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
    ["more digits than any phone", "1".repeat(PHONE_MAX_DIGITS + 1)],
    ["two numbers in one field", "+1 809 555 1234 99999999999999"],
  ])("refuses %s (%j)", (_why, phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
  });
});

describe("phoneProblem", () => {
  it("names the characters as the problem, not the number of digits, whatever else the phone has", () => {
    for (const phone of [
      "(809) 555-1234 ext. 12",
      "809-555-CARS",
      "809 555 0101 x2",
      "llámame",
      "tel. 809 555 0101",
      "809/555/0101",
      "#809 555 0101",
      "809*555*0101",
      // A "+" past the start: the digits are enough, the "+" is what is wrong.
      "809+555+0101",
      "++1 809 555 0101",
      " 809 +555 0101 ",
    ]) {
      expect(phoneProblem(phone), phone).toBe("phoneCharacters");
    }
  });

  it("says a phone of a phone's characters is invalid when isPhoneNumber refuses it, and nothing when it takes it", () => {
    for (const phone of ["1", "12345", "-- () --", "", "+1 809", "  +12 "]) {
      expect(phoneProblem(phone), phone).toBe("phoneInvalid");
    }
    for (const phone of ["+1 (809) 555-0101", "809.555.0101", "  809-555-0101  ", "00 34 912 345 678"]) {
      expect(phoneProblem(phone), phone).toBeNull();
    }
  });
});
