import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { locationInputSchema } from "./locations";
import { featureLabel } from "./vehicle-options";
import {
  CAR_TYPES,
  carTypeLabel,
  isAutomaticTransmission,
  keptUnitLabels,
  repeatedUnitLabels,
  specialFeatureInputSchema,
  TRANSMISSIONS,
  transmissionLabel,
  VEHICLE_FEATURES_MAX,
  vehicleFieldsSchema,
  vehicleUpdateSchema,
} from "./vehicles";

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

const vehicle = {
  name: "Toyota Corolla",
  description: "Cómodo y económico",
  price: "45",
  luggage: "2",
  people: "5",
  type_of_car: "sedan",
  transmision: "automatic",
};

describe("labels", () => {
  it("names car types and transmissions in each language, and shows an unknown code as it is", () => {
    expect(Object.keys(CAR_TYPES)).toHaveLength(17);
    expect(Object.keys(TRANSMISSIONS)).toHaveLength(8);
    expect(carTypeLabel("sedan", "es")).toBe("Sedán");
    expect(carTypeLabel("sports", "en")).toBe("Sports car");
    expect(carTypeLabel("boat", "es")).toBe("boat");
    expect(transmissionLabel("automatic", "es")).toBe("Automática");
    expect(transmissionLabel("semi_automatic", "en")).toBe("Semi-automatic");
    expect(transmissionLabel("warp", "en")).toBe("warp");
    expect(carTypeLabel("toString", "en")).toBe("toString");
  });

  it("shows a feature's lowercase name with a capital first letter only (issue 25.19)", () => {
    expect(featureLabel("color")).toBe("Color");
    expect(featureLabel("número de puertas")).toBe("Número de puertas");
    expect(featureLabel("ñandú")).toBe("Ñandú");
    expect(featureLabel("")).toBe("");
  });

  it("calls every transmission but the manual one automatic", () => {
    expect(isAutomaticTransmission("manual")).toBe(false);
    for (const code of Object.keys(TRANSMISSIONS).filter((code) => code !== "manual")) {
      expect(isAutomaticTransmission(code), code).toBe(true);
    }
  });
});

describe("vehicleFieldsSchema", () => {
  it("reads a form's text fields into typed values with their defaults", () => {
    expect(vehicleFieldsSchema.parse({ ...vehicle, name: "  Toyota Corolla  " })).toEqual({
      ...vehicle,
      price: 4500,
      luggage: 2,
      people: 5,
      brand: "",
      commissions: 0,
      units: 1,
      bluetooth: false,
      siriusxm: false,
      gps: false,
      automatic: false,
      apple_car: false,
      features: [],
      translations: {},
      unit_labels: [],
    });
  });

  it.each([
    [true, true],
    [1, true],
    ["1", true],
    ["true", true],
    ["on", true],
    [false, false],
    [0, false],
    ["0", false],
    ["false", false],
    ["off", false],
    ["", false],
    [2, false],
    ["yes", false],
  ])("reads the flag %j as %j", (value, flag) => {
    expect(vehicleFieldsSchema.parse({ ...vehicle, gps: value }).gps).toBe(flag);
  });

  it("bounds each field, with its own message", () => {
    expect(problems(vehicleFieldsSchema, { ...vehicle, name: " " })).toEqual({ name: ["required"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, name: "a".repeat(101) })).toEqual({
      name: ["vehicleNameTooLong"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, description: "a".repeat(256) })).toEqual({
      description: ["descriptionTooLong"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, price: "" })).toEqual({ price: ["priceRequired"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, price: "0" })).toEqual({ price: ["pricePositive"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, price: "abc" })).toEqual({ price: ["pricePositive"] });
    expect(vehicleFieldsSchema.parse({ ...vehicle, price: "100000" }).price).toBe(10_000_000);
    expect(problems(vehicleFieldsSchema, { ...vehicle, price: "100000.01" })).toEqual({
      price: ["vehiclePriceTooHigh"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, luggage: "0" })).toEqual({ luggage: ["capacityRange"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, people: "11" })).toEqual({ people: ["capacityRange"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, people: "2.5" })).toEqual({ people: ["capacityRange"] });
    expect(vehicleFieldsSchema.parse({ ...vehicle, luggage: "1", people: "10" })).toMatchObject({
      luggage: 1,
      people: 10,
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, type_of_car: "boat" })).toEqual({
      type_of_car: ["carTypeInvalid"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, transmision: "warp" })).toEqual({
      transmision: ["transmissionInvalid"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, brand: "a".repeat(61) })).toEqual({ brand: ["brandTooLong"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, units: "0" })).toEqual({ units: ["unitsRange"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, units: "1001" })).toEqual({ units: ["unitsRange"] });
    expect(vehicleFieldsSchema.parse({ ...vehicle, units: "1000", commissions: "2,50" })).toMatchObject({
      units: 1000,
      commissions: 250,
    });
    expect(vehicleFieldsSchema.parse({ ...vehicle, commissions: "" }).commissions).toBe(0);
    expect(problems(vehicleFieldsSchema, { ...vehicle, commissions: "-1" })).toEqual({
      commissions: ["priceInvalid"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, commissions: "100000.01" })).toEqual({
      commissions: ["amountTooHigh"],
    });
  });

  it("reads features as a JSON list or an array, lowercasing their names", () => {
    const features = [{ name: " Color ", value: " Rojo " }];
    expect(vehicleFieldsSchema.parse({ ...vehicle, features: JSON.stringify(features) }).features).toEqual([
      { name: "color", value: "Rojo" },
    ]);
    expect(vehicleFieldsSchema.parse({ ...vehicle, features }).features).toEqual([{ name: "color", value: "Rojo" }]);
    expect(vehicleFieldsSchema.parse({ ...vehicle, features: "" }).features).toEqual([]);
    const most = Array.from({ length: VEHICLE_FEATURES_MAX }, (_, i) => ({ name: `f${i}`, value: "v" }));
    expect(vehicleFieldsSchema.parse({ ...vehicle, features: most }).features).toHaveLength(VEHICLE_FEATURES_MAX);
  });

  it("refuses features that are not a list of name and value", () => {
    expect(problems(vehicleFieldsSchema, { ...vehicle, features: "[{" })).toEqual({ features: ["specsInvalid"] });
    expect(problems(vehicleFieldsSchema, { ...vehicle, features: '{"name":"a"}' })).toEqual({
      features: ["specsInvalid"],
    });
    const tooMany = Array.from({ length: VEHICLE_FEATURES_MAX + 1 }, (_, i) => ({ name: `f${i}`, value: "v" }));
    expect(problems(vehicleFieldsSchema, { ...vehicle, features: tooMany })).toEqual({
      features: ["specsInvalid"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, features: [{ name: " ", value: "v" }] })).toEqual({
      "features.0.name": ["specIncomplete"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, features: [{ name: "a".repeat(41), value: "v" }] })).toEqual({
      "features.0.name": ["specTooLong"],
    });
    expect(problems(vehicleFieldsSchema, { ...vehicle, features: [{ name: "a", value: "v".repeat(81) }] })).toEqual({
      "features.0.value": ["specTooLong"],
    });
  });

  it("needs the version on an update", () => {
    expect(problems(vehicleUpdateSchema, vehicle)).toEqual({ version: ["versionRequired"] });
    expect(vehicleUpdateSchema.parse({ ...vehicle, version: "2" }).version).toBe(2);
  });
});

describe("specialFeatureInputSchema and locationInputSchema", () => {
  it("trim and bound their texts", () => {
    expect(specialFeatureInputSchema.parse({ name: " Wifi ", description: " A bordo " })).toEqual({
      name: "Wifi",
      description: "A bordo",
      translations: {},
    });
    // The other language's words, checked as the feature's own; blank ones are dropped.
    expect(
      specialFeatureInputSchema.parse({
        name: "Wifi",
        description: "A bordo",
        translations: { en: { name: " On-board wifi ", description: "" } },
      }).translations,
    ).toEqual({ en: { name: "On-board wifi" } });
    expect(
      problems(specialFeatureInputSchema, {
        name: "Wifi",
        description: "A bordo",
        translations: { en: { name: "a".repeat(41) } },
      }),
    ).toEqual({ "translations.en.name": ["featureTooLong"] });
    expect(problems(specialFeatureInputSchema, { name: "a".repeat(41), description: " " })).toEqual({
      name: ["featureTooLong"],
      description: ["featureIncomplete"],
    });
    expect(problems(specialFeatureInputSchema, { name: "Wifi", description: "a".repeat(256) })).toEqual({
      description: ["descriptionTooLong"],
    });
    expect(locationInputSchema.parse({ place_of_departure: " SDQ ", arrival_place: "PUJ" })).toEqual({
      place_of_departure: "SDQ",
      arrival_place: "PUJ",
    });
    expect(problems(locationInputSchema, { place_of_departure: "", arrival_place: "a".repeat(121) })).toEqual({
      place_of_departure: ["required"],
      arrival_place: ["placeTooLong"],
    });
  });
});

describe("unit labels (issue 25.22)", () => {
  it("keeps one label per unit at most, without the blanks at the end", () => {
    expect(keptUnitLabels(["A1", "", "B2", "C3"], 3)).toEqual(["A1", "", "B2"]);
    expect(keptUnitLabels(["A1", "", ""], 3)).toEqual(["A1"]);
    expect(keptUnitLabels(["A1"], 0)).toEqual([]);
  });

  it("names each repeat of an earlier unit's label, case and spaces aside, blanks never", () => {
    expect(repeatedUnitLabels(["A1", "", " a1 ", "", "B2", "A1"])).toEqual([2, 5]);
  });

  it("refuses a repeat where it is, in the schema", () => {
    const parsed = vehicleFieldsSchema.safeParse({ ...vehicle, units: "3", unit_labels: '["X1","Y2","x1"]' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["unit_labels.2", "unitLabelTaken"],
    ]);
  });
});
