import { z } from "zod";
import { isCountryCode } from "./countries";
import { agreementViewSchema, customerTaxIdField, ncfField } from "./documents";
import { DRIVERS_MAX, LICENCE_NUMBER_MAX } from "./drivers";
import { NAME_MAX } from "./limits";
import type { ApiMessageKey } from "./messages";
import { moneyField } from "./money-field";
import { idInput, wholeNumberInput } from "./number-input";
import { freeText, nameText } from "./plain-text";
import { FEE_MAX_CENTS } from "./rental-rules";
import { optionalWhole } from "./rental-rules-schemas";
import { isBirthDate, isIsoDate } from "./rental-time";
import {
  DAMAGE_REASON_MAX,
  DEFAULT_RETURN_RULES,
  FUEL_EIGHTHS,
  ODOMETER_KM_MAX,
  RETURN_CHARGE_KINDS,
  type ReturnRules,
} from "./return-charges";
import { versionField } from "./version";

/**
 * The rental counter (issue 28): the owner's rules for a check-out and a return, and what the
 * counter records when the car leaves and when it comes back. The arithmetic of a return is in
 * `return-charges.ts`; whether a driver may drive, in `drivers.ts`.
 */

const m = (key: ApiMessageKey) => key;

/** The owner's rules of a landing's counter: those of a return, and the fee per additional driver. */
export type CounterRules = ReturnRules & {
  /** Each driver beyond the first, per rental day, charged with the return's lines. */
  additional_driver_day_cents: number;
};

export const DEFAULT_COUNTER_RULES: CounterRules = { ...DEFAULT_RETURN_RULES, additional_driver_day_cents: 0 };

/** Stored JSON read back with today's defaults, so an older row or a missing key changes nothing. */
export function counterRulesOf(stored: unknown): CounterRules {
  const value = stored && typeof stored === "object" ? (stored as Partial<CounterRules>) : {};
  return { ...DEFAULT_COUNTER_RULES, ...value };
}

export { isCountryCode } from "./countries";

export const KM_INCLUDED_MAX = 10_000;
export const GRACE_MINUTES_MAX = 1_440;

const fee = moneyField({ invalid: "feeInvalid", maxCents: FEE_MAX_CENTS, tooHigh: "amountTooHigh" });
/** PUT …/counter-rules: money as people type it; the answer is the stored `CounterRules`. */
export const counterRulesInputSchema = z
  .object({
    version: versionField,
    km_included_per_day: optionalWhole(1, KM_INCLUDED_MAX, "kmIncludedRange"),
    extra_km_fee: fee.optional().default(0),
    fuel_eighth_fee: fee.optional().default(0),
    late_grace_minutes: wholeNumberInput(0, GRACE_MINUTES_MAX, m("graceMinutesRange")),
    late_hour_fee: fee.optional().default(0),
    cleaning_fee: fee.optional().default(0),
    additional_driver_fee: fee.optional().default(0),
  })
  .transform(({ version, ...input }): { version: number; rules: CounterRules } => ({
    version,
    rules: {
      km_included_per_day: input.km_included_per_day,
      extra_km_cents: input.extra_km_fee,
      fuel_eighth_cents: input.fuel_eighth_fee,
      late_grace_minutes: input.late_grace_minutes,
      late_hour_cents: input.late_hour_fee,
      cleaning_fee_cents: input.cleaning_fee,
      additional_driver_day_cents: input.additional_driver_fee,
    },
  }));

export const counterRulesSchema = z.object({
  km_included_per_day: z.number().int().nullable(),
  extra_km_cents: z.number().int(),
  fuel_eighth_cents: z.number().int(),
  late_grace_minutes: z.number().int(),
  late_hour_cents: z.number().int(),
  cleaning_fee_cents: z.number().int(),
  additional_driver_day_cents: z.number().int(),
});

/**
 * The zones of the damage diagram: the car seen from above, from each side, from the front and
 * the back. A mark names one, so check-out's and check-in's marks can be laid side by side.
 */
export const DAMAGE_ZONES = [
  "front_bumper",
  "hood",
  "windshield",
  "roof",
  "rear_window",
  "trunk",
  "rear_bumper",
  "left_front_wing",
  "left_front_door",
  "left_rear_door",
  "left_rear_wing",
  "right_front_wing",
  "right_front_door",
  "right_rear_door",
  "right_rear_wing",
  "wheels",
] as const;
export type DamageZone = (typeof DAMAGE_ZONES)[number];

export const MARKS_MAX = 40;
export const MARK_NOTE_MAX = 200;
export const ITEMS_MAX = 20;
export const ITEM_MAX = 60;
export const DAMAGES_MAX = 10;
export const COUNTER_NOTE_MAX = 1000;

/** A date a driver must give: left empty it is said to be missing, not to be a wrong date. */
const driverDate = (valid: (date: string) => boolean) =>
  z
    .string(m("required"))
    .min(1, { error: m("required"), abort: true })
    .refine(valid, m("dateInvalid"));
const photoId = z
  .number(m("photoNotFound"))
  .int(m("photoNotFound"))
  .positive(m("photoNotFound"))
  .max(2_147_483_647, m("photoNotFound"));

/** Photos taken at the counter: a driver's licence, or a damage mark's close-up. */
export const PHOTO_KINDS = ["licence", "damage"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const PHOTOS_MAX = 60;

/**
 * More kilometres a day than a rental car is driven (1,500: sixteen hours at motorway speed): a
 * return's odometer past it is asked again before it is recorded, as a typed digit too many
 * (402500 for 40250) priced 362,300 km of extra kilometres on an operator's walk.
 */
export const PLAUSIBLE_KM_PER_DAY = 1_500;

/** Whole days from check-out to the return (one at least), as the kilometres' plausibility counts them. */
export const daysOut = (outAt: Date, returnedAt: Date) =>
  Math.max(1, Math.ceil((returnedAt.getTime() - outAt.getTime()) / 86_400_000));

/**
 * The fields of a photo's upload (multipart): its kind, and the upload it replaces (a retake), which
 * is removed at once unless a record already names it.
 */
export const photoUploadFieldsSchema = z.object({
  kind: z.enum(PHOTO_KINDS, m("invalid")),
  replaces: z.preprocess((value) => (value === "" ? undefined : value), idInput("photoNotFound").optional()),
});

export const photoViewSchema = z.object({ id: z.number().int(), kind: z.enum(PHOTO_KINDS), url: z.string() });
export type PhotoView = z.infer<typeof photoViewSchema>;

export const driverSchema = z.object({
  name: nameText(NAME_MAX, m("nameTooLong")),
  licence_number: z
    .string(m("licenceNumberRequired"))
    .trim()
    .min(1, m("licenceNumberRequired"))
    .max(LICENCE_NUMBER_MAX, m("licenceNumberRequired")),
  licence_country: z
    .string(m("licenceCountryInvalid"))
    .trim()
    .transform((code) => code.toUpperCase())
    .refine(isCountryCode, m("licenceCountryInvalid")),
  licence_expiry: driverDate(isIsoDate),
  birth_date: driverDate(isBirthDate),
  /** A photo of the licence taken at the counter (POST …/photos), by its id. */
  licence_photo_id: photoId.optional(),
});
export type DriverInput = z.infer<typeof driverSchema>;

const markSchema = z.object({
  zone: z.enum(DAMAGE_ZONES, m("markZoneInvalid")),
  note: freeText(MARK_NOTE_MAX, m("markNoteTooLong")).optional().default(""),
  /** A close-up of the damage taken at the counter (POST …/photos), by its id. */
  photo_id: photoId.optional(),
});
export type DamageMark = z.infer<typeof markSchema>;

/**
 * "45.210", "45,210", "45 210" or "45,210 km" as people write kilometres (the unit copied from the
 * odometer or from the check-out's own reading): the digits, without the thousands' marks or the unit.
 */
const withoutThousands = (value: unknown) => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  const number = trimmed.toLowerCase().endsWith("km") ? trimmed.slice(0, -2).trimEnd() : trimmed;
  return /^\d{1,3}([.,\s]\d{3})+$/.test(number) ? number.replace(/[.,\s]/g, "") : number;
};

/** The vehicle's state as the counter reads it, at check-out and at check-in. */
const reading = {
  odometer_km: z.preprocess(
    withoutThousands,
    wholeNumberInput(0, ODOMETER_KM_MAX, m("odometerRange"), m("odometerRange")),
  ),
  fuel_eighths: wholeNumberInput(0, FUEL_EIGHTHS, m("fuelRange"), m("fuelRange")),
  marks: z.array(markSchema, m("invalid")).max(MARKS_MAX, m("marksTooMany")).optional().default([]),
  note: freeText(COUNTER_NOTE_MAX, m("counterNoteTooLong")).optional().default(""),
};

/**
 * How a deposit taken at the counter came in: cash, or a card on the owner's own terminal. It goes
 * back the same way at the return (PRODUCT §11: "held at pickup"); a deposit held on the card
 * through the provider is another thing (`payments.ts`).
 */
export const COUNTER_DEPOSIT_METHODS = ["cash", "card"] as const;
export type CounterDepositMethod = (typeof COUNTER_DEPOSIT_METHODS)[number];
/** A deposit the check-out took at the counter: how much, and how it came in. */
export const counterDepositSchema = z.object({ cents: z.number().int(), method: z.enum(COUNTER_DEPOSIT_METHODS) });
export type CounterDeposit = z.infer<typeof counterDepositSchema>;
/** The deposit a check-out (its stored row) took at the counter, or null: none, or held on the card. */
export const depositTaken = (
  out: { depositCents: number; depositMethod: CounterDepositMethod | null } | null | undefined,
): CounterDeposit | null => (out?.depositMethod ? { cents: out.depositCents, method: out.depositMethod } : null);
/** Whether a check-out's answer says a deposit came in (not "none", nor left unanswered). */
export const isCounterDepositMethod = (method: string | undefined): method is CounterDepositMethod =>
  COUNTER_DEPOSIT_METHODS.some((known) => known === method);

/** POST /reservations/:id/check-out. */
export const checkOutSchema = z
  .object({
    ...reading,
    drivers: z
      .array(driverSchema, m("driversRequired"))
      .min(1, m("driversRequired"))
      .max(DRIVERS_MAX, m("driversTooMany")),
    items: z
      .array(freeText(ITEM_MAX, m("itemsInvalid")).pipe(z.string().min(1, m("itemsInvalid"))), m("itemsInvalid"))
      .max(ITEMS_MAX, m("itemsInvalid"))
      .optional()
      .default([]),
    /**
     * The deposit taken at the counter, or "none". Asked when the booking's deposit is taken at
     * pickup (the server says so when it is missing); refused when it is held on the card.
     */
    deposit_method: z.enum([...COUNTER_DEPOSIT_METHODS, "none"], m("depositMethodRequired")).optional(),
    deposit_amount: moneyField({
      invalid: "depositAmountInvalid",
      maxCents: FEE_MAX_CENTS,
      tooHigh: "amountTooHigh",
    }).optional(),
  })
  .superRefine((input, ctx) => {
    if (isCounterDepositMethod(input.deposit_method) && !input.deposit_amount) {
      ctx.addIssue({ code: "custom", path: ["deposit_amount"], message: m("depositAmountInvalid") });
    }
  });
export type CheckOutInput = z.infer<typeof checkOutSchema>;

const damageSchema = z.object({
  reason: freeText(DAMAGE_REASON_MAX, m("damageReasonRequired")).pipe(z.string().min(1, m("damageReasonRequired"))),
  amount: moneyField({
    required: "feeInvalid",
    invalid: "feeInvalid",
    positive: true,
    maxCents: FEE_MAX_CENTS,
    tooHigh: "amountTooHigh",
  }),
});

/** POST /reservations/:id/check-in. The return time is now unless the owner records it later. */
export const checkInSchema = z.object({
  ...reading,
  returned_at: z.iso.datetime({ offset: true, error: m("dateInvalid") }).optional(),
  cleaning: z.boolean(m("invalid")).optional().default(false),
  damages: z.array(damageSchema, m("invalid")).max(DAMAGES_MAX, m("damagesTooMany")).optional().default([]),
  /** Printed on the invoice: the customer's tax id (RNC or cédula) and the fiscal receipt number. */
  customer_tax_id: customerTaxIdField,
  ncf: ncfField,
});
export type CheckInInput = z.infer<typeof checkInSchema>;

/**
 * A recorded return as it stood before a correction ("Corregir devolución"), kept with the check-in
 * (`rental_handovers.corrections`, oldest first) so what was first recorded and priced is never lost.
 */
export type ReturnCorrection = {
  /** When the correction was saved. */
  correctedAt: string;
  at: string;
  odometerKm: number;
  fuelEighths: number;
  cleaning: boolean;
  chargesTotalCents: number;
};

/**
 * Whether a recorded return can still be corrected: the booking is returned (not completed, which
 * closes it), the customer has not accepted its charges (they signed for those figures, and the
 * deposit may have paid them) and its invoice has not been kept and sent to them (a return without
 * charges sends it at once). Until then the invoice is the owner's draft, and nothing depends on the
 * figures but the draft itself, which is priced again with its number kept.
 */
export const returnCorrectable = (
  status: string,
  checkIn: { chargesAccepted: boolean } | null,
  invoice: { sent: boolean } | null,
): boolean =>
  status === "returned" && checkIn !== null && !checkIn.chargesAccepted && invoice !== null && !invoice.sent;

/** A driver as the API answers it. */
export const driverViewSchema = z.object({
  name: z.string(),
  licence_number: z.string(),
  licence_country: z.string(),
  licence_expiry: z.string(),
  birth_date: z.string(),
  licence_photo_id: z.number().int().optional(),
});

const markView = z.object({ zone: z.enum(DAMAGE_ZONES), note: z.string(), photo_id: z.number().int().optional() });
const chargeLine = z.object({
  kind: z.enum(RETURN_CHARGE_KINDS),
  quantity: z.number().int().optional(),
  unit_cents: z.number().int().optional(),
  reason: z.string().optional(),
  total_cents: z.number().int(),
});

/** A check-out or a check-in as the API answers it. */
export const handoverSchema = z.object({
  at: z.string(),
  odometer_km: z.number().int(),
  fuel_eighths: z.number().int(),
  marks: z.array(markView),
  note: z.string(),
});

export const counterViewSchema = z.object({
  check_out: handoverSchema
    .extend({
      drivers: z.array(driverViewSchema),
      items: z.array(z.string()),
      /** The deposit taken at the counter as the car left, or null (none, or held on the card). */
      deposit: counterDepositSchema.nullable(),
    })
    .nullable(),
  check_in: handoverSchema
    .extend({
      cleaning: z.boolean(),
      driven_km: z.number().int(),
      late_hours: z.number().int(),
      charges: z.array(chargeLine),
      charges_total_cents: z.number().int(),
      /** The customer's acceptance of the charges on the screen, and what the deposit then paid. */
      charges_accepted: z.object({ by: z.string(), at: z.string() }).nullable(),
      charges_from_deposit_cents: z.number().int(),
      /**
       * What goes back to the customer of the deposit taken at the counter: all of it without
       * charges, the rest once they accept them; null while they have not, or without such a deposit.
       */
      deposit_back_cents: z.number().int().nullable(),
      /** Whether it can still be corrected (`returnCorrectable`). */
      correctable: z.boolean(),
      /** Each correction, oldest first, with the return as it stood before it. */
      corrections: z.array(
        z.object({
          corrected_at: z.string(),
          at: z.string(),
          odometer_km: z.number().int(),
          fuel_eighths: z.number().int(),
          cleaning: z.boolean(),
          charges_total_cents: z.number().int(),
        }),
      ),
    })
    .nullable(),
  /**
   * The counter rules the last signed agreement states as the return's rates, which the check-in
   * prices the return with; null when none was signed with them (the landing's of now apply).
   */
  signed_rules: counterRulesSchema.nullable(),
  /** The rental's invoice (issue 28.5), issued at check-in with the next number of its landing. */
  invoice: z
    .object({
      number: z.number().int(),
      issued_at: z.string(),
      booking_cents: z.number().int(),
      charges_cents: z.number().int(),
      charges_tax_cents: z.number().int(),
      total_cents: z.number().int(),
      customer_tax_id: z.string(),
      ncf: z.string(),
    })
    .nullable(),
  /** The drivers the customer entered for their express pickup (issue 28.6), to check at the counter. */
  express_drivers: z.array(driverViewSchema),
  /** The photos taken at the counter, each at an owner-only address. */
  photos: z.array(photoViewSchema),
  /** Every signed version of the rental agreement, the newest first. */
  agreements: z.array(agreementViewSchema),
});
export type CounterView = z.infer<typeof counterViewSchema>;
