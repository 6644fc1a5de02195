import type { PublicLanding } from "../../domain/landings";
import { landingRulesOf } from "../../domain/rental-rules";
import type { PublicVehicle } from "../../domain/vehicles";
import type { landingAddons, landings, locations, placeRules as placeRulesTable } from "../db/schema";
import { presentAddon } from "../landings/presenter";
import type { StorageUrl } from "../storage/storage";
import { presentVehicle, type VehicleWithRelations } from "../vehicles/presenter";

/**
 * The visitor's view of a vehicle: built field by field from the owner's shape, so a field added
 * for owners (commissions, units, ...) never reaches a public answer by accident.
 */
export function presentPublicVehicle(found: VehicleWithRelations, storageUrl: StorageUrl): PublicVehicle {
  const vehicle = presentVehicle(found, storageUrl);
  return {
    id: vehicle.id,
    id_landing: vehicle.id_landing,
    name: vehicle.name,
    description: vehicle.description,
    price: vehicle.price,
    price_cents: vehicle.price_cents,
    luggage: vehicle.luggage,
    people: vehicle.people,
    type_of_car: vehicle.type_of_car,
    transmision: vehicle.transmision,
    brand: vehicle.brand,
    bluetooth: vehicle.bluetooth,
    siriusxm: vehicle.siriusxm,
    gps: vehicle.gps,
    automatic: vehicle.automatic,
    apple_car: vehicle.apple_car,
    features: vehicle.features,
    special_features: vehicle.special_features,
    images: vehicle.images,
    rules: vehicle.rules,
  };
}

/** The visitor's view of a landing: its brand, SEO, places and prices; no owner, status or counts. */
export function presentPublicLanding(
  landing: typeof landings.$inferSelect,
  addons: (typeof landingAddons.$inferSelect)[],
  places: (typeof locations.$inferSelect)[],
  publicBaseUrl: string,
  placeRules: (typeof placeRulesTable.$inferSelect)[],
  storageUrl: StorageUrl,
): PublicLanding {
  const favicon = landing.favicon ?? {};
  return {
    id: landing.id,
    name: landing.name,
    display_name: landing.displayName,
    public_url: `${publicBaseUrl}/${landing.name}`,
    logo: storageUrl(landing.logo),
    favicon_sizes: Object.fromEntries(Object.entries(favicon).map(([size, path]) => [size, storageUrl(path)])),
    color_primary: landing.colorPrimary,
    color_secondary: landing.colorSecondary,
    default_language: landing.defaultLanguage,
    meta_title: landing.metaTitle,
    meta_description: landing.metaDescription,
    meta_keywords: landing.metaKeywords,
    og_title: landing.ogTitle,
    og_description: landing.ogDescription,
    og_image: storageUrl(landing.ogImage),
    robots: landing.robots,
    canonical_url: landing.canonicalUrl,
    time_zone: landing.timeZone,
    currency: landing.currency,
    tax_label: landing.taxLabel,
    tax_rate: landing.taxRateBasisPoints / 100,
    addons: addons.map(presentAddon),
    locations: places.map((place) => ({
      id: place.id,
      place_of_departure: place.placeOfDeparture,
      arrival_place: place.arrivalPlace,
      one_way_fee_cents: place.oneWayFeeCents,
    })),
    rules: landingRulesOf(landing.rules),
    places: placeRules.map((row) => ({
      place: row.place,
      hours: row.hours,
      after_hours_fee_cents: row.afterHoursFeeCents,
    })),
    content_version: landing.contentVersion,
  };
}
