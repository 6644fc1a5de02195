import { vehicleRulesOf } from "@domain/rental-rules";
import type { Vehicle } from "@domain/vehicles";
import type { specialFeatures, vehicleImages, vehicles } from "../db/schema";
import type { StorageUrl } from "../storage";

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehicleImageRow = typeof vehicleImages.$inferSelect;
export type SpecialFeatureRow = typeof specialFeatures.$inferSelect;
export type VehicleWithRelations = {
  vehicle: VehicleRow;
  images: VehicleImageRow[];
  specialFeatures: SpecialFeatureRow[];
};

export function presentImage(image: VehicleImageRow, storageUrl: StorageUrl) {
  const widths = Object.keys(image.variants)
    .map(Number)
    // Stryker disable next-line ArrowFunction,ArithmeticOperator: integer keys already come smallest first; the order is this code's to keep.
    .sort((a, b) => a - b);
  const middle = widths[Math.floor(widths.length / 2)];
  return {
    id: image.id,
    // The middle width is a sharp default for cards; srcset lets the browser pick better.
    path_images: storageUrl(image.variants[String(middle)]) ?? "",
    position: image.position,
    width: image.width,
    height: image.height,
    srcset: widths.map((width) => `${storageUrl(image.variants[String(width)])} ${width}w`).join(", "),
  };
}

export const presentSpecialFeature = (feature: SpecialFeatureRow) => ({
  id: feature.id,
  name: feature.name,
  description: feature.description,
});

/** The owner's own view of a feature: with its words in the other language, to edit them. */
export const presentOwnerSpecialFeature = (feature: SpecialFeatureRow) => ({
  ...presentSpecialFeature(feature),
  translations: feature.translations,
});

export function presentVehicle(
  { vehicle, images, specialFeatures }: VehicleWithRelations,
  storageUrl: StorageUrl,
): Vehicle {
  return {
    id: vehicle.id,
    id_landing: vehicle.landingId,
    name: vehicle.name,
    description: vehicle.description,
    translations: vehicle.translations ?? {},
    price: vehicle.priceCents / 100,
    price_cents: vehicle.priceCents,
    luggage: vehicle.luggage,
    people: vehicle.people,
    type_of_car: vehicle.typeOfCar,
    transmision: vehicle.transmission,
    brand: vehicle.brand,
    commissions: vehicle.commissionsCents / 100,
    units: vehicle.units,
    unit_labels: vehicle.unitLabels,
    bluetooth: vehicle.bluetooth,
    siriusxm: vehicle.siriusxm,
    gps: vehicle.gps,
    automatic: vehicle.automatic,
    apple_car: vehicle.appleCar,
    features: vehicle.features,
    special_features: specialFeatures.map(presentSpecialFeature),
    images: [...images].sort((a, b) => a.position - b.position).map((image) => presentImage(image, storageUrl)),
    rules: vehicleRulesOf(vehicle.rules),
    version: vehicle.version,
    created_at: vehicle.createdAt.toISOString(),
  };
}
