import { z } from "zod";
import { ADDON_QUANTITY_MAX, RESERVATION_ADDONS_MAX } from "./addons";
import { counterDepositSchema } from "./counter";
import { LANGUAGES } from "./languages";
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, PLACE_MAX } from "./limits";
import type { ApiMessageKey } from "./messages";
import { idInput, numberInput, wholeNumberInput } from "./number-input";
import { paymentSummarySchema, settlementSchema } from "./payments";
import { refinePhone } from "./phone";
import { freeText, hasLetter, nameText, visibleName, withoutDirectionControls } from "./plain-text";
import { priceBreakdownSchema } from "./price-breakdown";
import { isBirthDate, isIsoDate, isTime } from "./rental-time";
import { UNITS_MAX } from "./vehicles";
import { versionField } from "./version";

const m = (key: ApiMessageKey) => key;

/**
 * A booking's life: awaiting payment or pending, then confirmed; at the counter (issue 28) it goes
 * out on rent when checked out and comes back returned when checked in, then completed. A customer
 * who never came is a no-show; cancelled ends it at any point before the car leaves.
 */
export const RESERVATION_STATUSES = [
  "awaiting_payment",
  "pending",
  "confirmed",
  "on_rent",
  "returned",
  "completed",
  "cancelled",
  "no_show",
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_SOURCES = ["public", "manual"] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];
/**
 * Statuses that hold a unit of the vehicle (PRODUCT §5). A booking awaiting payment holds it until
 * its payment is due (`payment_due_at`); one on rent until it is checked in, whatever its planned return.
 */
export const ACTIVE_STATUSES: readonly ReservationStatus[] = ["awaiting_payment", "pending", "confirmed", "on_rent"];
/** The business won: bookings confirmed, out on rent, back, or done (revenue and the calendar count them). */
export const BOOKED_STATUSES: readonly ReservationStatus[] = ["confirmed", "on_rent", "returned", "completed"];
/** A booking that never had a car, whatever its dates: the planner puts it on no unit (issue 25.22). */
export const UNITLESS_STATUSES: readonly ReservationStatus[] = ["cancelled", "no_show"];
/** A booking whose dates, vehicle, places or extras can still change: before the car leaves. */
export const CHANGEABLE_STATUSES: readonly ReservationStatus[] = ["awaiting_payment", "pending", "confirmed"];

/**
 * What an owner may do next from the reservation itself: pending -> confirmed | cancelled;
 * confirmed -> cancelled | completed (a rental run without the counter) | no_show; returned ->
 * completed. A booking awaiting payment is confirmed by its payment (or by the owner, for a bank
 * transfer received), or cancelled. The counter's moves (confirmed -> on_rent -> returned) are
 * made only by a check-out and a check-in (server/counter), which record what they must.
 */
const TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  awaiting_payment: ["confirmed", "cancelled"],
  pending: ["confirmed", "cancelled"],
  confirmed: ["cancelled", "completed", "no_show"],
  on_rent: [],
  returned: ["completed"],
  completed: [],
  cancelled: [],
  no_show: [],
};
export const canTransition = (from: ReservationStatus, to: ReservationStatus) => TRANSITIONS[from].includes(to);
export const nextStatuses = (from: ReservationStatus) => TRANSITIONS[from];

export const DESCRIPTION_MAX = 1000;
export const PEOPLE_MAX = 50;
export const BAGS_MAX = 50;
/** "NLY-" and six characters of an alphabet without look-alikes (0/O, 1/I/L). */
export const REFERENCE_PATTERN = /^NLY-[2-9A-HJKMNP-Z]{6}$/;

/** Required text a visitor types, without direction controls (see plain-text.ts). */
const text = (max: number, tooLong: ApiMessageKey) =>
  z
    .string(m("required"))
    .transform(withoutDirectionControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: m("required"), abort: true })
        .max(max, { error: m(tooLong), abort: true }),
    );
/** How many people or bags: one message for 0, 2.5 or 1e308 alike, which says what is allowed. */
const count = (min: number, max: number, range: ApiMessageKey) =>
  numberInput({ required: m("required"), invalid: m("invalid") }).pipe(
    z
      .number()
      .int({ error: m(range), abort: true })
      .min(min, m(range))
      .max(max, m(range)),
  );

export const isoDateField = z.string(m("required")).refine(isIsoDate, m("dateInvalid"));
export const timeField = z.string(m("required")).refine(isTime, m("timeInvalid"));

export const reservationAddonSchema = z.object({
  id: idInput(m("addonUnknown"), m("addonUnknown")),
  quantity: wholeNumberInput(1, ADDON_QUANTITY_MAX, m("quantityRange"), m("quantityRange")),
});

/** A booking's own fields, whoever makes it: the visitor on the site or the owner at the desk. */
/** A booking or a quote names each add-on once, with its quantity (twice would price it twice). */
export const eachAddonOnce = (addons: readonly { id: number }[]) =>
  new Set(addons.map((addon) => addon.id)).size === addons.length;

const bookingFields = {
  id_vehicle: idInput(m("invalid")),
  place_of_departure: text(PLACE_MAX, "placeTooLong"),
  arrival_place: text(PLACE_MAX, "placeTooLong"),
  date_of_departure: isoDateField,
  time_of_departure: timeField,
  date_of_arrival: isoDateField,
  time_of_arrival: timeField,
  number_person: count(1, PEOPLE_MAX, "peopleRange"),
  number_bag: count(0, BAGS_MAX, "bagsRange").optional().default(0),
  addons: z
    .array(reservationAddonSchema, m("addonsInvalid"))
    .max(RESERVATION_ADDONS_MAX, m("addonsTooMany"))
    .optional()
    .default([])
    .refine(eachAddonOnce, m("addonsInvalid")),
  name: nameText(NAME_MAX, m("nameTooLong")),
  last_name: nameText(NAME_MAX, m("lastNameTooLong"), m("lastNameNeedsLetter")),
  email: text(EMAIL_MAX, "emailTooLong")
    .pipe(z.email(m("email")))
    .transform((email) => email.toLowerCase()),
  phone: text(PHONE_MAX, "phoneInvalid").superRefine(refinePhone),
  description: freeText(DESCRIPTION_MAX, m("descriptionTooLong1000")).optional().default(""),
  /** The language the visitor books in: every email to them and their page keep it (PRODUCT §6). */
  language: z.enum(LANGUAGES, m("languageInvalid")).optional(),
  /** Asked when the landing or vehicle has an age rule or a young-driver fee (issue 10). */
  driver_birth_date: z
    .string(m("dateInvalid"))
    .trim()
    .optional()
    .transform((text) => (text ? text : null))
    .refine((text) => text === null || isBirthDate(text), m("dateInvalid")),
};

/**
 * POST /api/reservations (public). The price is the server's: any `total_price` sent is ignored, and
 * `expected_total_cents` only stops a booking whose price changed since the visitor read it.
 * Places, capacity, add-ons and dates are checked against the landing and the vehicle by the server.
 */
export const reservationCreateSchema = z
  .object({
    id_landing: idInput(m("invalid"), m("invalid")).optional(),
    name_landing: z.string().max(100, m("invalid")).optional(),
    ...bookingFields,
    terms_accepted: z.literal(true, m("termsRequired")),
    /**
     * The total the visitor was shown, in cents. The server still prices the booking itself; when
     * its total differs (a season or a fee set meanwhile), nothing is booked: 409 `price`.
     */
    expected_total_cents: z.number(m("invalid")).int(m("invalid")).min(0, m("invalid")).optional(),
  })
  .refine((input) => input.id_landing !== undefined || (input.name_landing ?? "") !== "", {
    message: m("required"),
    path: ["id_landing"],
  });
export type ReservationCreateInput = z.input<typeof reservationCreateSchema>;

export const MANUAL_PRICE_MAX_CENTS = 100_000_000;
export const PRICE_REASON_MIN = 3;
export const PRICE_REASON_MAX = 200;

/** The owner's agreed total for a manual booking, and why it differs from what the rules priced. */
export const priceOverrideSchema = z.object({
  total_cents: z
    .number(m("priceInvalid"))
    .max(MANUAL_PRICE_MAX_CENTS, { error: m("agreedPriceTooHigh"), abort: true })
    .int(m("priceInvalid"))
    .min(0, m("priceInvalid")),
  reason: z
    .string(m("priceReasonRequired"))
    .trim()
    .min(PRICE_REASON_MIN, m("priceReasonRequired"))
    .max(PRICE_REASON_MAX, m("priceReasonTooLong")),
});

/** Why the owner books against their own rules for this customer (issue 25.13). */
export const rulesOverrideSchema = z.object({
  reason: z
    .string(m("rulesReasonRequired"))
    .trim()
    .min(PRICE_REASON_MIN, m("rulesReasonRequired"))
    .max(PRICE_REASON_MAX, m("rulesReasonTooLong")),
});

/**
 * POST /api/landings/:landingId/reservations (owner): a booking taken by phone or message. The
 * customer's phone is enough (email and last name optional); the confirmation email goes only when
 * asked, and only to an email.
 */
export const manualReservationCreateSchema = z
  .object({
    ...bookingFields,
    last_name: z
      .string()
      .transform(visibleName)
      .pipe(
        z
          .string()
          .trim()
          .max(NAME_MAX, m("lastNameTooLong"))
          .refine((name) => name === "" || hasLetter(name), m("lastNameNeedsLetter")),
      )
      .optional()
      .default(""),
    email: z
      .string(m("email"))
      .trim()
      .max(EMAIL_MAX, m("emailTooLong"))
      .optional()
      .default("")
      .pipe(z.union([z.literal(""), z.email(m("email"))]))
      .transform((email) => email.toLowerCase()),
    notify_customer: z.boolean(m("invalid")).optional().default(false),
    price_override: priceOverrideSchema.nullable().optional().default(null),
    /** Book against the owner's own rental rules (never availability or the trips offered), saying why. */
    rules_override: rulesOverrideSchema.nullable().optional().default(null),
    /** The unit (car) to put the booking on, 1 first; left out: any free one. */
    unit: wholeNumberInput(1, UNITS_MAX, m("unitInvalid")).nullable().optional().default(null),
  })
  .refine((input) => !input.notify_customer || input.email !== "", {
    message: m("notifyNeedsEmail"),
    path: ["email"],
    // Said beside the other fields' errors, unless the email or the checkbox is itself wrong.
    // Never on a body that is not an object at all (null, a string): there is nothing to compare.
    when: ({ value, issues }) =>
      typeof value === "object" &&
      value !== null &&
      issues.every((issue) => issue.path?.[0] !== "email" && issue.path?.[0] !== "notify_customer"),
  });
export type ManualReservationInput = z.input<typeof manualReservationCreateSchema>;

/**
 * PUT /api/reservations/:id (owner): the booking changed (issue 25.21), with every field a manual
 * booking takes, and the version the form read (an older one answers 409, nothing changed).
 */
export const reservationChangeSchema = manualReservationCreateSchema.and(z.object({ version: versionField }));
export type ReservationChangeInput = z.input<typeof reservationChangeSchema>;

/** POST /api/landings/:landingId/quote (owner): what the manual booking dialog prices as it is filled. */
export const manualQuoteSchema = z.object({
  id_vehicle: bookingFields.id_vehicle,
  place_of_departure: bookingFields.place_of_departure,
  arrival_place: bookingFields.arrival_place,
  date_of_departure: isoDateField,
  time_of_departure: timeField,
  date_of_arrival: isoDateField,
  time_of_arrival: timeField,
  addons: bookingFields.addons,
  driver_birth_date: bookingFields.driver_birth_date,
});

/** The desk's quote (issue 11): the price lines, the deposit, whether a unit is free, and what stops it. */
export const deskQuoteSchema = priceBreakdownSchema.extend({
  deposit_cents: z.number().int(),
  available: z.boolean(),
  /** Each rule that stops it, in the owner's words. */
  problems: z.array(
    z.object({
      rule: z.string(),
      field: z.string(),
      message: z.string(),
      /** Whether the owner may book past it, saying why (their own rules; never the trips offered). */
      overridable: z.boolean(),
    }),
  ),
});
export type DeskQuote = z.infer<typeof deskQuoteSchema>;

/** Who cancelled: the owner, the customer, or nobody (a booking whose payment did not come in time). */
export const CANCELLED_BY = ["owner", "customer", "unpaid"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

export const reservationStatusChangeSchema = z.object({
  status: z.enum(RESERVATION_STATUSES, m("statusInvalid")),
  /**
   * Cancelling a confirmed booking: the operator forgoes the policy's fee (the cancellation is
   * theirs, or a favour). A pending one is declined with no fee whatever this says.
   */
  waive_fee: z.boolean(m("invalid")).optional().default(false),
  /**
   * The status the owner saw when they chose this move (and the fee the dialog showed for it): a
   * booking that has moved since (another tab confirmed what this one declines) answers 409 rather
   * than taking a move priced for a status it no longer has.
   */
  from: z.enum(RESERVATION_STATUSES, m("statusInvalid")).optional(),
});

/** The dashboard's address parameter naming the booking whose detail is open: /reservation?open=42. */
export const OPEN_RESERVATION_PARAM = "open";

/**
 * The dashboard's address of one booking: its detail, over the reservations list searched for its
 * reference when given (what stays once the detail is closed). The owner's emails, Inicio, the live
 * toasts and the counter link there.
 */
export const reservationDetailPath = (id: number, reference?: string) =>
  `/reservation?${new URLSearchParams({ ...(reference ? { q: reference } : {}), [OPEN_RESERVATION_PARAM]: String(id) })}`;

/** The longest search the owner's list takes (the search box stops there; a longer address is cut). */
export const RESERVATION_SEARCH_MAX = 100;

/** The owner's list filters: free text, status, and a pickup date range. */
export const reservationListQuerySchema = z.object({
  q: z.string().trim().max(RESERVATION_SEARCH_MAX).optional().default(""),
  status: z.enum(RESERVATION_STATUSES, m("statusInvalid")).optional(),
  from: isoDateField.optional(),
  to: isoDateField.optional(),
  cursor: z.string().max(200).optional(),
  limit: wholeNumberInput(1, 100, m("invalid")).optional().default(25),
});

/** A reservation as the API answers it: SPEC §3's fields, the status, and the price breakdown in cents. */
export const reservationSchema = priceBreakdownSchema.extend({
  /** How it is paid and what was paid (issue 27); null when all is paid at pickup. */
  payment: paymentSummarySchema.nullable(),
  /** The whole bill, return charges included, against all that was received (the owner's notes with it). */
  settlement: settlementSchema,
  /** The deposit the check-out took at the counter (PRODUCT §11), or null: none taken, or not out yet. */
  counter_deposit: counterDepositSchema.nullable(),
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  id_landing: z.number().int(),
  name_landing: z.string(),
  id_vehicle: z.number().int().nullable(),
  vehicle: z.object({ name: z.string(), image: z.string().nullable() }),
  place_of_departure: z.string(),
  arrival_place: z.string(),
  date_of_departure: z.string(),
  time_of_departure: z.string(),
  date_of_arrival: z.string(),
  time_of_arrival: z.string(),
  /** Pickup and return as instants (ISO 8601), for countdowns and the cancellation fee. */
  pickup_at: z.string(),
  return_at: z.string(),
  number_person: z.number().int(),
  number_bag: z.number().int(),
  name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  description: z.string(),
  /** Held at pickup, never charged online. */
  deposit_cents: z.number().int(),
  driver_birth_date: z.string().nullable(),
  cancellation_fee_cents: z.number().int().nullable(),
  /**
   * Of that fee, what the operator actually keeps of what was paid (`feeKeptCents`): never more than
   * was paid; null with no fee. The customer's page reads it, having no settlement to work it out.
   */
  cancellation_fee_kept_cents: z.number().int().nullable(),
  /** Bumped by each change or move: a change is sent with the version it read. */
  version: z.number().int(),
  /** Who cancelled: `owner` (a request the owner declined, when it was never confirmed) or `customer`. */
  cancelled_by: z.enum(CANCELLED_BY).nullable(),
  /** When the owner confirmed it (null while pending, and for a request declined or withdrawn). */
  confirmed_at: z.string().nullable(),
  /** `public` from the booking site; `manual` when the owner booked it for a customer who called or wrote. */
  source: z.enum(RESERVATION_SOURCES),
  /** The language the customer booked in: their emails and their page use it. */
  language: z.enum(LANGUAGES),
  /** A manual booking at an agreed price: what the rules priced (`total_cents` is the agreed one), and why. */
  price_override: z.object({ list_total_cents: z.number().int(), reason: z.string() }).nullable(),
  /** A manual booking against the owner's own rules: why, and each rule it skipped (its message key and values). */
  rules_override: z
    .object({
      reason: z.string(),
      rules: z.array(
        z.object({
          rule: z.string(),
          key: z.string(),
          params: z.record(z.string(), z.union([z.string(), z.number()])),
        }),
      ),
    })
    .nullable(),
  /** The unit (car) of the vehicle the owner put the booking on, 1 first; null: any free one. */
  unit: z.number().int().nullable(),
  /** When the customer finished their express pickup (drivers and agreement, issue 28.6), or null. */
  express_completed_at: z.string().nullable(),
  /** The owner's customer it belongs to (issue 28.7), for a link to their page; null for a row of old. */
  customer_id: z.number().int().nullable(),
  /** The policy agreed when booking: the fee within `window_hours` of pickup, and before. */
  cancellation_policy: z.object({
    late_fee_cents: z.number().int(),
    early_fee_cents: z.number().int(),
    window_hours: z.number().int(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** One change of a booking, as its history answers it: when, what it was, what it became. */
const snapshotSchema = reservationSchema
  .pick({
    id_vehicle: true,
    place_of_departure: true,
    arrival_place: true,
    date_of_departure: true,
    time_of_departure: true,
    date_of_arrival: true,
    time_of_arrival: true,
    number_person: true,
    number_bag: true,
    name: true,
    last_name: true,
    email: true,
    phone: true,
    description: true,
    driver_birth_date: true,
    total_cents: true,
    currency: true,
  })
  // The vehicle by its name, and each extra by its name and how many: what the owner reads.
  .extend({
    vehicle: z.string(),
    addons: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  });
export const reservationChangeViewSchema = z.object({
  changed_at: z.string(),
  before: snapshotSchema,
  after: snapshotSchema,
});
export type ReservationChangeView = z.infer<typeof reservationChangeViewSchema>;

/** A reservation as its customer reads it: the owner's planning (rules skipped, the unit, their customer record) left out. */
export const customerReservationSchema = reservationSchema.omit({
  rules_override: true,
  unit: true,
  customer_id: true,
  settlement: true,
  counter_deposit: true,
});
export type CustomerReservation = z.infer<typeof customerReservationSchema>;
