import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import {
  VEHICLE_FEATURES_MAX,
  type Vehicle,
  vehicleFeatureSchema,
  vehicleFieldsSchema,
} from "../../../domain/vehicles";
import type { VehiclePayload } from "./api";

/** What the form holds: text as typed (prices in units), selects as codes, switches as booleans. */
export type VehicleFormValues = VehiclePayload & { special_feature_ids: number[] };

/**
 * The server's own schema (domain/vehicles.ts), with the features as the editor's rows instead of
 * JSON text, so "valid" means the same thing in the browser and on the server.
 */
const decimalComma = (value: unknown) => (typeof value === "string" ? value.replace(",", ".") : value);

export const vehicleFormSchema = vehicleFieldsSchema.extend({
  price: z.preprocess(decimalComma, vehicleFieldsSchema.shape.price),
  commissions: z.preprocess(decimalComma, vehicleFieldsSchema.shape.commissions),
  features: z.array(vehicleFeatureSchema).max(VEHICLE_FEATURES_MAX, "featuresInvalid"),
  special_feature_ids: z.array(z.number().int()),
});

// Raw: the form keeps what the owner typed (e.g. "45.50"); the API converts it once, on the server.
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
  special_feature_ids: [],
});

/** A saved amount as the owner would type it: "45.5" -> "45.50", whole amounts without decimals. */
const amountText = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

export const vehicleFormValues = (vehicle: Vehicle): VehicleFormValues => ({
  name: vehicle.name,
  description: vehicle.description,
  price: amountText(vehicle.price),
  luggage: String(vehicle.luggage),
  people: String(vehicle.people),
  type_of_car: vehicle.type_of_car,
  transmision: vehicle.transmision,
  brand: vehicle.brand,
  commissions: vehicle.commissions ? amountText(vehicle.commissions) : "",
  units: String(vehicle.units),
  bluetooth: vehicle.bluetooth,
  siriusxm: vehicle.siriusxm,
  gps: vehicle.gps,
  automatic: vehicle.automatic,
  apple_car: vehicle.apple_car,
  features: vehicle.features.map((feature) => ({ name: feature.name, value: feature.value })),
  special_feature_ids: vehicle.special_features.map((feature) => feature.id),
});

/** The form's values as the API takes them; a decimal comma typed on a phone becomes a point. */
export function vehiclePayload(values: VehicleFormValues): VehiclePayload {
  const { special_feature_ids: _ignored, ...fields } = values;
  return {
    ...fields,
    price: values.price.trim().replace(",", "."),
    commissions: values.commissions.trim().replace(",", "."),
    features: values.features.map((feature) => ({ name: feature.name.trim(), value: feature.value.trim() })),
  };
}
