import type { PublicPage, PublicPageData, PublicPageKind } from "../types";

/** The visitor's booking choices carried from step to step (public contract). */
export const BOOKING_KEYS = [
  "pickup",
  "dropoff",
  "from",
  "fromTime",
  "to",
  "toTime",
  "seats",
  "vehicle",
  "addons",
  "lang",
] as const;

/** The trip searched (place, dates, people) and the language: what the vehicle list is opened with. */
export function tripOf(query: Record<string, string>): Record<string, string> {
  const trip: Record<string, string> = {};
  for (const key of BOOKING_KEYS) if (key !== "vehicle" && key !== "addons" && query[key]) trip[key] = query[key];
  return trip;
}

/** The vehicle list's filters. */
export const FILTER_KEYS = [
  "q",
  "type",
  "transmission",
  "brand",
  "capacity",
  "luggage",
  "minPrice",
  "maxPrice",
  "features",
] as const;

export type QueryChanges = Record<string, string | number | null | undefined>;

const SUFFIX: Record<Exclude<PublicPageKind, "vehicle" | "reservation" | "express">, string> = {
  home: "",
  vehicles: "/vehicle",
  additions: "/additions",
  review: "/review",
  thanks: "/thanks-you",
  faq: "/faq",
};

type Target =
  | { kind: Exclude<PublicPageKind, "vehicle" | "reservation" | "express"> }
  | { kind: "vehicle"; vehicleId: number }
  | { kind: "reservation" | "express"; reference: string };

/** The path of a page of this landing; inside the owner's preview it stays inside the preview. */
export function pagePath(data: Pick<PublicPageData, "basePath">, target: Target): string {
  const base = data.basePath;
  if (target.kind === "vehicle") return `${base}/vehicles/${target.vehicleId}`;
  if (target.kind === "reservation") return `${base}/reservation/${encodeURIComponent(target.reference)}`;
  if (target.kind === "express") return `${base}/reservation/${encodeURIComponent(target.reference)}/express`;
  // On a landing's own domain the base is "": its home is "/", never "" (which means "this page").
  return `${base}${SUFFIX[target.kind]}` || "/";
}

/** `query` with `changes` applied: null, undefined or "" removes a key. Keys keep a stable order. */
export function withChanges(query: Record<string, string>, changes: QueryChanges = {}): Record<string, string> {
  const next: Record<string, string> = { ...query };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") delete next[key];
    else next[key] = String(value);
  }
  return next;
}

/** Only the booking choices of `query` (filters and anything else left behind). */
export function bookingQuery(query: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of BOOKING_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== "") picked[key] = value;
  }
  return picked;
}

/**
 * The booking steps a visitor can leave for the FAQ and come back to: the FAQ's link names the one
 * it was opened from (`step`) beside the booking so far, so the FAQ leads back to it (a walk's
 * finding: its links dropped the booking, and its button started over from the home page).
 */
export const RESUMABLE_STEPS: readonly string[] = ["vehicles", "vehicle", "additions", "review"];

/**
 * The FAQ link's query from `page` with `query` (its address now): the booking and its step, or the
 * language alone. The list's address holds its trip and its filters (the list writes them there),
 * and a vehicle's page holds those its card link brought (its "back to the list" keeps them): all
 * of it goes, and the FAQ leads back with the booking and the filters.
 */
export function faqQuery(page: PublicPage, query: Record<string, string>): Record<string, string> {
  if (!RESUMABLE_STEPS.includes(page.kind)) return withChanges({}, { lang: query.lang });
  const vehicle = page.kind === "vehicle" ? page.vehicleId : query.vehicle;
  const withFilters = page.kind === "vehicles" || page.kind === "vehicle";
  return withChanges(withFilters ? query : bookingQuery(query), { vehicle, step: page.kind });
}

/** Each key's place in a query string: the contract's keys first, in their usual order, then any other. */
const KEY_ORDER = new Map<string, number>(
  ["ref", "t", ...BOOKING_KEYS, ...FILTER_KEYS, "step"].map((key, index) => [key, index]),
);
const rank = (key: string) => KEY_ORDER.get(key) ?? KEY_ORDER.size;

/** "?a=1&b=2" (or "" when empty), with the keys of the contract first in their usual order. */
export function queryString(query: Record<string, string>): string {
  const keys = Object.keys(query)
    .filter((key) => query[key] !== undefined && query[key] !== "")
    .sort((a, b) => rank(a) - rank(b));
  if (keys.length === 0) return "";
  return `?${keys.map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(query[key] ?? "")}`).join("&")}`;
}

/** A link to a page with a query. */
export const hrefTo = (data: Pick<PublicPageData, "basePath">, target: Target, query: Record<string, string> = {}) =>
  `${pagePath(data, target)}${queryString(query)}`;
