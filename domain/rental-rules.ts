import { z } from "zod";
import { DEFAULT_CANCELLATION_POLICY } from "./cancellation";
import type { ApiMessageKey } from "./messages";
import { moneyField } from "./money";
import { isIsoDate, isTime } from "./rental-time";
import { versionField } from "./version";

/**
 * The rules an owner sets for renting (issue 10): one shape, snake_case, used on the wire, in the
 * database's JSON columns and by the checks and pricing of `rental-checks.ts`. Every default leaves
 * an existing landing exactly as it was: one day minimum, no maximum, no lead time, no horizon, no
 * discounts, no age rules, SPEC §9's cancellation fees, no contact buttons, no closures.
 */

export const RULE_DAYS_MAX = 365;
export const LEAD_TIME_HOURS_MAX = 24 * 30;
export const HORIZON_MONTHS_MAX = 36;
export const DRIVER_AGE_MIN = 16;
export const DRIVER_AGE_MAX = 99;
export const DISCOUNT_PERCENT_MAX = 90;
export const FEE_MAX_CENTS = 100_000_00;
export const WINDOW_HOURS_MAX = 24 * 60;
export const CLOSURES_MAX = 50;
export const SEASONS_MAX = 24;
export const RULE_NOTE_MAX = 80;
export const CONTACT_PHONE_MAX = 30;
/** Long-rental discounts start at these lengths (issue 10). */
export const WEEK_DAYS = 7;
export const MONTH_DAYS = 28;

/** A date range, both ends included: "2026-12-15".."2027-01-10". */
export type DateRange = { from: string; to: string };
/** Days the landing takes no pickups or returns (holidays). */
export type Closure = DateRange & { note: string };
/** A vehicle's price per day between two dates (both included). */
export type Season = DateRange & { name: string; price_cents: number };
/** Open from `open` to `close` (both HH:mm, close included), or null: closed all day. */
export type DayHours = { open: string; close: string } | null;
/** A week of hours, Sunday first (index = `Date.getUTCDay()` of the date). */
export type WeekHours = DayHours[];

export type LandingRules = {
  min_days: number;
  max_days: number | null;
  lead_time_hours: number;
  booking_horizon_months: number | null;
  /** Basis points off the rental from 7 days (1000 = 10 %); 0 for none. */
  week_discount_bp: number;
  /** Basis points off the rental from 28 days; 0 for none. */
  month_discount_bp: number;
  min_driver_age: number | null;
  /** Drivers younger than this pay the young-driver fee per day; null for no fee. */
  young_driver_age: number | null;
  young_driver_fee_cents: number;
  cancellation_late_fee_cents: number;
  cancellation_early_fee_cents: number;
  cancellation_window_hours: number;
  contact_phone: string;
  whatsapp: string;
  closures: Closure[];
};

/** What a vehicle adds to or overrides of its landing's rules. */
export type VehicleRules = {
  min_days: number | null;
  max_days: number | null;
  min_driver_age: number | null;
  deposit_cents: number;
  seasons: Season[];
};

/** A place's opening hours and its after-hours fee (null: outside hours is refused). */
export type PlaceRules = { place: string; hours: WeekHours; after_hours_fee_cents: number | null };

/** The fee of a pickup/return pair whose places differ (SPEC's locations are pairs). */
export type OneWayFee = { place_of_departure: string; arrival_place: string; one_way_fee_cents: number };

export const DEFAULT_LANDING_RULES: LandingRules = {
  min_days: 1,
  max_days: null,
  lead_time_hours: 0,
  booking_horizon_months: null,
  week_discount_bp: 0,
  month_discount_bp: 0,
  min_driver_age: null,
  young_driver_age: null,
  young_driver_fee_cents: 0,
  cancellation_late_fee_cents: DEFAULT_CANCELLATION_POLICY.lateFeeCents,
  cancellation_early_fee_cents: DEFAULT_CANCELLATION_POLICY.earlyFeeCents,
  cancellation_window_hours: DEFAULT_CANCELLATION_POLICY.windowHours,
  contact_phone: "",
  whatsapp: "",
  closures: [],
};

export const DEFAULT_VEHICLE_RULES: VehicleRules = {
  min_days: null,
  max_days: null,
  min_driver_age: null,
  deposit_cents: 0,
  seasons: [],
};

/** Always open: a place without hours of its own. */
export const ALWAYS_OPEN: WeekHours = [null, null, null, null, null, null, null].map(() => ({
  open: "00:00",
  close: "23:59",
}));

const m = (key: ApiMessageKey) => key;

/** A whole number in a range, typed or sent as a number; "" or null is `null` (no rule). */
const optionalWhole = (min: number, max: number, message: ApiMessageKey) =>
  z
    .union([z.string(), z.number(), z.null()], m(message))
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
      const number = typeof value === "number" ? value : Number(value.trim());
      if (!Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message: m(message) });
        return z.NEVER;
      }
      return number;
    });

const requiredWhole = (min: number, max: number, message: ApiMessageKey, fallback: number) =>
  optionalWhole(min, max, message).transform((value) => value ?? fallback);

/** "10", "10,5" or 10.5 percent -> basis points; "" is 0. */
const percentField = z
  .union([z.string(), z.number(), z.null()], m("discountRange"))
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return 0;
    const number = typeof value === "number" ? value : Number(value.trim().replace(",", ".").replace(/%$/, ""));
    if (!Number.isFinite(number) || number < 0 || number > DISCOUNT_PERCENT_MAX) {
      ctx.addIssue({ code: "custom", message: m("discountRange") });
      return z.NEVER;
    }
    return Math.round(number * 100);
  });

const feeField = moneyField({ invalid: "feeInvalid", maxCents: FEE_MAX_CENTS, tooHigh: "feeInvalid" });
/** A fee that may be left empty to mean "no fee, refuse instead" (after-hours). */
const optionalFeeField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null || value === "" ? null : value))
  .pipe(feeField.nullable());

export const isoDate = z.string(m("dateInvalid")).refine(isIsoDate, m("dateInvalid"));
const note = z.string().trim().max(RULE_NOTE_MAX, m("noteTooLong")).optional().default("");

const dateRange = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ from: isoDate, to: isoDate, ...shape })
    .refine((range) => (range as DateRange).from <= (range as DateRange).to, {
      message: m("rangeReversed"),
      path: ["to"],
    });

/** Whether two inclusive date ranges share a day. */
export const rangesOverlap = (a: DateRange, b: DateRange) => a.from <= b.to && b.from <= a.to;

const phone = z
  .string()
  .trim()
  .max(CONTACT_PHONE_MAX, m("phoneInvalid"))
  .refine((text) => text === "" || /^\+?[0-9()\-.\s]{6,}$/.test(text), m("phoneInvalid"))
  .optional()
  .default("");

/**
 * PUT /landings/{userId}/{landingId}/rules: the landing's "Reglas y tarifas". Money as people type
 * it, percentages as percents; the answer is the stored `LandingRules`.
 */
export const landingRulesInputSchema = z
  .object({
    version: versionField,
    min_days: requiredWhole(1, RULE_DAYS_MAX, "daysRange", 1),
    max_days: optionalWhole(1, RULE_DAYS_MAX, "daysRange"),
    lead_time_hours: requiredWhole(0, LEAD_TIME_HOURS_MAX, "leadTimeRange", 0),
    booking_horizon_months: optionalWhole(1, HORIZON_MONTHS_MAX, "horizonRange"),
    week_discount: percentField,
    month_discount: percentField,
    min_driver_age: optionalWhole(DRIVER_AGE_MIN, DRIVER_AGE_MAX, "driverAgeRange"),
    young_driver_age: optionalWhole(DRIVER_AGE_MIN, DRIVER_AGE_MAX, "driverAgeRange"),
    young_driver_fee: feeField.optional().default(0),
    cancellation_late_fee: feeField.optional().default(DEFAULT_CANCELLATION_POLICY.lateFeeCents),
    cancellation_early_fee: feeField.optional().default(DEFAULT_CANCELLATION_POLICY.earlyFeeCents),
    cancellation_window_hours: requiredWhole(
      1,
      WINDOW_HOURS_MAX,
      "windowRange",
      DEFAULT_CANCELLATION_POLICY.windowHours,
    ),
    contact_phone: phone,
    whatsapp: phone,
    closures: z
      .array(dateRange({ note }), m("closuresInvalid"))
      .max(CLOSURES_MAX, m("closuresInvalid"))
      .optional()
      .default([]),
  })
  .superRefine((input, ctx) => {
    if (input.max_days !== null && input.max_days < input.min_days) {
      ctx.addIssue({ code: "custom", message: m("maxBelowMin"), path: ["max_days"] });
    }
    if (
      input.young_driver_age !== null &&
      input.min_driver_age !== null &&
      input.young_driver_age <= input.min_driver_age
    ) {
      ctx.addIssue({ code: "custom", message: m("youngAgeBelowMin"), path: ["young_driver_age"] });
    }
    if (input.young_driver_fee > 0 && input.young_driver_age === null) {
      ctx.addIssue({ code: "custom", message: m("youngAgeRequired"), path: ["young_driver_age"] });
    }
    if (input.month_discount > 0 && input.month_discount < input.week_discount) {
      ctx.addIssue({ code: "custom", message: m("monthDiscountBelowWeek"), path: ["month_discount"] });
    }
  })
  .transform((input): LandingRules & { version: number } => ({
    version: input.version,
    min_days: input.min_days,
    max_days: input.max_days,
    lead_time_hours: input.lead_time_hours,
    booking_horizon_months: input.booking_horizon_months,
    week_discount_bp: input.week_discount,
    month_discount_bp: input.month_discount,
    min_driver_age: input.min_driver_age,
    young_driver_age: input.young_driver_age,
    young_driver_fee_cents: input.young_driver_fee,
    cancellation_late_fee_cents: input.cancellation_late_fee,
    cancellation_early_fee_cents: input.cancellation_early_fee,
    cancellation_window_hours: input.cancellation_window_hours,
    contact_phone: input.contact_phone,
    whatsapp: input.whatsapp,
    closures: [...input.closures].sort((a, b) => a.from.localeCompare(b.from)),
  }));
export type LandingRulesInput = z.input<typeof landingRulesInputSchema>;

const seasonInput = dateRange({
  name: z.string(m("required")).trim().min(1, m("required")).max(RULE_NOTE_MAX, m("noteTooLong")),
  price: moneyField({
    required: "priceRequired",
    invalid: "pricePositive",
    positive: true,
    maxCents: FEE_MAX_CENTS,
    tooHigh: "priceTooHigh",
  }),
});

/** PUT /vehicles/{landingId}/{id}/rules: a vehicle's seasons, deposit and overrides of its landing's rules. */
export const vehicleRulesInputSchema = z
  .object({
    version: versionField,
    min_days: optionalWhole(1, RULE_DAYS_MAX, "daysRange"),
    max_days: optionalWhole(1, RULE_DAYS_MAX, "daysRange"),
    min_driver_age: optionalWhole(DRIVER_AGE_MIN, DRIVER_AGE_MAX, "driverAgeRange"),
    deposit: feeField.optional().default(0),
    seasons: z.array(seasonInput, m("seasonsInvalid")).max(SEASONS_MAX, m("seasonsInvalid")).optional().default([]),
  })
  .superRefine((input, ctx) => {
    if (input.max_days !== null && input.min_days !== null && input.max_days < input.min_days) {
      ctx.addIssue({ code: "custom", message: m("maxBelowMin"), path: ["max_days"] });
    }
    input.seasons.forEach((season, index) => {
      const clash = input.seasons.findIndex((other, at) => at < index && rangesOverlap(other, season));
      if (clash !== -1)
        ctx.addIssue({ code: "custom", message: m("seasonsOverlap"), path: ["seasons", index, "from"] });
    });
  })
  .transform((input): VehicleRules & { version: number } => ({
    version: input.version,
    min_days: input.min_days,
    max_days: input.max_days,
    min_driver_age: input.min_driver_age,
    deposit_cents: input.deposit,
    seasons: input.seasons
      .map((season) => ({ name: season.name, from: season.from, to: season.to, price_cents: season.price }))
      .sort((a, b) => a.from.localeCompare(b.from)),
  }));
export type VehicleRulesInput = z.input<typeof vehicleRulesInputSchema>;

/** POST /vehicles/{landingId}/{id}/blocks: `units` cars out (maintenance) for whole days. */
export const vehicleBlockInputSchema = dateRange({
  units: requiredWhole(1, 1000, "unitsRange", 1),
  note,
});
export type VehicleBlockInput = z.input<typeof vehicleBlockInputSchema>;

const dayHours = z
  .union([z.object({ open: z.string(), close: z.string() }), z.null()], m("hoursInvalid"))
  .refine((day) => day === null || (isTime(day.open) && isTime(day.close)), m("timeInvalid"))
  .refine((day) => day === null || day.open < day.close, m("hoursReversed"));

/** PUT /landings/{landingId}/places: one place's week of hours (Sunday first) and its after-hours fee. */
export const placeRulesInputSchema = z.object({
  place: z.string(m("required")).trim().min(1, m("required")).max(120, m("placeTooLong")),
  /** Null: the place keeps no hours (always open) and no after-hours fee. */
  hours: z.array(dayHours, m("hoursInvalid")).length(7, m("hoursInvalid")).nullable(),
  after_hours_fee: optionalFeeField,
});

/** PATCH /landing/{landingId}/locations/{locationId}: the pair's one-way fee. */
export const oneWayFeeInputSchema = z.object({ one_way_fee: feeField });

/** Stored JSON read back with today's defaults, so an older row or a missing key changes nothing. */
export function landingRulesOf(stored: unknown): LandingRules {
  const value = stored && typeof stored === "object" ? (stored as Partial<LandingRules>) : {};
  return { ...DEFAULT_LANDING_RULES, ...value, closures: value.closures ?? [] };
}

/** The cancellation policy of `cancellation.ts` from a landing's rules. */
export const cancellationPolicyOf = (rules: LandingRules) => ({
  lateFeeCents: rules.cancellation_late_fee_cents,
  earlyFeeCents: rules.cancellation_early_fee_cents,
  windowHours: rules.cancellation_window_hours,
});

/** "+1 (809) 555-0101" -> "18095550101", the form wa.me wants. */
export const whatsappNumber = (phone: string) => phone.replace(/\D/g, "");

/** A wa.me link with a prefilled message (issue 10), or null without a WhatsApp number. */
export function whatsappLink(phone: string, message: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}

/** The response shapes of the rules (the stored shapes, cents and basis points). */
const dateRangeOut = { from: z.string(), to: z.string() };
export const landingRulesSchema = z.object({
  min_days: z.number().int(),
  max_days: z.number().int().nullable(),
  lead_time_hours: z.number().int(),
  booking_horizon_months: z.number().int().nullable(),
  week_discount_bp: z.number().int(),
  month_discount_bp: z.number().int(),
  min_driver_age: z.number().int().nullable(),
  young_driver_age: z.number().int().nullable(),
  young_driver_fee_cents: z.number().int(),
  cancellation_late_fee_cents: z.number().int(),
  cancellation_early_fee_cents: z.number().int(),
  cancellation_window_hours: z.number().int(),
  contact_phone: z.string(),
  whatsapp: z.string(),
  closures: z.array(z.object({ ...dateRangeOut, note: z.string() })),
});
export const seasonSchema = z.object({ ...dateRangeOut, name: z.string(), price_cents: z.number().int() });
export const vehicleRulesSchema = z.object({
  min_days: z.number().int().nullable(),
  max_days: z.number().int().nullable(),
  min_driver_age: z.number().int().nullable(),
  deposit_cents: z.number().int(),
  seasons: z.array(seasonSchema),
});
export const weekHoursSchema = z.array(z.object({ open: z.string(), close: z.string() }).nullable());
export const placeRulesSchema = z.object({
  place: z.string(),
  hours: weekHoursSchema,
  after_hours_fee_cents: z.number().int().nullable(),
});
export const vehicleBlockSchema = z.object({
  id: z.number().int(),
  id_vehicle: z.number().int(),
  ...dateRangeOut,
  units: z.number().int(),
  note: z.string(),
});
export type VehicleBlock = z.infer<typeof vehicleBlockSchema>;

/** Stored vehicle JSON read back with today's defaults. */
export function vehicleRulesOf(stored: unknown): VehicleRules {
  const value = stored && typeof stored === "object" ? (stored as Partial<VehicleRules>) : {};
  return { ...DEFAULT_VEHICLE_RULES, ...value, seasons: value.seasons ?? [] };
}
