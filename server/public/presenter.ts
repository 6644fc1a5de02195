import type { LandingTextField, PublicLanding } from "@domain/landings";
import { type Language, languageOr } from "@domain/languages";
import { presentPublicPayment } from "@domain/payments";
import { landingRulesOf } from "@domain/rental-rules";
import { textsIn, translated } from "@domain/translations";
import type { PublicVehicle } from "@domain/vehicles";
import { type BookableLanding, presentAddon } from "../landings";
import type { StorageUrl } from "../storage";
import { presentVehicle, type VehicleWithRelations } from "../vehicles";

/**
 * The visitor's view of a vehicle: built field by field from the owner's shape, so a field added
 * for owners (commissions, units, ...) never reaches a public answer by accident.
 */
export function presentPublicVehicle(
  found: VehicleWithRelations,
  storageUrl: StorageUrl,
  language: Language,
  /** The landing's default language, the one its stored texts are written in. */
  stored: Language,
): PublicVehicle {
  const vehicle = presentVehicle(found, storageUrl);
  return {
    id: vehicle.id,
    id_landing: vehicle.id_landing,
    name: vehicle.name,
    ...textsIn<"description">({ description: vehicle.description }, vehicle.translations, language, stored),
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
    // Each feature's words in `language` where the owner wrote them (PRODUCT §8), marked otherwise.
    special_features: found.specialFeatures.map((feature) => ({
      id: feature.id,
      ...textsIn({ name: feature.name, description: feature.description }, feature.translations, language, stored),
    })),
    images: vehicle.images,
    // Each season by its name in `language`: the page prices in the browser with what it is given.
    rules: {
      ...vehicle.rules,
      seasons: vehicle.rules.seasons.map(({ translations, ...season }) => ({
        ...season,
        name: translated(season.name, translations, "name", language),
      })),
    },
  };
}

/**
 * The visitor's view of a landing: its brand, SEO, places and prices; no owner, status or counts.
 * What the owner wrote is in `language`, or in the other language where it was left empty.
 */
function presentPublicLanding(
  { landing, addons, places, placeRules, paymentSettings }: BookableLanding,
  publicBaseUrl: string,
  storageUrl: StorageUrl,
  language: Language,
  /** The landing's default language, the one its stored texts are written in. */
  stored: Language,
): PublicLanding {
  const favicon = landing.favicon ?? {};
  const text = (value: string, field: LandingTextField) => translated(value, landing.translations, field, language);
  const { terms_translations: termsTranslations, ...rules } = landingRulesOf(landing.rules);
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
    meta_title: text(landing.metaTitle, "meta_title"),
    meta_description: text(landing.metaDescription, "meta_description"),
    meta_keywords: text(landing.metaKeywords, "meta_keywords"),
    og_title: text(landing.ogTitle, "og_title"),
    og_description: text(landing.ogDescription, "og_description"),
    og_image: storageUrl(landing.ogImage),
    robots: landing.robots,
    canonical_url: landing.canonicalUrl,
    time_zone: landing.timeZone,
    currency: landing.currency,
    tax_label: landing.taxLabel,
    tax_rate: landing.taxRateBasisPoints / 100,
    addons: addons.map((addon) => {
      const { translations, ...shown } = presentAddon(addon);
      return { ...shown, ...textsIn<"name">({ name: shown.name }, translations, language, stored) };
    }),
    locations: places.map((place) => ({
      id: place.id,
      place_of_departure: place.placeOfDeparture,
      arrival_place: place.arrivalPlace,
      one_way_fee_cents: place.oneWayFeeCents,
    })),
    rules: {
      ...rules,
      closures: rules.closures.map(({ translations, ...closure }) => ({
        ...closure,
        note: translated(closure.note, translations, "note", language),
      })),
      ...textsIn<"terms">({ terms: rules.terms }, termsTranslations, language, stored),
      faq: rules.faq.map(({ translations, ...entry }) =>
        textsIn<"question" | "answer">(entry, translations, language, stored),
      ),
    },
    places: placeRules.map((row) => ({
      place: row.place,
      hours: row.hours,
      after_hours_fee_cents: row.afterHoursFeeCents,
    })),
    payment: presentPublicPayment(paymentSettings),
    content_version: landing.contentVersion,
  };
}

/** A landing as its visitors see it, with its fleet: what the public site's pages and `/api/publicLanding/{name}` show. */
export type PublicLandingWithVehicles = PublicLanding & { vehicles: PublicVehicle[] };

/**
 * Each landing's views, one per language, with the fleet they were made from. The landing and its
 * fleet are kept objects (landings/bookable.ts, service.ts), replaced when the landing's content
 * changes: a view goes with its landing, and a new fleet starts its views afresh.
 */
const views = new WeakMap<
  BookableLanding,
  { fleet: readonly VehicleWithRelations[]; byLanguage: Map<Language, PublicLandingWithVehicles> }
>();

/**
 * The visitor's view of a landing and its fleet, made once per language while both stand: a page
 * with a new searched period presented every vehicle anew (issue 29). Callers read it and never
 * change it: the same copy serves the next request. `publicBaseUrl` and `storageUrl` are the
 * app's own, as the kept landing and fleet are (one app per database).
 */
export function publicLandingView(
  bookable: BookableLanding,
  fleet: readonly VehicleWithRelations[],
  publicBaseUrl: string,
  storageUrl: StorageUrl,
  language: Language,
): PublicLandingWithVehicles {
  let kept = views.get(bookable);
  if (kept?.fleet !== fleet) {
    kept = { fleet, byLanguage: new Map() };
    views.set(bookable, kept);
  }
  let view = kept.byLanguage.get(language);
  if (!view) {
    const stored = languageOr(bookable.landing.defaultLanguage, "es");
    view = {
      ...presentPublicLanding(bookable, publicBaseUrl, storageUrl, language, stored),
      vehicles: fleet.map((found) => presentPublicVehicle(found, storageUrl, language, stored)),
    };
    kept.byLanguage.set(language, view);
  }
  return view;
}
