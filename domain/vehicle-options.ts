import type { Language } from "./languages";

/** The vehicle form's option lists and their labels: no zod, so the public pages can import them. */

/** Stable codes stored for the 17 car types (PRODUCT §4), with their labels. */
export const CAR_TYPES = {
  sedan: { es: "Sedán", en: "Sedan" },
  suv: { es: "SUV", en: "SUV" },
  pickup: { es: "Pickup", en: "Pickup" },
  van: { es: "Van", en: "Van" },
  coupe: { es: "Coupé", en: "Coupe" },
  convertible: { es: "Convertible", en: "Convertible" },
  hatchback: { es: "Hatchback", en: "Hatchback" },
  wagon: { es: "Wagon", en: "Wagon" },
  crossover: { es: "Crossover", en: "Crossover" },
  sports: { es: "Deportivo", en: "Sports car" },
  utility: { es: "Camioneta", en: "Utility vehicle" },
  family: { es: "Familiar", en: "Family car" },
  compact: { es: "Compacto", en: "Compact" },
  electric: { es: "Eléctrico", en: "Electric" },
  hybrid: { es: "Híbrido", en: "Hybrid" },
  luxury: { es: "De lujo", en: "Luxury" },
  other: { es: "Otros", en: "Other" },
} as const satisfies Record<string, Record<Language, string>>;
export type CarType = keyof typeof CAR_TYPES;

/** The 8 transmissions (PRODUCT §4). */
export const TRANSMISSIONS = {
  automatic: { es: "Automática", en: "Automatic" },
  manual: { es: "Manual", en: "Manual" },
  cvt: { es: "CVT", en: "CVT" },
  dct: { es: "DCT", en: "DCT" },
  amt: { es: "AMT", en: "AMT" },
  semi_automatic: { es: "Semi-automática", en: "Semi-automatic" },
  tiptronic: { es: "Tiptronic", en: "Tiptronic" },
  i_mmd: { es: "i-MMD", en: "i-MMD" },
} as const satisfies Record<string, Record<Language, string>>;
export type Transmission = keyof typeof TRANSMISSIONS;

/** Every transmission but the manual one shifts by itself, so "automatic" follows the transmission. */
export const isAutomaticTransmission = (code: string) => code !== "manual";

export const carTypeLabel = (code: string, language: Language) =>
  (CAR_TYPES as Record<string, Record<Language, string>>)[code]?.[language] ?? code;
export const transmissionLabel = (code: string, language: Language) =>
  (TRANSMISSIONS as Record<string, Record<Language, string>>)[code]?.[language] ?? code;

/**
 * A feature's name as people read it: stored lowercase (SPEC §3), shown with a capital first letter
 * only ("Número de puertas", not "número de puertas" nor "Número De Puertas").
 */
export const featureLabel = (name: string) => name.charAt(0).toLocaleUpperCase() + name.slice(1);
