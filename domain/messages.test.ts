import { describe, expect, it } from "vitest";
import { counterMessages } from "./counter-messages";
import { customerMessages } from "./customer-messages";
import { apiMessages, isApiMessageKey, translate } from "./messages";
import { paymentMessages } from "./payment-messages";
import { ruleMessages } from "./rule-messages";

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("apiMessages", () => {
  it("has every key in both languages, with text and the same {{placeholders}}", () => {
    const es: Record<string, string> = apiMessages.es;
    const en: Record<string, string> = apiMessages.en;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(en[key]?.trim(), `en.${key}`).not.toBe("");
      expect(es[key]?.trim(), `es.${key}`).not.toBe("");
      expect(placeholders(es[key] ?? ""), `placeholders of ${key}`).toEqual(placeholders(en[key] ?? ""));
    }
  });

  it("keeps each key in one catalogue: a key written twice would show one text where the other was meant", () => {
    // The catalogues are spread into one; the same key in two of them (the agreement's 8,000-character
    // terms beside the booking conditions' 5,000) leaves only the last text, silently.
    const parts = { ruleMessages, paymentMessages, counterMessages, customerMessages };
    const homes = new Map<string, string[]>();
    for (const [name, part] of Object.entries(parts)) {
      for (const key of Object.keys(part.es)) homes.set(key, [...(homes.get(key) ?? []), name]);
    }
    expect([...homes].filter(([, names]) => names.length > 1)).toEqual([]);
    for (const [name, part] of Object.entries(parts)) {
      for (const [key, text] of Object.entries(part.es)) {
        expect((apiMessages.es as Record<string, string>)[key], `${name}.${key}`).toBe(text);
      }
    }
  });
});

describe("isApiMessageKey", () => {
  it("accepts the catalogue's own keys, not inherited properties", () => {
    expect(isApiMessageKey("required")).toBe(true);
    expect(isApiMessageKey("notAKey")).toBe(false);
    expect(isApiMessageKey("toString")).toBe(false);
    expect(isApiMessageKey("")).toBe(false);
  });
});

describe("translate", () => {
  it("writes numbers as the dashboard does (es-DO, en-US), in the text and in what fills it", () => {
    expect(translate("es", "odometerBelowOut", { km: 12_345 })).toBe(
      "Los kilómetros a la devolución no pueden ser menos que a la entrega (12,345 km).",
    );
    expect(translate("en", "odometerBelowOut", { km: 12_345 })).toBe(
      "The kilometres at return cannot be fewer than at check-out (12,345 km).",
    );
    expect(translate("es", "odometerRange")).toContain("de 0 a 9,999,999.");
    expect(translate("en", "odometerRange")).toContain("from 0 to 9,999,999.");
    // No Spanish thousands' dot left in a message, outside the hint that shows both ways of writing money.
    for (const [key, text] of Object.entries(apiMessages.es)) {
      if (key !== "priceAmbiguous") expect(text, key).not.toMatch(/\d\.\d{3}\b/);
    }
  });

  it("answers in the language asked", () => {
    expect(translate("es", "notFound")).toBe("No encontrado.");
    expect(translate("en", "notFound")).toBe("Not found.");
  });

  it("fills every placeholder, and leaves an unknown one empty", () => {
    expect(translate("en", "imageTooLarge", { max: 5 })).toBe(apiMessages.en.imageTooLarge.replace("{{max}}", "5"));
    expect(translate("es", "tooManyAttempts", { minutes: 15 })).toContain(" 15 ");
    expect(translate("es", "tooManyAttempts")).not.toContain("{{");
    expect(translate("en", "tooManyAttempts", { other: 1 })).toBe(
      apiMessages.en.tooManyAttempts.replace("{{minutes}}", ""),
    );
  });
});
