import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  addonsFieldSchema,
  colorSchema,
  currencySchema,
  displayNameSchema,
  LANDING_NAME_MAX,
  landingCreateSchema,
  landingMetaSchema,
  landingNameProblem,
  landingNameSchema,
  landingStatusSchema,
  landingUpdateSchema,
  normalizeRobots,
  priceSchema,
  taxRateSchema,
  timeZoneSchema,
} from "./landings";

/** The messages of a failed parse, by field path ("" for the value itself). */
function problems(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join(".");
    byPath[path] = [...(byPath[path] ?? []), issue.message];
  }
  return byPath;
}

const colors = { color_primary: "#1d4ed8", color_secondary: "#f59e0b", default_language: "es" };

describe("normalizeRobots", () => {
  it.each([
    ["index, follow", "index, follow"],
    ["index,follow", "index, follow"],
    ["INDEX, FOLLOW", "index, follow"],
    ["noindex nofollow", "noindex, nofollow"],
    ["follow, index", "index, follow"],
    ["nofollow;noindex", "noindex, nofollow"],
    [" , noindex,, follow ", "noindex, follow"],
    ["index, nofollow", "index, nofollow"],
    ["all", "index, follow"],
    ["ALL", "index, follow"],
    ["none", "noindex, nofollow"],
  ])("%j -> %j", (text, robots) => {
    expect(normalizeRobots(text)).toBe(robots);
  });

  it.each([
    [""],
    ["index"],
    ["follow"],
    ["index, index"],
    ["follow, nofollow"],
    ["index, follow, index"],
    ["index, follow, all"],
    ["all, none"],
    ["all all"],
    ["none, follow"],
    ["index, archive"],
    ["indexfollow"],
  ])("refuses %j", (text) => {
    expect(normalizeRobots(text)).toBeNull();
  });
});

describe("landingNameProblem", () => {
  it.each([
    ["", "required"],
    ["   ", "required"],
    ["a".repeat(LANDING_NAME_MAX + 1), "landingNameTooLong"],
    [`  ${"a".repeat(LANDING_NAME_MAX)}  `, null],
    ["!!!", "landingNameInvalid"],
    ["🚗", "landingNameInvalid"],
    ["api", "landingNameReserved"],
    ["Landings", "landingNameReserved"],
    ["User Config", "landingNameReserved"],
    ["robots.txt", null],
    ["Rent a Car", null],
  ])("%j -> %j", (name, problem) => {
    expect(landingNameProblem(name)).toBe(problem);
  });
});

describe("landingNameSchema", () => {
  it("answers the slug of a good name and the problem of a bad one", () => {
    expect(landingNameSchema.parse("  Rent a Car Ñandú ")).toBe("rent-a-car-nandu");
    expect(problems(landingNameSchema, "storage")).toEqual({ "": ["landingNameReserved"] });
    expect(problems(landingNameSchema, "")).toEqual({ "": ["required"] });
    expect(problems(landingNameSchema, 12)).toEqual({ "": ["required"] });
  });
});

describe("displayNameSchema", () => {
  it("keeps the name as typed, trimmed, up to 60 characters, without control characters", () => {
    expect(displayNameSchema.parse("  Autos Peña & Hijos  ")).toBe("Autos Peña & Hijos");
    expect(displayNameSchema.parse("a".repeat(60))).toBe("a".repeat(60));
    expect(problems(displayNameSchema, "a".repeat(61))).toEqual({ "": ["displayNameTooLong"] });
    expect(problems(displayNameSchema, "   ")).toEqual({ "": ["required"] });
    expect(problems(displayNameSchema, "Autos\u0007Peña")).toEqual({ "": ["invalid"] });
    expect(problems(displayNameSchema, "Autos\nPeña")).toEqual({ "": ["invalid"] });
  });
});

describe("landingCreateSchema", () => {
  it("derives the slug from the display name", () => {
    expect(landingCreateSchema.parse({ ...colors, display_name: "Autos Año Nuevo" })).toMatchObject({
      display_name: "Autos Año Nuevo",
      name: "autos-ano-nuevo",
    });
    expect(
      landingCreateSchema.parse({ ...colors, display_name: "Transportes y Alquileres del Cibao Norte SRL" }).name,
    ).toBe("transportes-y-alquileres-del-cibao");
  });

  it("takes a name sent alone as the display name, and slugifies it", () => {
    expect(landingCreateSchema.parse({ ...colors, name: "Rent a Car" })).toMatchObject({
      display_name: "Rent a Car",
      name: "rent-a-car",
    });
    expect(landingCreateSchema.parse({ ...colors, name: "  Rent a Car  " }).display_name).toBe("Rent a Car");
  });

  it("keeps a typed slug beside the display name", () => {
    expect(landingCreateSchema.parse({ ...colors, display_name: "Autos & Co", name: "Autos RD" })).toMatchObject({
      display_name: "Autos & Co",
      name: "autos-rd",
    });
    expect(landingCreateSchema.parse({ ...colors, display_name: "Autos & Co", name: "   " }).name).toBe("autos-co");
  });

  it("says which field is wrong", () => {
    expect(problems(landingCreateSchema, { ...colors })).toEqual({ display_name: ["required"] });
    expect(problems(landingCreateSchema, { ...colors, display_name: "🚗🚕" })).toEqual({
      name: ["landingNameInvalid"],
    });
    expect(problems(landingCreateSchema, { ...colors, display_name: "Autos", name: "api" })).toEqual({
      name: ["landingNameReserved"],
    });
    expect(problems(landingCreateSchema, { ...colors, display_name: "API" })).toEqual({
      name: ["landingNameReserved"],
    });
    expect(problems(landingCreateSchema, { ...colors, name: "a".repeat(36) })).toEqual({
      name: ["landingNameTooLong"],
    });
  });
});

describe("colorSchema", () => {
  it("takes six hex digits after #, lowercased", () => {
    expect(colorSchema.parse(" #1D4ED8 ")).toBe("#1d4ed8");
    for (const bad of ["1d4ed8", "#1d4ed", "#1d4ed8f", "#gggggg", "x#1d4ed8", "#1d4ed8x"]) {
      expect(problems(colorSchema, bad), bad).toEqual({ "": ["colorInvalid"] });
    }
    expect(problems(colorSchema, " ")).toEqual({ "": ["required"] });
  });
});

describe("timeZoneSchema and currencySchema", () => {
  it("accept what Intl knows", () => {
    expect(timeZoneSchema.parse("America/Santo_Domingo")).toBe("America/Santo_Domingo");
    expect(timeZoneSchema.parse("UTC")).toBe("UTC");
    expect(problems(timeZoneSchema, "Mars/Olympus_Mons")).toEqual({ "": ["timeZoneInvalid"] });
    expect(currencySchema.parse(" dop ")).toBe("DOP");
    expect(problems(currencySchema, "ZZZZ")).toEqual({ "": ["currencyInvalid"] });
  });
});

describe("taxRateSchema", () => {
  it.each([
    ["18", 1800],
    ["18.5", 1850],
    [7.25, 725],
    ["0", 0],
    ["100", 10000],
  ])("%j percent -> %j basis points", (percent, basisPoints) => {
    expect(taxRateSchema.parse(percent)).toBe(basisPoints);
  });

  it.each([["-1"], ["100.5"], ["abc"]])("refuses %j", (percent) => {
    expect(problems(taxRateSchema, percent)).toEqual({ "": ["taxRateInvalid"] });
  });
});

describe("priceSchema", () => {
  it("reads add-on prices as typed, up to 10,000.00", () => {
    expect(priceSchema.parse("12,50")).toBe(1250);
    expect(priceSchema.parse("0")).toBe(0);
    expect(priceSchema.parse("10000")).toBe(1_000_000);
    expect(problems(priceSchema, "10000.01")).toEqual({ "": ["addonPriceTooHigh"] });
    expect(problems(priceSchema, "")).toEqual({ "": ["priceInvalid"] });
    expect(problems(priceSchema, "1,250")).toEqual({ "": ["priceAmbiguous"] });
  });
});

describe("addonsFieldSchema", () => {
  it("reads a JSON list of add-ons", () => {
    // Without a kind or a maximum (older clients): "other", up to 20.
    expect(addonsFieldSchema.parse('[{"name":" Silla de bebé ","price":"12"}]')).toEqual([
      { name: "Silla de bebé", price: 1200, kind: "other", max_quantity: 20, translations: {} },
    ]);
    // A coverage is taken once, whatever maximum is sent.
    expect(addonsFieldSchema.parse('[{"name":"Seguro","price":"9","kind":"coverage","max_quantity":"5"}]')).toEqual([
      { name: "Seguro", price: 900, kind: "coverage", max_quantity: 1, translations: {} },
    ]);
    expect(addonsFieldSchema.parse("[]")).toEqual([]);
    const ten = JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ name: `Extra ${i}`, price: 1 })));
    expect(addonsFieldSchema.parse(ten)).toHaveLength(10);
  });

  it("refuses what is not one", () => {
    expect(problems(addonsFieldSchema, "not json")).toEqual({ "": ["addonsInvalid"] });
    expect(problems(addonsFieldSchema, "{}")).toEqual({ "": ["addonsInvalid"] });
    const eleven = JSON.stringify(Array.from({ length: 11 }, (_, i) => ({ name: `Extra ${i}`, price: 1 })));
    expect(problems(addonsFieldSchema, eleven)).toEqual({ "": ["addonsTooMany"] });
    expect(problems(addonsFieldSchema, JSON.stringify([{ name: "a".repeat(61), price: 1 }]))).toEqual({
      "0.name": ["addonNameTooLong"],
    });
    expect(problems(addonsFieldSchema, JSON.stringify([{ name: " ", price: 1 }]))).toEqual({
      "0.name": ["required"],
    });
  });
});

describe("landingUpdateSchema", () => {
  it("needs the version the form loaded", () => {
    expect(problems(landingUpdateSchema, { ...colors })).toEqual({ version: ["versionRequired"] });
    expect(problems(landingUpdateSchema, { ...colors, version: "0" })).toEqual({ version: ["versionRequired"] });
    expect(landingUpdateSchema.parse({ ...colors, version: "3", name: "Rent a Car" })).toMatchObject({
      version: 3,
      name: "rent-a-car",
    });
  });
});

describe("landingMetaSchema", () => {
  const meta = { version: 1, meta_title: "Rent", meta_description: "Cars", og_description: "Cars" };

  it("defaults the robots directive and normalizes it", () => {
    expect(landingMetaSchema.parse(meta)).toMatchObject({
      robots: "index, follow",
      meta_keywords: "",
      og_title: "",
      canonical_url: "",
    });
    expect(landingMetaSchema.parse({ ...meta, robots: "  " }).robots).toBe("index, follow");
    expect(landingMetaSchema.parse({ ...meta, robots: "NOINDEX,NOFOLLOW" }).robots).toBe("noindex, nofollow");
    expect(problems(landingMetaSchema, { ...meta, robots: "noindex" })).toEqual({ robots: ["robotsInvalid"] });
  });

  it("takes an http(s) canonical URL or none", () => {
    expect(landingMetaSchema.parse({ ...meta, canonical_url: " https://rent.example.com/a " }).canonical_url).toBe(
      "https://rent.example.com/a",
    );
    expect(landingMetaSchema.parse({ ...meta, canonical_url: "HTTP://rent.example.com" }).canonical_url).toBe(
      "HTTP://rent.example.com",
    );
    for (const bad of ["ftp://rent.example.com", "https://", "https://rent example.com", "rent.example.com"]) {
      expect(problems(landingMetaSchema, { ...meta, canonical_url: bad }), bad).toEqual({
        canonical_url: ["urlInvalid"],
      });
    }
  });

  it("bounds each text", () => {
    expect(problems(landingMetaSchema, { ...meta, meta_title: "a".repeat(121) })).toEqual({
      meta_title: ["seoTitleTooLong"],
    });
    expect(problems(landingMetaSchema, { ...meta, meta_description: " " })).toEqual({
      meta_description: ["required"],
    });
    expect(problems(landingMetaSchema, { ...meta, og_description: "a".repeat(321) })).toEqual({
      og_description: ["seoDescriptionTooLong"],
    });
    expect(problems(landingMetaSchema, { ...meta, meta_keywords: "a".repeat(256) })).toEqual({
      meta_keywords: ["seoKeywordsTooLong"],
    });
  });
});

describe("landingStatusSchema", () => {
  it("publishes when no status is sent", () => {
    expect(landingStatusSchema.parse({ landing_id: "4" })).toEqual({ landing_id: 4, status: "published" });
    expect(landingStatusSchema.parse({ landing_id: 4, status: "draft", user_id: "2" })).toEqual({
      landing_id: 4,
      user_id: 2,
      status: "draft",
    });
    expect(problems(landingStatusSchema, { landing_id: 4, status: "archived" })).toEqual({ status: ["invalid"] });
    expect(problems(landingStatusSchema, { landing_id: "0" })).toEqual({ landing_id: ["invalid"] });
    expect(problems(landingStatusSchema, { landing_id: "1.5" })).toEqual({ landing_id: ["invalid"] });
  });
});
