import { z } from "zod";
import type { ApiMessageKey } from "./messages";
import { moneyField } from "./money-field";
import { wholeNumberInput } from "./number-input";
import { withoutDirectionControls } from "./plain-text";
import { vehicleRulesSchema } from "./rental-rules-schemas";
import {
  translationsFieldSchema,
  translationsSchema,
  translationsViewSchema,
  untranslatedSchema,
} from "./translations";
import { CAR_TYPES, type CarType, TRANSMISSIONS, type Transmission } from "./vehicle-options";
import { versionField } from "./version";

export const VEHICLE_IMAGES_MAX = 12;
export const VEHICLE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** All images of one request together: 12 photos of up to 10 MB would be too much to buffer. */
export const VEHICLE_IMAGES_REQUEST_MAX_BYTES = 60 * 1024 * 1024;
/** Widths of the responsive WebP variants of each vehicle photo. */
export const VEHICLE_IMAGE_WIDTHS = [480, 960, 1600] as const;

/**
 * A vehicle's equipment switches, in the owner's form's order. "Automático" is not one: it follows
 * from the transmission (isAutomaticTransmission).
 */
export const VEHICLE_EQUIPMENT = ["bluetooth", "siriusxm", "gps", "apple_car"] as const;
export const VEHICLE_DESCRIPTION_MAX = 255;
export const VEHICLE_NAME_MAX = 100;
export const VEHICLE_PRICE_MAX = 100_000;
export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 10;
export const UNITS_MAX = 1000;
/** A unit's plate or name (issue 25.22): "A123456", "Blanco 2". */
export const UNIT_LABEL_MAX = 30;
export const FEATURE_NAME_MAX = 40;
export const FEATURE_VALUE_MAX = 80;
export const VEHICLE_FEATURES_MAX = 20;

export {
  CAR_TYPES,
  type CarType,
  carTypeLabel,
  isAutomaticTransmission,
  TRANSMISSIONS,
  type Transmission,
  transmissionLabel,
} from "./vehicle-options";

const m = (key: ApiMessageKey) => key;
const CAR_TYPE_CODES = Object.keys(CAR_TYPES) as [CarType, ...CarType[]];
const TRANSMISSION_CODES = Object.keys(TRANSMISSIONS) as [Transmission, ...Transmission[]];

/** Form booleans arrive as 1/0 (SPEC §5); true/false and on/off are accepted too. */
const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((value) => value === true || value === 1 || value === "1" || value === "true" || value === "on");

const wholeNumber = (min: number, max: number, message: ApiMessageKey) => wholeNumberInput(min, max, m(message));

export const vehicleFeatureSchema = z.object({
  name: z
    .string(m("specIncomplete"))
    .trim()
    .min(1, m("specIncomplete"))
    .max(FEATURE_NAME_MAX, m("specTooLong"))
    .transform((name) => name.toLowerCase()),
  value: z.string(m("specIncomplete")).trim().min(1, m("specIncomplete")).max(FEATURE_VALUE_MAX, m("specTooLong")),
});

/** Features arrive as a JSON array in a form field (or as an array in a JSON body). */
const featuresField = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return [];
    if (Array.isArray(value)) return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: m("specsInvalid") });
      return z.NEVER;
    }
  })
  .pipe(z.array(vehicleFeatureSchema, m("specsInvalid")).max(VEHICLE_FEATURES_MAX, m("specsInvalid")));

const descriptionText = z.string().trim().max(VEHICLE_DESCRIPTION_MAX, m("descriptionTooLong"));

/** Each unit's plate or name, unit 1 first ("" for none): a JSON array in a form field, or an array. */
const unitLabelsField = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return [];
    if (Array.isArray(value)) return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: m("unitLabelsInvalid") });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z
          .string(m("unitLabelsInvalid"))
          .transform(withoutDirectionControls)
          .pipe(z.string().trim().max(UNIT_LABEL_MAX, m("unitLabelTooLong"))),
        m("unitLabelsInvalid"),
      )
      .max(UNITS_MAX, m("unitLabelsInvalid")),
  );

/**
 * The labels a vehicle keeps: one per unit at most (those of units it no longer has are dropped),
 * without the blanks at the end.
 */
export function keptUnitLabels(labels: readonly string[], units: number): string[] {
  const kept = labels.slice(0, units);
  while (kept.length > 0 && kept[kept.length - 1] === "") kept.pop();
  return kept;
}

/** The index of each label that repeats an earlier unit's (case and spaces aside). */
export function repeatedUnitLabels(labels: readonly string[]): number[] {
  const seen = new Set<string>();
  return labels.flatMap((label, index) => {
    const key = label.trim().toLocaleLowerCase();
    if (key === "") return [];
    if (seen.has(key)) return [index];
    seen.add(key);
    return [];
  });
}

/** A unit's label, else its number: what the planner's lanes and the detail show. */
export const unitName = (labels: readonly string[], unit: number) => labels[unit - 1]?.trim() || null;

/** The fields of POST /vehicle without the rule across them (`withUnitLabelRule`); images travel as files. */
export const vehicleFieldsObject = z.object({
  name: z
    .string(m("required"))
    .trim()
    .min(1, { error: m("required"), abort: true })
    .max(VEHICLE_NAME_MAX, m("vehicleNameTooLong")),
  description: z
    .string(m("required"))
    .trim()
    .min(1, { error: m("required"), abort: true })
    .max(VEHICLE_DESCRIPTION_MAX, m("descriptionTooLong")),
  price: moneyField({
    required: "priceRequired",
    invalid: "pricePositive",
    positive: true,
    maxCents: VEHICLE_PRICE_MAX * 100,
    // The limit said, not only "too high" (VEHICLE_PRICE_MAX).
    tooHigh: "vehiclePriceTooHigh",
  }),
  luggage: wholeNumber(CAPACITY_MIN, CAPACITY_MAX, "capacityRange"),
  people: wholeNumber(CAPACITY_MIN, CAPACITY_MAX, "capacityRange"),
  type_of_car: z.enum(CAR_TYPE_CODES, m("carTypeInvalid")),
  transmision: z.enum(TRANSMISSION_CODES, m("transmissionInvalid")),
  brand: z.string().trim().max(60, m("brandTooLong")).optional().default(""),
  commissions: moneyField({ invalid: "priceInvalid", maxCents: VEHICLE_PRICE_MAX * 100, tooHigh: "amountTooHigh" })
    .optional()
    .default(0),
  units: wholeNumber(1, UNITS_MAX, "unitsRange").optional().default(1),
  bluetooth: flag,
  siriusxm: flag,
  gps: flag,
  /** Ignored by the server, which derives it from `transmision` (isAutomaticTransmission). */
  automatic: flag,
  apple_car: flag,
  features: featuresField,
  /** The description in the other language, as JSON: { en: { description } } on a Spanish landing. */
  translations: translationsFieldSchema({ description: descriptionText }).optional().default({}),
  unit_labels: unitLabelsField,
});

/**
 * The vehicle's fields with the rule across two of them: two units of one vehicle never share a
 * plate or name (each repeat is named at its own unit). Applied last, so the object can still be
 * extended first (the dashboard's form, the update's version).
 */
export const withUnitLabelRule = <T extends z.ZodType<{ units: number; unit_labels: string[] }>>(schema: T) =>
  schema.superRefine((fields, ctx) => {
    for (const index of repeatedUnitLabels(keptUnitLabels(fields.unit_labels, fields.units))) {
      ctx.addIssue({ code: "custom", message: m("unitLabelTaken"), path: ["unit_labels", index] });
    }
  });

/** The fields of POST /vehicle; images travel as files. */
export const vehicleFieldsSchema = withUnitLabelRule(vehicleFieldsObject);
export type VehicleFieldsInput = z.input<typeof vehicleFieldsSchema>;

/** PUT /vehicles/{landingId}/{id}: the fields plus the version the form was loaded at. */
export const vehicleUpdateSchema = withUnitLabelRule(vehicleFieldsObject.extend({ version: versionField }));

export const vehicleImageSchema = z.object({
  id: z.number().int(),
  path_images: z.string(),
  position: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.string(),
});

/** One of the owner's special features (SPEC §8), as the API answers it on a vehicle (a visitor's: in their language). */
export const specialFeatureSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });

/** The same, as the owner's list of features answers it: with its words in the other language, to edit. */
export const ownerSpecialFeatureSchema = specialFeatureSchema.extend({ translations: translationsViewSchema });
export type SpecialFeature = z.infer<typeof ownerSpecialFeatureSchema>;

export const vehicleSchema = z.object({
  id: z.number().int(),
  id_landing: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The owner's only: the description in the other language (visitors get theirs). */
  translations: translationsViewSchema,
  price: z.number(),
  price_cents: z.number().int(),
  luggage: z.number().int(),
  people: z.number().int(),
  type_of_car: z.string(),
  transmision: z.string(),
  brand: z.string(),
  commissions: z.number(),
  units: z.number().int(),
  /** Each unit's plate or name, unit 1 first ("" for none). */
  unit_labels: z.array(z.string()),
  bluetooth: z.boolean(),
  siriusxm: z.boolean(),
  gps: z.boolean(),
  automatic: z.boolean(),
  apple_car: z.boolean(),
  features: z.array(z.object({ name: z.string(), value: z.string() })),
  special_features: z.array(specialFeatureSchema),
  images: z.array(vehicleImageSchema),
  /** Seasons, deposit and overrides of the landing's rules (issue 10). */
  rules: vehicleRulesSchema,
  version: z.number().int(),
  created_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A vehicle in its landing's list for the owner: with the bookings still ahead that keep it from being deleted. */
export const listedVehicleSchema = vehicleSchema.extend({
  bookings_ahead: z
    .number()
    .int()
    .describe(
      "Bookings still going ahead (awaiting payment, pending, confirmed or on rent): while any, it is not deleted",
    ),
});
export type ListedVehicle = z.infer<typeof listedVehicleSchema>;

/** A vehicle as visitors see it: no commissions, units or other business data of the owner. */
export const publicVehicleSchema = vehicleSchema
  .omit({
    translations: true,
    commissions: true,
    units: true,
    unit_labels: true,
    version: true,
    created_at: true,
  })
  .extend({
    untranslated: untranslatedSchema,
    /** Each in the visitor's language where the owner wrote it, else as written (`untranslated` says in which). */
    special_features: z.array(specialFeatureSchema.extend({ untranslated: untranslatedSchema })),
  });
export type PublicVehicle = z.infer<typeof publicVehicleSchema>;

const featureName = z
  .string(m("featureIncomplete"))
  .trim()
  // One space between words: "sillita   isofix" is "Sillita ISOFIX" again, which the owner has (unique by case).
  .overwrite((name) => name.replace(/\s+/g, " "))
  .min(1, m("featureIncomplete"))
  .max(FEATURE_NAME_MAX, m("featureTooLong"));
const featureDescription = z
  .string(m("featureIncomplete"))
  .trim()
  .min(1, m("featureIncomplete"))
  .max(VEHICLE_DESCRIPTION_MAX, m("descriptionTooLong"));

const featureTranslations = translationsSchema({ name: featureName, description: featureDescription });

export const specialFeatureInputSchema = z.object({
  name: featureName,
  description: featureDescription,
  /**
   * Its name and description in the other language, each optional: a visitor reading in that
   * language sees them, else the feature as written (PRODUCT §8).
   */
  translations: featureTranslations.optional().default({}),
});

/**
 * A feature's new name and description, with the ones the owner's form was showing: a save made
 * from an older screen (another tab changed it meanwhile) is refused rather than written over it.
 */
export const specialFeatureUpdateSchema = specialFeatureInputSchema.extend({
  /** Left out, the words in the other language stay as they are. */
  translations: featureTranslations.optional(),
  previous: z.object({ name: z.string(m("invalid")), description: z.string(m("invalid")) }, m("invalid")),
});
