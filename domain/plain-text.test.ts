import { describe, expect, it } from "vitest";
import { freeText, hasLetter, nameText, visibleName, withoutDirectionControls } from "./plain-text";

describe("plain text a visitor types", () => {
  it("loses direction controls, keeping the letters of every script", () => {
    expect(withoutDirectionControls("Ana\u202emonaM\u202c")).toBe("AnamonaM");
    expect(withoutDirectionControls("\u2067أحمد\u2069 \u200f")).toBe("أحمد ");
    // A zero-width joiner inside an emoji stays in free text.
    expect(withoutDirectionControls("🏳️\u200d🌈")).toBe("🏳️\u200d🌈");
  });

  it("names lose zero-width characters too, and need a letter", () => {
    expect(visibleName("Pe\u200bña\ufeff")).toBe("Peña");
    // One line: breaks and tabs are a space, so a name cannot start a line of its own in an email.
    expect(visibleName("Smith\r\nBcc: victim@evil.test")).toBe("Smith Bcc: victim@evil.test");
    expect(visibleName("Ana\tMaría\u2028Pérez")).toBe("Ana María Pérez");
    // Joiners make emoji and some scripts: kept.
    expect(visibleName("👩🏽\u200d💻 Rentas")).toBe("👩🏽\u200d💻 Rentas");
    expect(hasLetter("李")).toBe(true);
    expect(hasLetter("123 🚗")).toBe(false);
    const name = nameText(100, "nameTooLong");
    expect(name.parse("  Zoë 🚗 ")).toBe("Zoë 🚗");
    expect(name.safeParse("\u200b\u202e").error?.issues.map((issue) => issue.message)).toEqual(["required"]);
    expect(name.safeParse("123").error?.issues.map((issue) => issue.message)).toEqual(["nameNeedsLetter"]);
    expect(name.safeParse("a".repeat(101)).error?.issues.map((issue) => issue.message)).toEqual(["nameTooLong"]);
  });

  it("free text is trimmed and bounded", () => {
    const comment = freeText(5, "descriptionTooLong1000");
    expect(comment.parse(" hola\u202e ")).toBe("hola");
    expect(comment.safeParse("demasiado").success).toBe(false);
  });
});
