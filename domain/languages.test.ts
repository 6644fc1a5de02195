import { describe, expect, it } from "vitest";
import { isLanguage, languageFromHeader } from "./languages";

describe("languageFromHeader", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["es", "es"],
    ["en", "en"],
    ["es-DO,es;q=0.9,en;q=0.8", "es"],
    ["ES-do", "es"],
    ["fr-FR, en-US;q=0.8", "en"],
    ["fr-FR,  es;q=0.5", "es"],
    ["de, fr", "en"],
  ])("%j -> %j", (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe("isLanguage", () => {
  it("knows es and en only", () => {
    expect(isLanguage("es")).toBe(true);
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("fr")).toBe(false);
    expect(isLanguage("")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
