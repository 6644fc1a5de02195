/**
 * The extras a landing offers (a coverage, a child seat, a GPS...). No zod here: the public site's
 * bundle imports these, and the schemas stay in domain/landings.ts and domain/reservations.ts.
 */

/** What an add-on is: it picks the add-on's icon, and a coverage is taken once per booking. */
export const ADDON_KINDS = ["coverage", "child_seat", "equipment", "driver", "other"] as const;
export type AddonKind = (typeof ADDON_KINDS)[number];

export const isAddonKind = (value: unknown): value is AddonKind =>
  typeof value === "string" && (ADDON_KINDS as readonly string[]).includes(value);

/** The most of one add-on a booking may take, and the most add-ons it may take. */
export const ADDON_QUANTITY_MAX = 20;
export const RESERVATION_ADDONS_MAX = 10;

/**
 * How many of an add-on one booking may take: the owner's maximum, and never more than one
 * coverage (a car is covered once, however many times the visitor taps plus).
 */
export const addonQuantityCap = (addon: { kind: AddonKind; max_quantity: number }) =>
  addon.kind === "coverage" ? 1 : Math.min(Math.max(1, addon.max_quantity), ADDON_QUANTITY_MAX);
