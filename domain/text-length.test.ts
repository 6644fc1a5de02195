import { describe, expect, it } from "vitest";
import { z } from "zod";
import { textLength } from "./text-length";

describe("textLength", () => {
  it("counts characters as the server's limits do: an emoji is one", () => {
    expect(textLength("")).toBe(0);
    expect(textLength("Ana Pérez")).toBe(9);
    expect(textLength("🙂🙂")).toBe(2);
    expect(textLength(`${"a".repeat(37)}${"🙂".repeat(600)}`)).toBe(637);
  });

  it("agrees with zod's max at the limit, where String.length does not", () => {
    const limit = z.string().max(10);
    const atLimit = "🙂".repeat(10);
    expect(atLimit.length).toBe(20);
    expect(textLength(atLimit)).toBe(10);
    expect(limit.safeParse(atLimit).success).toBe(true);
    expect(limit.safeParse(`${atLimit}a`).success).toBe(false);
  });
});
