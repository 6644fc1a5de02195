import type { Language } from "@domain/languages";
import {
  isAutomaticTransmission,
  VEHICLE_DESCRIPTION_MAX,
  VEHICLE_FEATURES_MAX,
  type Vehicle,
  vehicleFeatureSchema,
  vehicleFieldsObject,
  withUnitLabelRule,
} from "@domain/vehicles";
import { zodResolver } from "@hookform/resolvers/zod";
import { amountInputText, plainAmount } from "@web/lib/format";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import type { VehiclePayload } from "./api";

/**
 * What the form holds: text as typed (amounts as people write them), selects as codes, switches as
 * booleans; plus what only the form needs: the vehicle's `version` the values were read at (so a
 * draft restored after someone else saved is refused with 409, never saved over them) and the
 * names of the photos chosen and not uploaded yet (`photo_files`: a draft cannot keep the files
 * themselves, only tell the owner which ones to choose again).
 */
export type VehicleFormValues = Omit<VehiclePayload, "translations"> & {
  /** The description in the landing's other language ("" for none). */
  other_description: string;
  special_feature_ids: number[];
  version: number;
  photo_files: string[];
};

/**
 * The server's own schema (domain/vehicles.ts), with the features as the editor's rows instead of
 * JSON text, so "valid" means the same thing in the browser and on the server: prices are read by
 * parseMoney ("1,250.50", "1.250,50", "US$ 45"), and "1,250" is refused as ambiguous.
 */
export const vehicleFormSchema = withUnitLabelRule(
  vehicleFieldsObject.extend({
    features: z.array(vehicleFeatureSchema).max(VEHICLE_FEATURES_MAX, "specsInvalid"),
    other_description: z.string().trim().max(VEHICLE_DESCRIPTION_MAX, "descriptionTooLong"),
    special_feature_ids: z.array(z.number().int()),
    version: z.number().int(),
    photo_files: z.array(z.string()),
  }),
);

// Raw: the form keeps what the owner typed; the payload sends the amounts as the API reads them.
export const vehicleFormResolver = zodResolver(vehicleFormSchema, undefined, {
  raw: true,
}) as unknown as Resolver<VehicleFormValues>;

/** Fields the server may name in a 422 and the form can show under a field. */
export const VEHICLE_FORM_FIELDS = [
  "name",
  "description",
  "price",
  "luggage",
  "people",
  "type_of_car",
  "transmision",
  "brand",
  "commissions",
  "units",
  "features",
] as const;

export const emptyVehicleForm = (): VehicleFormValues => ({
  name: "",
  description: "",
  other_description: "",
  price: "",
  luggage: "",
  people: "",
  type_of_car: "",
  transmision: "",
  brand: "",
  commissions: "",
  units: "1",
  bluetooth: false,
  siriusxm: false,
  gps: false,
  automatic: false,
  apple_car: false,
  features: [],
  // One field per unit is on the form: the defaults hold the one unit's, so an untouched form is clean.
  unit_labels: [""],
  special_feature_ids: [],
  version: 0,
  photo_files: [],
});

export const vehicleFormValues = (vehicle: Vehicle, language: Language): VehicleFormValues => ({
  name: vehicle.name,
  description: vehicle.description,
  // Only the landing's other language is ever stored: whichever it is, it is this one.
  other_description: Object.values(vehicle.translations).find((texts) => texts?.description)?.description ?? "",
  price: amountInputText(vehicle.price_cents, language),
  luggage: String(vehicle.luggage),
  people: String(vehicle.people),
  type_of_car: vehicle.type_of_car,
  transmision: vehicle.transmision,
  brand: vehicle.brand,
  commissions: vehicle.commissions ? amountInputText(Math.round(vehicle.commissions * 100), language) : "",
  units: String(vehicle.units),
  bluetooth: vehicle.bluetooth,
  siriusxm: vehicle.siriusxm,
  gps: vehicle.gps,
  automatic: isAutomaticTransmission(vehicle.transmision),
  apple_car: vehicle.apple_car,
  features: vehicle.features.map((feature) => ({ name: feature.name, value: feature.value })),
  // One field per unit is on the form: each unit has its text ("" for none), so a form just
  // loaded is clean.
  unit_labels: Array.from({ length: vehicle.units }, (_, index) => vehicle.unit_labels[index] ?? ""),
  special_feature_ids: vehicle.special_features.map((feature) => feature.id),
  version: vehicle.version,
  photo_files: [],
});

/**
 * The form's values as the API takes them: plain amounts, "automatic" as the transmission says, and
 * the other description under `otherLanguage`, the landing's other language.
 */
export function vehiclePayload(values: VehicleFormValues, otherLanguage: Language): VehiclePayload {
  const {
    special_feature_ids: _ids,
    version: _version,
    photo_files: _files,
    other_description: otherDescription,
    ...fields
  } = values;
  return {
    ...fields,
    translations: { [otherLanguage]: { description: otherDescription } },
    automatic: isAutomaticTransmission(values.transmision),
    price: plainAmount(values.price),
    commissions: plainAmount(values.commissions),
    features: values.features.map((feature) => ({ name: feature.name.trim(), value: feature.value.trim() })),
    // The units the vehicle has: a label typed for a unit since removed is not kept.
    unit_labels: (values.unit_labels ?? []).slice(0, Number(values.units) || 0).map((label) => label.trim()),
  };
}
