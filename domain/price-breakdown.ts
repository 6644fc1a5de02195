/**
 * A price breakdown as every answer carries it (the site's quote, the desk's quote, a reservation,
 * and through it the emails): one zod schema, its type, and the two ways across between it and
 * the domain's `PriceBreakdown` (`pricing.ts`). Money is integer cents; the wire gives rates in
 * percent (`discount_rate` 10 is 10 %) where the domain keeps basis points (1000).
 */
import { z } from "zod";
import { adjustmentCents } from "./agreed-price";
import { LANGUAGES } from "./languages";
import { FEE_KINDS, type PriceBreakdown } from "./pricing";

/** Consecutive days at one price: a season's (by name) or the vehicle's own (season null). */
const rentalLineSchema = z.object({
  season: z.string().nullable(),
  /** The season's name in each language, when the owner wrote it in both (`seasonLineName` picks the reader's). */
  season_names: z.partialRecord(z.enum(LANGUAGES), z.string()).optional(),
  days: z.number().int(),
  price_per_day_cents: z.number().int(),
  total_cents: z.number().int(),
});

/** A fee of the rental; a per-day fee says its price per day. */
const feeLineSchema = z.object({
  kind: z.enum(FEE_KINDS),
  total_cents: z.number().int(),
  per_day_cents: z.number().int().nullable(),
});

/**
 * An extra and how many; its id is null once the owner removed that extra from the landing. A
 * booking's lines carry its name in each language as booked (`names`); a quote's need none.
 */
const addonLineSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  names: z.partialRecord(z.enum(LANGUAGES), z.string()).optional(),
  price_cents: z.number().int(),
  quantity: z.number().int(),
  total_cents: z.number().int(),
});

export const priceBreakdownSchema = z.object({
  days: z.number().int(),
  price_per_day_cents: z.number().int(),
  /** The rental day by day grouped by price. */
  rental_lines: z.array(rentalLineSchema),
  rental_cents: z.number().int(),
  /** The long-rental discount: its rate (percent) and amount off the rental. */
  discount_rate: z.number(),
  discount_cents: z.number().int(),
  fees: z.array(feeLineSchema),
  fees_cents: z.number().int(),
  addons: z.array(addonLineSchema),
  addons_cents: z.number().int(),
  /**
   * An agreed price's adjustment to the lines above (negative: taken off), so that they add up to
   * its subtotal; zero for a price as the rules made it (`adjustmentCents`).
   */
  adjustment_cents: z.number().int(),
  subtotal_cents: z.number().int(),
  tax_label: z.string(),
  /** Percent. */
  tax_rate: z.number(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  /** `total_cents` in units, for SPEC §3's readers. */
  total_price: z.number(),
  currency: z.string(),
});
export type PriceBreakdownJson = z.infer<typeof priceBreakdownSchema>;

/** The domain's breakdown as the answers carry it. */
export const presentPrice = (price: PriceBreakdown): PriceBreakdownJson => ({
  days: price.days,
  price_per_day_cents: price.pricePerDayCents,
  rental_lines: price.rentalLines.map((line) => ({
    season: line.season,
    ...(line.seasonNames && { season_names: line.seasonNames }),
    days: line.days,
    price_per_day_cents: line.pricePerDayCents,
    total_cents: line.totalCents,
  })),
  rental_cents: price.rentalCents,
  discount_rate: price.discountBasisPoints / 100,
  discount_cents: price.discountCents,
  fees: price.fees.map((fee) => ({ kind: fee.kind, total_cents: fee.totalCents, per_day_cents: fee.perDayCents })),
  fees_cents: price.feesCents,
  addons: price.addons.map((line) => ({
    // A negative id is an extra since removed (see readPrice).
    id: line.id > 0 ? line.id : null,
    name: line.name,
    ...(line.names && { names: line.names }),
    price_cents: line.priceCents,
    quantity: line.quantity,
    total_cents: line.totalCents,
  })),
  addons_cents: price.addonsCents,
  adjustment_cents: adjustmentCents(price),
  subtotal_cents: price.subtotalCents,
  tax_label: price.taxLabel,
  tax_rate: price.taxRateBasisPoints / 100,
  tax_cents: price.taxCents,
  total_cents: price.totalCents,
  total_price: price.totalCents / 100,
  currency: price.currency,
});

/**
 * An answer's breakdown as the domain's, every line as it was (to draw with the same table); an
 * extra since removed gets a negative id of its own.
 */
export const readPrice = (json: PriceBreakdownJson): PriceBreakdown => ({
  days: json.days,
  pricePerDayCents: json.price_per_day_cents,
  rentalLines: json.rental_lines.map((line) => ({
    season: line.season,
    ...(line.season_names && { seasonNames: line.season_names }),
    days: line.days,
    pricePerDayCents: line.price_per_day_cents,
    totalCents: line.total_cents,
  })),
  rentalCents: json.rental_cents,
  discountBasisPoints: Math.round(json.discount_rate * 100),
  discountCents: json.discount_cents,
  fees: json.fees.map((fee) => ({ kind: fee.kind, totalCents: fee.total_cents, perDayCents: fee.per_day_cents })),
  feesCents: json.fees_cents,
  addons: json.addons.map((line, index) => ({
    id: line.id ?? -(index + 1),
    name: line.name,
    names: line.names ?? null,
    priceCents: line.price_cents,
    quantity: line.quantity,
    totalCents: line.total_cents,
  })),
  addonsCents: json.addons_cents,
  subtotalCents: json.subtotal_cents,
  taxLabel: json.tax_label,
  taxRateBasisPoints: Math.round(json.tax_rate * 100),
  taxCents: json.tax_cents,
  totalCents: json.total_cents,
  currency: json.currency,
});
