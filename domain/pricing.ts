import type { Language } from "./languages";
import { addDays } from "./rental-time";
/**
 * The one pricing function (PRODUCT §5, issue 10), used by the quote, the reservation, the emails
 * and the pages. Money is integer cents throughout; the only roundings are the long-rental
 * discount and the tax, each half-up to the cent.
 */

/**
 * An extra chosen, with its name in the booking's language and, for a booking, in every language
 * as the landing had it when booked (`names`): its pages read in the other language say it in that one.
 */
export type AddonChoice = {
  id: number;
  name: string;
  priceCents: number;
  quantity: number;
  names?: LanguageNames | null;
};
/** A name (an extra's, a season's) in each language (`es`, `en`). */
export type LanguageNames = Partial<Record<Language, string>>;

/** The extra's name as a reader in `language` reads it: its own in that language when known. */
export const addonLineName = (line: Pick<AddonChoice, "name" | "names">, language: Language) =>
  line.names?.[language] || line.name;

/**
 * A season's price per day between two dates, both included (see `rental-rules.ts`), with its name
 * in every language when the caller knows them (`names`: a booking's lines keep them, as an extra's).
 */
export type SeasonPrice = { name: string; from: string; to: string; price_cents: number; names?: LanguageNames };

export const FEE_KINDS = ["oneWay", "afterHoursPickup", "afterHoursReturn", "youngDriver"] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
/** A fee of the rental; per-day fees say their price per day. */
export type FeeLine = { kind: FeeKind; totalCents: number; perDayCents: number | null };

export type PriceInput = {
  pricePerDayCents: number;
  days: number;
  addons: AddonChoice[];
  /** Tax rate in basis points: 1800 is 18 %. */
  taxRateBasisPoints: number;
  taxLabel: string;
  currency: string;
  /** The pickup date (yyyy-mm-dd): day n of the rental is priced at the season of pickup + n days. */
  pickupDate?: string;
  seasons?: SeasonPrice[];
  /** Basis points off the rental from 7 days and from 28 days. */
  weekDiscountBasisPoints?: number;
  monthDiscountBasisPoints?: number;
  fees?: FeeLine[];
};

export type AddonLine = AddonChoice & { totalCents: number };
/** Consecutive days at one price: a season's (by name, and in every language as booked) or the vehicle's own (season null). */
export type RentalLine = {
  season: string | null;
  seasonNames?: LanguageNames;
  days: number;
  pricePerDayCents: number;
  totalCents: number;
};

/** A rental line's season as a reader in `language` reads it: its own name in that language when known. */
export const seasonLineName = (line: Pick<RentalLine, "season" | "seasonNames">, language: Language) =>
  line.seasonNames?.[language] || line.season;

/** The same for a line as the answers carry it (`price-breakdown.ts`: `season_names`). */
export const rentalLineSeason = (line: { season: string | null; season_names?: LanguageNames }, language: Language) =>
  seasonLineName({ season: line.season, seasonNames: line.season_names }, language);

export type PriceBreakdown = {
  days: number;
  pricePerDayCents: number;
  rentalLines: RentalLine[];
  rentalCents: number;
  discountBasisPoints: number;
  discountCents: number;
  fees: FeeLine[];
  feesCents: number;
  addons: AddonLine[];
  addonsCents: number;
  subtotalCents: number;
  taxLabel: string;
  taxRateBasisPoints: number;
  taxCents: number;
  totalCents: number;
  currency: string;
};

/** `amount` x `basisPoints` / 10,000, rounded half-up to the cent (amounts are never negative). */
export const percentOf = (amountCents: number, basisPoints: number) =>
  Math.floor((amountCents * basisPoints + 5_000) / 10_000);

/** The rental day by day: each day at the season that holds its date, else the vehicle's price. */
export function rentalLines(input: Pick<PriceInput, "pricePerDayCents" | "days" | "pickupDate" | "seasons">) {
  const lines: RentalLine[] = [];
  // Without seasons every day is at the vehicle's price: no day's date needs working out.
  const dated = input.pickupDate && input.seasons?.length ? input.pickupDate : null;
  for (let day = 0; day < input.days; day++) {
    const date = dated ? addDays(dated, day) : null;
    const season = date
      ? input.seasons?.find((candidate) => candidate.from <= date && date <= candidate.to)
      : undefined;
    const name = season?.name ?? null;
    const price = season?.price_cents ?? input.pricePerDayCents;
    const last = lines.at(-1);
    if (last && last.season === name && last.pricePerDayCents === price) {
      last.days += 1;
      last.totalCents += price;
    } else {
      lines.push({
        season: name,
        ...(season?.names && { seasonNames: season.names }),
        days: 1,
        pricePerDayCents: price,
        totalCents: price,
      });
    }
  }
  return lines;
}

/**
 * What a day of the trip costs the traveller at the vehicle's price or its seasons' (the average
 * when the trip spans two prices), before extras, fees, discounts and tax: the "per day" a
 * searched list and a vehicle's page show, and what their price filter compares.
 */
export const dayRateCents = (price: Pick<PriceBreakdown, "rentalCents" | "days">) =>
  Math.round(price.rentalCents / price.days);

/** The long-rental discount that applies: 28 days or more, else 7 days or more, else none. */
export function discountFor(days: number, weekBasisPoints = 0, monthBasisPoints = 0): number {
  if (days >= 28 && monthBasisPoints > 0) return monthBasisPoints;
  if (days >= 7) return weekBasisPoints;
  return 0;
}

/**
 * rental = each day at its season's price (or the vehicle's); discount = the long-rental
 * percentage of the rental; each add-on = price per day x quantity x days; fees as given;
 * subtotal = rental - discount + fees + add-ons; tax = subtotal x rate, rounded; total = subtotal + tax.
 */
export function priceRental(input: PriceInput): PriceBreakdown {
  const lines = rentalLines(input);
  const rentalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountBasisPoints = discountFor(input.days, input.weekDiscountBasisPoints, input.monthDiscountBasisPoints);
  const discountCents = percentOf(rentalCents, discountBasisPoints);
  const fees = input.fees?.filter((fee) => fee.totalCents > 0) ?? [];
  const feesCents = fees.reduce((sum, fee) => sum + fee.totalCents, 0);
  const addons = input.addons.map((addon) => ({
    ...addon,
    totalCents: addon.priceCents * addon.quantity * input.days,
  }));
  const addonsCents = addons.reduce((sum, addon) => sum + addon.totalCents, 0);
  const subtotalCents = rentalCents - discountCents + feesCents + addonsCents;
  const taxCents = percentOf(subtotalCents, input.taxRateBasisPoints);
  return {
    days: input.days,
    pricePerDayCents: input.pricePerDayCents,
    rentalLines: lines,
    rentalCents,
    discountBasisPoints,
    discountCents,
    fees,
    feesCents,
    addons,
    addonsCents,
    subtotalCents,
    taxLabel: input.taxLabel,
    taxRateBasisPoints: input.taxRateBasisPoints,
    taxCents,
    totalCents: subtotalCents + taxCents,
    currency: input.currency,
  };
}
