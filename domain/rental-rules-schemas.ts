import { z } from "zod";
import { DEFAULT_CANCELLATION_POLICY } from "./cancellation";
import type { ApiMessageKey } from "./messages";
import { moneyField } from "./money-field";
import { refinePhone } from "./phone";
import { freeText } from "./plain-text";
import {
  CLOSURES_MAX,
  CONTACT_PHONE_MAX,
  type DateRange,
  DISCOUNT_PERCENT_MAX,
  DRIVER_AGE_MAX,
  DRIVER_AGE_MIN,
  FAQ_ANSWER_MAX,
  FAQ_MAX,
  FAQ_QUESTION_MAX,
  FEE_MAX_CENTS,
  HORIZON_MONTHS_MAX,
  type LandingRules,
  LEAD_TIME_HOURS_MAX,
  RULE_DAYS_MAX,
  RULE_NOTE_MAX,
  rangesOverlap,
  SEASONS_MAX,
  TERMS_MAX,
  type VehicleRules,
  WINDOW_HOURS_MAX,
} from "./rental-rules";
import { isIsoDate, isTime } from "./rental-time";
import { translationsSchema, translationsViewSchema, untranslatedSchema } from "./translations";
import { versionField } from "./version";

/** The zod schemas of the rental rules (issue 10): the owner's forms and the API's answers. */

const m = (key: ApiMessageKey) => key;

/** A whole number in a range, typed or sent as a number; "" or null is `null` (no rule). */
export const optionalWhole = (min: number, max: number, message: ApiMessageKey) =>
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

/**
 * A rule's number as the rules between fields read it: null when left empty, undefined when what
 * was typed is not a number (its own field says so, and no rule between fields is judged on it).
 */
type Typed = number | null | undefined;

/** What the rules between fields read; the discounts in one unit, percent or basis points alike. */
export type CrossFieldInput = Record<
  | "min_days"
  | "max_days"
  | "min_driver_age"
  | "young_driver_age"
  | "young_driver_fee"
  | "week_discount"
  | "month_discount"
  | "cancellation_early_fee"
  | "cancellation_late_fee",
  Typed
>;

const known = (value: Typed): value is number => typeof value === "number";

/**
 * The rules between a landing's rules, each under the field it names: one home for the schema,
 * which runs them once every field is valid, and the dashboard's form, which runs them on what was
 * typed in the same pass as each field's own check.
 */
export function rulesCrossFieldProblems(input: CrossFieldInput): Partial<Record<keyof CrossFieldInput, ApiMessageKey>> {
  const problems: Partial<Record<keyof CrossFieldInput, ApiMessageKey>> = {};
  const { min_days, max_days, min_driver_age, young_driver_age, young_driver_fee } = input;
  if (known(max_days) && known(min_days) && max_days < min_days) problems.max_days = "maxBelowMin";
  if (known(young_driver_age) && known(min_driver_age) && young_driver_age <= min_driver_age) {
    problems.young_driver_age = "youngAgeBelowMin";
  }
  if (known(young_driver_fee) && young_driver_fee > 0 && young_driver_age === null) {
    problems.young_driver_age = "youngAgeRequired";
  }
  const { week_discount: week, month_discount: month } = input;
  if (known(week) && known(month) && month > 0 && month < week) problems.month_discount = "monthDiscountBelowWeek";
  // Cancelling early would cost the traveller more than cancelling at the last minute.
  const { cancellation_early_fee: early, cancellation_late_fee: late } = input;
  if (known(early) && known(late) && early > late) problems.cancellation_early_fee = "earlyFeeAboveLate";
  return problems;
}

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

const feeField = moneyField({ invalid: "feeInvalid", maxCents: FEE_MAX_CENTS, tooHigh: "amountTooHigh" });
/**
 * What the server would say of a fee as typed, or nothing when it reads as one: the place's
 * dialogs check before sending, in the same words (an amount too high is said to be so).
 */
export function feeProblem(text: string): ApiMessageKey | undefined {
  const parsed = feeField.safeParse(text);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message as ApiMessageKey);
}
/** A fee that may be left empty to mean "no fee, refuse instead" (after-hours). */
const optionalFeeField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null || value === "" ? null : value))
  .pipe(feeField.nullable());

export const isoDate = z.string(m("dateInvalid")).refine(isIsoDate, m("dateInvalid"));
const noteText = z.string().trim().max(RULE_NOTE_MAX, m("noteTooLong"));
const note = noteText.optional().default("");

/** The owner's conditions: free text, line breaks kept. */
const termsText = freeText(TERMS_MAX, m("termsTooLong"));
const faqQuestion = freeText(FAQ_QUESTION_MAX, m("faqQuestionTooLong"));
const faqAnswer = freeText(FAQ_ANSWER_MAX, m("faqAnswerTooLong"));
/** One of the owner's questions: both texts required in the landing's language, either in the other. */
const faqEntry = z.object(
  {
    question: z
      .string(m("required"))
      .pipe(faqQuestion)
      .pipe(z.string().min(1, m("required"))),
    answer: z
      .string(m("required"))
      .pipe(faqAnswer)
      .pipe(z.string().min(1, m("required"))),
    translations: translationsSchema({ question: faqQuestion, answer: faqAnswer }).optional().default({}),
  },
  m("faqInvalid"),
);

const dateRange = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ from: isoDate, to: isoDate, ...shape })
    .refine((range) => (range as DateRange).from <= (range as DateRange).to, {
      message: m("rangeReversed"),
      path: ["to"],
    });

const phone = z
  .string()
  .trim()
  .max(CONTACT_PHONE_MAX, { error: m("phoneInvalid"), abort: true })
  .superRefine((text, ctx) => {
    if (text !== "") refinePhone(text, ctx);
  })
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
      .array(
        dateRange({ note, translations: translationsSchema({ note: noteText }).optional().default({}) }),
        m("closuresInvalid"),
      )
      .max(CLOSURES_MAX, m("closuresInvalid"))
      .optional()
      .default([]),
    terms: z.string(m("invalid")).pipe(termsText).optional().default(""),
    terms_translations: translationsSchema({ terms: termsText }).optional().default({}),
    faq: z.array(faqEntry, m("faqInvalid")).max(FAQ_MAX, m("faqInvalid")).optional().default([]),
  })
  .superRefine((input, ctx) => {
    for (const [path, message] of Object.entries(rulesCrossFieldProblems(input))) {
      ctx.addIssue({ code: "custom", message, path: [path] });
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
    terms: input.terms,
    ...(Object.keys(input.terms_translations).length > 0 && { terms_translations: input.terms_translations }),
    faq: input.faq,
  }));
export type LandingRulesInput = z.input<typeof landingRulesInputSchema>;

const seasonInput = dateRange({
  name: z.string(m("required")).trim().min(1, m("required")).max(RULE_NOTE_MAX, m("noteTooLong")),
  price: moneyField({
    required: "priceRequired",
    invalid: "pricePositive",
    positive: true,
    maxCents: FEE_MAX_CENTS,
    // A season's price is a price per day, with the vehicle's own limit (FEE_MAX_CENTS is the same 100,000).
    tooHigh: "vehiclePriceTooHigh",
  }),
  // Its name in the landing's other language (PRODUCT §7); only that language is kept, by the service.
  translations: translationsSchema({ name: noteText }).optional().default({}),
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
      .map((season) => ({
        name: season.name,
        from: season.from,
        to: season.to,
        price_cents: season.price,
        ...(Object.keys(season.translations).length > 0 && { translations: season.translations }),
      }))
      .sort((a, b) => a.from.localeCompare(b.from)),
  }));
export type VehicleRulesInput = z.input<typeof vehicleRulesInputSchema>;

/** POST /vehicles/{landingId}/{id}/blocks: `units` cars out (maintenance) for whole days. */
export const vehicleBlockInputSchema = dateRange({
  units: requiredWhole(1, 1000, "unitsRange", 1),
  note,
});
export type VehicleBlockInput = z.input<typeof vehicleBlockInputSchema>;

/** Why a block of more units than the vehicle has is refused: one unit said as one ("1 unit", not "1 units"). */
export const blockTooManyUnitsKey = (units: number): ApiMessageKey =>
  units === 1 ? "blockOnlyUnit" : "blockTooManyUnits";

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
  closures: z.array(z.object({ ...dateRangeOut, note: z.string(), translations: translationsViewSchema.optional() })),
  terms: z.string(),
  terms_translations: translationsViewSchema.optional(),
  faq: z.array(
    z.object({
      question: z.string(),
      answer: z.string(),
      translations: translationsViewSchema.optional(),
      untranslated: untranslatedSchema,
    }),
  ),
  /** Visitors' answers only: the terms, when shown in another language than the page's. */
  untranslated: untranslatedSchema,
});
export const seasonSchema = z.object({
  ...dateRangeOut,
  name: z.string(),
  price_cents: z.number().int(),
  translations: translationsViewSchema.optional(),
});
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
