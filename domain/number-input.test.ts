import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { INT_MAX, idInput, numberInput, wholeNumberInput } from "./number-input";

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : result.error.issues.map((issue) => issue.message);
};

describe("numberInput", () => {
  const schema = numberInput({ required: "required", invalid: "invalid" });

  it("takes JSON numbers and decimal digits in a string", () => {
    expect(messages(schema, 3)).toBe(3);
    expect(messages(schema, " 12 ")).toBe(12);
    expect(messages(schema, "-2")).toBe(-2);
    expect(messages(schema, "18.5")).toBe(18.5);
  });

  it("refuses what only coercion would read as a number (issue 23)", () => {
    for (const value of [
      true,
      false,
      [3],
      "0x3",
      "1e3",
      "",
      " ",
      "Infinity",
      null,
      {},
      Number.POSITIVE_INFINITY,
      Number.NaN,
    ]) {
      expect(messages(schema, value), String(value)).toEqual(["invalid"]);
    }
  });

  it("says required only when nothing was sent", () => {
    expect(messages(schema, undefined)).toEqual(["required"]);
  });
});

describe("wholeNumberInput and idInput", () => {
  it("bound whole numbers, each refusal with its message", () => {
    const count = wholeNumberInput(1, 50, "peopleRange");
    expect(messages(count, "50")).toBe(50);
    expect(messages(count, 51)).toEqual(["peopleRange"]);
    expect(messages(count, 1.5)).toEqual(["peopleRange"]);
    expect(messages(count, undefined)).toEqual(["required"]);
  });

  it("keep ids within a PostgreSQL integer", () => {
    const id = idInput("invalid");
    expect(messages(id, INT_MAX)).toBe(2_147_483_647);
    expect(messages(id, INT_MAX + 1)).toEqual(["invalid"]);
    expect(messages(id, "2147483648")).toEqual(["invalid"]);
    expect(messages(id, 0)).toEqual(["invalid"]);
  });
});
