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

/**
 * A photo's size at one of its widths: each was made to fit that width without enlarging, so a photo
 * narrower than the width keeps its own (`width` and `height` are the largest file's).
 */
function sizeAt(image: VehicleImageRow, width: number) {
  const shown = Math.min(width, image.width);
  return { width: shown, height: image.width === 0 ? image.height : Math.round((image.height * shown) / image.width) };
}

export function presentImage(image: VehicleImageRow, storageUrl: StorageUrl) {
  const widths = Object.keys(image.variants)
    .map(Number)
    // Stryker disable next-line ArrowFunction,ArithmeticOperator: integer keys already come smallest first; the order is this code's to keep.
    .sort((a, b) => a - b);
  const middle = widths[Math.floor(widths.length / 2)] ?? image.width;
  // Each file by the width it really has (a browser picks by it), once: a photo of 1,200 px made
  // its "1600" file 1,200 px wide, and a small one makes the same file twice.
  const files = new Map<number, string>();
  for (const width of widths) {
    const shown = sizeAt(image, width).width;
    if (!files.has(shown)) files.set(shown, `${storageUrl(image.variants[String(width)])} ${shown}w`);
  }
  return {
    id: image.id,
    // The middle width is a sharp default for cards; srcset lets the browser pick better. Its size is
    // this file's, as a link preview declares it.
    path_images: storageUrl(image.variants[String(middle)]) ?? "",
    position: image.position,
    ...sizeAt(image, middle),
    srcset: [...files.values()].join(", "),
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
