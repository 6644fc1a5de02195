import type { Language } from "@domain/languages";
import type { PublicVehicle } from "@domain/vehicles";
import { carTypeLabel, transmissionLabel } from "./labels";

/** The vehicle list's filters as they live in the query (public contract). */
export type Filters = {
  q: string;
  type: string;
  transmission: string;
  brand: string;
  /** At least this many people. */
  capacity: number | null;
  /** At least this many bags. */
  luggage: number | null;
  /** Price per day, in whole units of the currency. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Special feature ids, all required. */
  features: number[];
};

export const NO_FILTERS: Filters = {
  q: "",
  type: "",
  transmission: "",
  brand: "",
  capacity: null,
  luggage: null,
  minPrice: null,
  maxPrice: null,
  features: [],
};

const wholeNumber = (text: string | undefined): number | null => {
  if (text === undefined || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
};

export function filtersFromQuery(query: Record<string, string>): Filters {
  const features = (query.features ?? "")
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return orderedPrices({
    q: (query.q ?? "").trim().slice(0, 100),
    type: query.type ?? "",
    transmission: query.transmission ?? "",
    brand: query.brand ?? "",
    capacity: wholeNumber(query.capacity),
    luggage: wholeNumber(query.luggage),
    minPrice: wholeNumber(query.minPrice),
    maxPrice: wholeNumber(query.maxPrice),
    features: [...new Set(features)],
  });
}

/**
 * A price range typed the wrong way round ("from 100 to 50") means 50 to 100, not "nothing
 * matches": read so, and shown so in its fields once typed (a walk's finding: "from 200 to 10"
 * stayed in the fields over cars of 45 to 120).
 */
export function orderedPrices(filters: Filters): Filters {
  const { minPrice, maxPrice } = filters;
  return minPrice !== null && maxPrice !== null && minPrice > maxPrice
    ? { ...filters, minPrice: maxPrice, maxPrice: minPrice }
    : filters;
}

/** The filters as query parameters (empty ones left out). */
export function filtersQuery(filters: Filters): Record<string, string> {
  const entries: [string, string][] = [
    ["q", filters.q],
    ["type", filters.type],
    ["transmission", filters.transmission],
    ["brand", filters.brand],
    ["capacity", filters.capacity === null ? "" : String(filters.capacity)],
    ["luggage", filters.luggage === null ? "" : String(filters.luggage)],
    ["minPrice", filters.minPrice === null ? "" : String(filters.minPrice)],
    ["maxPrice", filters.maxPrice === null ? "" : String(filters.maxPrice)],
    ["features", filters.features.join(",")],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== ""));
}

export const activeFilterCount = (filters: Filters) => Object.keys(filtersQuery(filters)).length;

/** Lower case without accents, for matching what people type ("sedan" finds "Sedán"). */
export const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase().trim();

/**
 * The vehicles that match every filter, in the owner's order. `seats` is the searched group size;
 * `dayRate` a vehicle's price per day, the searched period's when there is one (`dayRateCents`).
 */
export function applyFilters(
  vehicles: readonly PublicVehicle[],
  filters: Filters,
  seats = 0,
  dayRate: (vehicle: PublicVehicle) => number = (vehicle) => vehicle.price_cents,
): PublicVehicle[] {
  const words = fold(filters.q).split(/\s+/).filter(Boolean);
  // Still the wrong way round while it is being typed: read the right way.
  const { minPrice: low, maxPrice: high } = orderedPrices(filters);
  return vehicles.filter((vehicle) => {
    if (words.length > 0) {
      const name = fold(`${vehicle.name} ${vehicle.brand}`);
      if (!words.every((word) => name.includes(word))) return false;
    }
    if (filters.type && vehicle.type_of_car !== filters.type) return false;
    if (filters.transmission && vehicle.transmision !== filters.transmission) return false;
    if (filters.brand && fold(vehicle.brand) !== fold(filters.brand)) return false;
    if (vehicle.people < Math.max(filters.capacity ?? 0, seats)) return false;
    if (filters.luggage !== null && vehicle.luggage < filters.luggage) return false;
    if (low !== null && dayRate(vehicle) < low * 100) return false;
    if (high !== null && dayRate(vehicle) > high * 100) return false;
    const ids = new Set(vehicle.special_features.map((feature) => feature.id));
    return filters.features.every((id) => ids.has(id));
  });
}

export type Option = { value: string; label: string };

export type FilterOptions = {
  types: Option[];
  transmissions: Option[];
  brands: Option[];
  capacities: number[];
  luggage: number[];
  features: Option[];
  /** The cheapest and dearest price per day, in whole units (rounded outwards). */
  priceRange: { min: number; max: number } | null;
};

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/**
 * Each fleet's options by language: a landing's view keeps one array of vehicles while it stands,
 * and every list searched on it offers the same options (worked out once, not per page).
 */
const optionsOf = new WeakMap<readonly PublicVehicle[], Map<Language, FilterOptions>>();

/** Options from the landing's own vehicles, so no filter offers a value that matches nothing (PRODUCT §4). */
export function filterOptions(vehicles: readonly PublicVehicle[], language: Language): FilterOptions {
  let byLanguage = optionsOf.get(vehicles);
  if (!byLanguage) {
    byLanguage = new Map();
    optionsOf.set(vehicles, byLanguage);
  }
  let options = byLanguage.get(language);
  if (!options) {
    options = optionsFor(vehicles, language);
    byLanguage.set(language, options);
  }
  return options;
}

function optionsFor(vehicles: readonly PublicVehicle[], language: Language): FilterOptions {
  const types = new Map<string, string>();
  const transmissions = new Map<string, string>();
  const brands = new Map<string, string>();
  const features = new Map<string, string>();
  for (const vehicle of vehicles) {
    types.set(vehicle.type_of_car, carTypeLabel(vehicle.type_of_car, language));
    transmissions.set(vehicle.transmision, transmissionLabel(vehicle.transmision, language));
    if (vehicle.brand.trim()) brands.set(fold(vehicle.brand), vehicle.brand.trim());
    for (const feature of vehicle.special_features) features.set(String(feature.id), feature.name);
  }
  const toOptions = (map: Map<string, string>) => [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
  const numbers = (pick: (vehicle: PublicVehicle) => number) => [...new Set(vehicles.map(pick))].sort((a, b) => a - b);
  return {
    types: toOptions(types),
    transmissions: toOptions(transmissions),
    brands: [...brands.values()].map((brand) => ({ value: brand, label: brand })).sort(byLabel),
    capacities: numbers((vehicle) => vehicle.people),
    luggage: numbers((vehicle) => vehicle.luggage),
    features: toOptions(features),
    priceRange: priceRangeOf(vehicles.map((vehicle) => vehicle.price_cents)),
  };
}

/**
 * The filters of an address kept to what the list offers: a value no vehicle has (an old shared
 * link, a type the operator no longer rents, an address typed by hand) is dropped rather than
 * applied unseen. A walk opened `type=rocket`: "0 vehicles", "1 active filter", every filter "Any".
 * A brand is matched as the list matches it (any case, any accents) and shown as the list writes it.
 */
export function offeredFilters(filters: Filters, options: FilterOptions): Filters {
  const offered = (value: string, list: Option[]) => (list.some((option) => option.value === value) ? value : "");
  const atLeast = (value: number | null, list: number[]) => (value !== null && list.includes(value) ? value : null);
  const brand = filters.brand ? options.brands.find((option) => fold(option.value) === fold(filters.brand)) : undefined;
  return {
    ...filters,
    type: offered(filters.type, options.types),
    transmission: offered(filters.transmission, options.transmissions),
    brand: brand?.value ?? "",
    capacity: atLeast(filters.capacity, options.capacities),
    luggage: atLeast(filters.luggage, options.luggage),
    features: filters.features.filter((id) => options.features.some((option) => option.value === String(id))),
  };
}

/** The cheapest and dearest of these prices per day, in whole units rounded outwards; null for none. */
export function priceRangeOf(prices: number[]): FilterOptions["priceRange"] {
  if (prices.length === 0) return null;
  return { min: Math.floor(Math.min(...prices) / 100), max: Math.ceil(Math.max(...prices) / 100) };
}
