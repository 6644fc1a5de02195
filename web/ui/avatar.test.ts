import { describe, expect, it } from "vitest";
import { initials } from "./avatar";

describe("initials", () => {
  it("takes the first and last words' first letters", () => {
    expect(initials("Ana Pérez")).toBe("AP");
    expect(initials("  maría josé peña ")).toBe("MP");
    expect(initials("Ñoño")).toBe("Ñ");
    expect(initials("")).toBe("?");
  });

  it("passes over punctuation and signs before a word, and keeps an emoji as an initial", () => {
    expect(initials("Rosa <Pérez>")).toBe("RP");
    expect(initials("«Alquileres» (Caribe)")).toBe("AC");
    expect(initials("Ana - Pérez")).toBe("AP");
    expect(initials("😀")).toBe("😀");
    expect(initials("Yanelis 🇩🇴")).toBe("Y🇩🇴");
    expect(initials("👩🏽‍💻 Rentas")).toBe("👩🏽‍💻R");
  });
});
