import { describe, expect, it } from "vitest";
import { z } from "zod";
import { storedTranslations, switchedLanguage, translated, translationsFieldSchema } from "./translations";

const name = z.string().trim().min(1, "required").max(10, "tooLong");

describe("owner texts in two languages (issue 24.3)", () => {
  it("shows the translation in its language, the stored text in the other, and either when one is empty", () => {
    const translations = { en: { name: "Baby seat" } };
    expect(translated("Silla de bebé", translations, "name", "en")).toBe("Baby seat");
    expect(translated("Silla de bebé", translations, "name", "es")).toBe("Silla de bebé");
    expect(translated("Silla de bebé", {}, "name", "en")).toBe("Silla de bebé");
    expect(translated("Silla de bebé", null, "name", "en")).toBe("Silla de bebé");
    expect(translated("", translations, "name", "es")).toBe("Baby seat");
    expect(translated("", {}, "name", "es")).toBe("");
  });

  it("reads JSON text or an object, drops empty texts and checks each as its field", () => {
    const schema = translationsFieldSchema({ name });
    expect(schema.parse('{"en":{"name":" Baby seat "}}')).toEqual({ en: { name: "Baby seat" } });
    expect(schema.parse({ en: { name: "  " }, es: {} })).toEqual({});
    expect(schema.parse("")).toEqual({});
    const tooLong = schema.safeParse({ en: { name: "A very long name" } });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]).toMatchObject({ message: "tooLong", path: ["en", "name"] });
    for (const bad of ["{", '{"fr":{"name":"x"}}', '{"en":{"other":"x"}}', '{"en":"x"}', "[1]", 5]) {
      const parsed = schema.safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("translationsInvalid");
    }
  });

  it("keeps only the languages other than the landing's", () => {
    expect(storedTranslations({ es: { name: "Silla" }, en: { name: "Seat" } }, "es")).toEqual({ en: { name: "Seat" } });
    expect(storedTranslations({ es: { name: "Silla" } }, "es")).toEqual({});
    expect(storedTranslations(undefined, "en")).toEqual({});
  });

  it("a new default language takes its translations as the stored texts and keeps the old ones as translations", () => {
    const switched = switchedLanguage(
      { meta_title: "Autos en Punta Cana", og_title: "Solo español" },
      { en: { meta_title: "Cars in Punta Cana" } },
      "es",
      "en",
    );
    expect(switched).toEqual({
      texts: { meta_title: "Cars in Punta Cana", og_title: "Solo español" },
      translations: { es: { meta_title: "Autos en Punta Cana" } },
    });
    expect(switchedLanguage({ name: "Seat" }, { en: { name: "x" } }, "en", "en")).toEqual({
      texts: { name: "Seat" },
      translations: { en: { name: "x" } },
    });
  });
});
