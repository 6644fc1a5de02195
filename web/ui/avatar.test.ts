import { describe, expect, it } from "vitest";
import { initials } from "./avatar";

describe("initials", () => {
  it("takes the first and last words' first letters, whole graphemes, upper-cased", () => {
    expect(initials("ana maría pérez")).toBe("AP");
    expect(initials("Ñoño")).toBe("Ñ");
    expect(initials("  ")).toBe("?");
  });

  it("passes over words that start with an emoji, unless the name has nothing else", () => {
    expect(initials("  Rent Car Ñoño 🚗  ")).toBe("RÑ");
    expect(initials("🌴 Solmar")).toBe("S");
    expect(initials("👩🏽‍💻")).toBe("👩🏽‍💻");
    expect(initials("🚗 🌴")).toBe("🚗🌴");
  });
});
