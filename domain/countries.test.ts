import { describe, expect, it } from "vitest";
import { checkOutSchema } from "./counter";
import { COUNTRY_CODES, countryOptions, isCountryCode } from "./countries";
import { LANGUAGES } from "./languages";

describe("the licence's issuing countries", () => {
  it("are the 249 current ISO 3166-1 countries, each named once, sorted by name in the reader's language", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    for (const language of LANGUAGES) {
      const options = countryOptions(language);
      // Each language's table names every code, and no other.
      expect(options.map((option) => option.value).sort(), language).toEqual(COUNTRY_CODES);
      const labels = options.map((option) => option.label);
      expect(new Set(labels).size, language).toBe(labels.length);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, language)));
      for (const code of ["DO", "US", "ES", "DE", "RS", "YE", "VN", "XK"].filter(isCountryCode)) {
        expect(options.some((option) => option.value === code)).toBe(true);
      }
    }
    const spanish = countryOptions("es").map((option) => option.label);
    expect(spanish).toContain("República Dominicana");
    expect(spanish.filter((label) => label === "Alemania")).toHaveLength(1);
    expect(spanish.filter((label) => label === "Serbia")).toHaveLength(1);
    for (const notACountry of ["Pseudoacentos", "Pseudobidi", "Región desconocida", "Unión Europea", "zona del euro"]) {
      expect(spanish).not.toContain(notACountry);
    }
    expect(spanish).not.toContain("Naciones Unidas");
  });

  it("are what the server accepts: never a withdrawn code, a grouping or a pseudo-region", () => {
    for (const code of ["DO", "US", "ES", "RS", "CW"]) expect(isCountryCode(code)).toBe(true);
    for (const code of ["CS", "YU", "AN", "DD", "SU", "EU", "EZ", "UN", "XA", "XB", "ZZ", "QO", "UK", "do"]) {
      expect(isCountryCode(code), code).toBe(false);
    }
    const driver = {
      name: "Ana",
      licence_number: "L-1",
      licence_country: "cs",
      licence_expiry: "2035-01-31",
      birth_date: "1988-06-15",
    };
    const refused = checkOutSchema.safeParse({ odometer_km: 1, fuel_eighths: 0, drivers: [driver] });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["drivers.0.licence_country", "licenceCountryInvalid"],
    ]);
  });

  it("still show a code entered before that is no longer in the list, by its code, last", () => {
    const options = countryOptions("es", ["AN", "DO", "", "AN"]);
    expect(options.at(-1)).toEqual({ value: "AN", label: "AN" });
    expect(options).toHaveLength(250);
  });

  // A table, not the runtime's Intl: web/public/render-express.test.tsx renders them with another ICU.
  it("are named as the CLDR names them, as the agreement's PDF prints them on the server", () => {
    expect(countryOptions("en").find((option) => option.value === "HK")?.label).toBe("Hong Kong SAR China");
    expect(countryOptions("es").find((option) => option.value === "PS")?.label).toBe("Territorios Palestinos");
  });
});
