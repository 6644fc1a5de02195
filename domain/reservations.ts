import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from "./limits";
import type { ApiMessageKey } from "./messages";
import { isBirthDate, isIsoDate, isTime } from "./rental-time";

const m = (key: ApiMessageKey) => key;

export const RESERVATION_STATUSES = ["pending", "confirmed", "cancelled", "completed"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** Statuses that hold a unit of the vehicle (PRODUCT §5). */
export const ACTIVE_STATUSES: readonly ReservationStatus[] = ["pending", "confirmed"];

/** What an owner may do next: pending -> confirmed | cancelled; confirmed -> cancelled | completed. */
const TRANSITIONS: Record<ReservationStatus, readonly ReservationStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["cancelled", "completed"],
  cancelled: [],
  completed: [],
};
export const canTransition = (from: ReservationStatus, to: ReservationStatus) => TRANSITIONS[from].includes(to);
export const nextStatuses = (from: ReservationStatus) => TRANSITIONS[from];

export const PLACE_MAX = 120;
export const DESCRIPTION_MAX = 1000;
export const PEOPLE_MAX = 50;
export const BAGS_MAX = 50;
export const ADDON_QUANTITY_MAX = 20;
export const RESERVATION_ADDONS_MAX = 10;
/** "NLY-" and six characters of an alphabet without look-alikes (0/O, 1/I/L). */
export const REFERENCE_PATTERN = /^NLY-[2-9A-HJKMNP-Z]{6}$/;

const text = (max: number, tooLong: ApiMessageKey) =>
  z
    .string(m("required"))
    .trim()
    .min(1, { error: m("required"), abort: true })
    .max(max, m(tooLong));
const count = (min: number, max: number) =>
  z.coerce.number(m("required")).int(m("invalid")).min(min, m("countRange")).max(max, m("countRange"));

export const isoDateField = z.string(m("required")).refine(isIsoDate, m("dateInvalid"));
export const timeField = z.string(m("required")).refine(isTime, m("timeInvalid"));

export const reservationAddonSchema = z.object({
  id: z.coerce.number(m("addonUnknown")).int(m("addonUnknown")).positive(m("addonUnknown")),
  quantity: z.coerce
    .number(m("quantityRange"))
    .int(m("quantityRange"))
    .min(1, m("quantityRange"))
    .max(ADDON_QUANTITY_MAX, m("quantityRange")),
});

/**
 * POST /api/reservations (public). The price is the server's: any `total_price` sent is ignored.
 * Places, capacity, add-ons and dates are checked against the landing and the vehicle by the server.
 */
export const reservationCreateSchema = z
  .object({
    id_landing: z.coerce.number(m("invalid")).int(m("invalid")).positive(m("invalid")).optional(),
    name_landing: z.string().max(100, m("invalid")).optional(),
    id_vehicle: z.coerce.number(m("required")).int(m("invalid")).positive(m("invalid")),
    place_of_departure: text(PLACE_MAX, "placeTooLong"),
    arrival_place: text(PLACE_MAX, "placeTooLong"),
    date_of_departure: isoDateField,
    time_of_departure: timeField,
    date_of_arrival: isoDateField,
    time_of_arrival: timeField,
    number_person: count(1, PEOPLE_MAX),
    number_bag: count(0, BAGS_MAX).optional().default(0),
    addons: z
      .array(reservationAddonSchema, m("addonsInvalid"))
      .max(RESERVATION_ADDONS_MAX, m("addonsTooMany"))
      .optional()
      .default([])
      .refine((addons) => new Set(addons.map((addon) => addon.id)).size === addons.length, m("addonsInvalid")),
    name: text(NAME_MAX, "nameTooLong"),
    last_name: text(NAME_MAX, "nameTooLong"),
    email: text(EMAIL_MAX, "emailTooLong")
      .pipe(z.email(m("email")))
      .transform((email) => email.toLowerCase()),
    phone: text(PHONE_MAX, "phoneInvalid").regex(/^[0-9+()\-.\s]+$/, m("phoneInvalid")),
    description: z.string().trim().max(DESCRIPTION_MAX, m("descriptionTooLong1000")).optional().default(""),
    /** Asked when the landing or vehicle has an age rule or a young-driver fee (issue 10). */
    driver_birth_date: z
      .string(m("dateInvalid"))
      .trim()
      .optional()
      .transform((text) => (text ? text : null))
      .refine((text) => text === null || isBirthDate(text), m("dateInvalid")),
    terms_accepted: z.literal(true, m("termsRequired")),
  })
  .refine((input) => input.id_landing !== undefined || (input.name_landing ?? "") !== "", {
    message: m("required"),
    path: ["id_landing"],
  });
export type ReservationCreateInput = z.input<typeof reservationCreateSchema>;

export const reservationStatusChangeSchema = z.object({
  status: z.enum(RESERVATION_STATUSES, m("statusInvalid")),
});

/** The owner's list filters: free text, status, and a pickup date range. */
export const reservationListQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(""),
  status: z.enum(RESERVATION_STATUSES, m("statusInvalid")).optional(),
  from: isoDateField.optional(),
  to: isoDateField.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(25),
});

const addonLineSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  price_cents: z.number().int(),
  quantity: z.number().int(),
  total_cents: z.number().int(),
});

export const rentalLineSchema = z.object({
  season: z.string().nullable(),
  days: z.number().int(),
  price_per_day_cents: z.number().int(),
  total_cents: z.number().int(),
});
export const FEE_KINDS = ["oneWay", "afterHoursPickup", "afterHoursReturn", "youngDriver"] as const;
export const feeLineSchema = z.object({
  kind: z.enum(FEE_KINDS),
  total_cents: z.number().int(),
  per_day_cents: z.number().int().nullable(),
});

/** A reservation as the API answers it: SPEC §3's fields, the status, and the price breakdown in cents. */
export const reservationSchema = z.object({
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
  addons: z.array(addonLineSchema),
  days: z.number().int(),
  price_per_day_cents: z.number().int(),
  /** The rental day by day grouped by price: a season's (by name) or the vehicle's own (null). */
  rental_lines: z.array(rentalLineSchema),
  rental_cents: z.number().int(),
  /** The long-rental discount: its rate (percent) and amount off the rental. */
  discount_rate: z.number(),
  discount_cents: z.number().int(),
  fees: z.array(feeLineSchema),
  fees_cents: z.number().int(),
  /** Held at pickup, never charged online. */
  deposit_cents: z.number().int(),
  driver_birth_date: z.string().nullable(),
  addons_cents: z.number().int(),
  subtotal_cents: z.number().int(),
  tax_label: z.string(),
  tax_rate: z.number(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  total_price: z.number(),
  currency: z.string(),
  cancellation_fee_cents: z.number().int().nullable(),
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
