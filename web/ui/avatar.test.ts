import { describe, expect, it } from "vitest";
import { initials } from "./avatar";

describe("initials", () => {
  it("takes the first and last words' first letters", () => {
    expect(initials("Ana Pérez")).toBe("AP");
    expect(initials("  maría josé peña ")).toBe("MP");
    expect(initials("Ñoño")).toBe("Ñ");
    expect(initials("")).toBe("?");
  });

  it("passes over marks before a word's first letter, and keeps a name of none as it is", () => {
    expect(initials("Rosa <Pérez>")).toBe("RP");
    expect(initials("«Alquileres» (Caribe)")).toBe("AC");
    expect(initials("😀")).toBe("😀");
    expect(initials("Juan 😀")).toBe("J");
  });
});
