import { z } from "zod";
import { LICENCE_NUMBER_MAX } from "./drivers";
import type { ApiMessageKey } from "./messages";
import { wholeNumberInput } from "./number-input";
import { PHONE_MIN_DIGITS } from "./phone";
import { withoutDirectionControls } from "./plain-text";
import { RESERVATION_STATUSES, type ReservationStatus } from "./reservations";
import { versionField } from "./version";

const m = (key: ApiMessageKey) => key;

/**
 * The owner's customers ("Clientes", issue 28.7): one record per person, built from their bookings.
 * A booking belongs to the customer whose email it carries; with no such customer, to the one
 * whose phone it carries; with neither, to a new customer. Every email and phone a customer has
 * booked with is kept as one of theirs (server/customers/link.ts), so a person is recognised by any
 * of them later, and a "do not rent" flag cannot be stepped round with the other one.
 */

/** An email as bookings are matched on it: trimmed and lower-cased; null when there is none. */
export function emailKey(email: string): string | null {
  const key = email.trim().toLowerCase();
  return key === "" ? null : key;
}

/** The digits a phone is matched on at most: the last ten, the national number of most plans. */
export const PHONE_KEY_DIGITS = 10;

/**
 * A phone as bookings are matched on it: its digits, the last ten when there are more, so a
 * country code or a trunk prefix typed or not is the same phone ("+1 (809) 555-0101" and
 * "809-555-0101" → "8095550101"; "+44 7911 123456" and "07911 123456" → "7911123456"); null when
 * too short to tell people apart.
 */
export function phoneKey(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  // Fewer digits than a valid phone's (phone.ts), in a booking stored before phones were checked
  // for them, is a placeholder ("0", "123") many people would share: matched by its email only.
  if (digits.length < PHONE_MIN_DIGITS) return null;
  return digits.slice(-PHONE_KEY_DIGITS);
}

/**
 * The bookings whose total counts as money the customer spent: the car left with them (on rent),
 * came back (returned), or the rental is done (completed). Pending, awaiting-payment and confirmed
 * bookings are still to come, and may yet be cancelled; cancelled bookings and no-shows never
 * became a rental (a cancellation fee, when one was kept, is not a rental's price). A returned
 * rental counts what its invoice says it came to: the booking's total plus the return's charges
 * and their tax (server/counter); one never checked in at the counter, its booking's total.
 */
export const SPENT_STATUSES: readonly ReservationStatus[] = ["on_rent", "returned", "completed"];

export const CUSTOMER_NOTES_MAX = 2000;
export const DO_NOT_RENT_REASON_MAX = 500;
export const CUSTOMER_SEARCH_MAX = 100;
/** The most bookings a customer's page lists, newest first (the totals count them all). */
export const CUSTOMER_HISTORY_MAX = 500;

/** Free text the owner writes about a customer, without direction controls, bounded. */
const ownerText = (max: number, tooLong: ApiMessageKey) =>
  z
    .string(m("invalid"))
    // Checked before anything else, so a huge string is refused without being transformed.
    .max(max * 2, m(tooLong))
    .transform(withoutDirectionControls)
    .pipe(z.string().trim().max(max, m(tooLong)));

/** GET /api/customers: the search (name, email or phone), "do not rent" only, and a page. */
export const customerListQuerySchema = z.object({
  q: z.string(m("invalid")).trim().max(CUSTOMER_SEARCH_MAX, m("customerSearchTooLong")).optional().default(""),
  flagged: z.enum(["true", "false"], m("invalid")).optional(),
  cursor: z.string(m("invalid")).max(200, m("invalid")).optional(),
  limit: wholeNumberInput(1, 100, m("invalid")).optional().default(50),
});

/** PUT /api/customers/:id/notes: the owner's notes, with the version the page read. */
export const customerNotesSchema = z.object({
  notes: ownerText(CUSTOMER_NOTES_MAX, "customerNotesTooLong"),
  version: versionField,
});
export type CustomerNotesInput = z.input<typeof customerNotesSchema>;

/** PUT /api/customers/:id/do-not-rent: the flag, an internal reason (never shown to the customer), the version. */
export const customerFlagSchema = z.object({
  do_not_rent: z.boolean(m("customerFlagInvalid")),
  reason: ownerText(DO_NOT_RENT_REASON_MAX, "customerReasonTooLong").optional().default(""),
  version: versionField,
});
export type CustomerFlagInput = z.input<typeof customerFlagSchema>;

/** Money per currency, never added across currencies. */
export const moneyByCurrencySchema = z.array(z.object({ currency: z.string(), cents: z.number().int() }));
export type MoneyByCurrency = z.infer<typeof moneyByCurrencySchema>;

/** A customer as the list shows them. An erased customer has no name, email or phone. */
export const customerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  erased: z.boolean(),
  do_not_rent: z.boolean(),
  /** Every booking of theirs on the owner's working landings, whatever its status. */
  bookings: z.number().int(),
  /**
   * What their rentals came to (SPENT_STATUSES), per currency they spent in; 0 in one currency of
   * theirs when nothing counts yet.
   */
  spent: moneyByCurrencySchema,
  /** When their latest booking was made (ISO 8601), or null when none is left. */
  last_booking_at: z.string().nullable(),
  /** The day it was made on its landing's calendar (yyyy-mm-dd), as the booking's own detail says it. */
  last_booking_on: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListSchema = z.object({
  customers: z.array(customerSummarySchema),
  next_cursor: z.string().nullable(),
  /** How many customers the owner has in all, whatever the search. */
  total: z.number().int(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

/** The licence on file: the main driver of their latest check-out at the counter. */
export const customerLicenceSchema = z.object({
  name: z.string(),
  number: z.string().max(LICENCE_NUMBER_MAX),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** yyyy-mm-dd. */
  expiry: z.string(),
  /** When that check-out was recorded, and of which booking. */
  recorded_at: z.string(),
  /** The day it was recorded on the landing's calendar (yyyy-mm-dd), as the counter and the PDFs say it. */
  recorded_on: z.string(),
  reservation_id: z.number().int(),
  reference: z.string(),
});
export type CustomerLicence = z.infer<typeof customerLicenceSchema>;

/** One of the customer's bookings on their page. */
export const customerBookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  landing: z.object({ id: z.number().int(), display_name: z.string() }),
  vehicle_name: z.string(),
  date_of_departure: z.string(),
  time_of_departure: z.string(),
  date_of_arrival: z.string(),
  time_of_arrival: z.string(),
  /** The booking's total, and what the rental came to with the return's charges (0 when it does not count). */
  total_cents: z.number().int(),
  spent_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

/** A customer's page: contact, notes, the flag, the licence on file, totals and history. */
export const customerSchema = customerSummarySchema.extend({
  /** Every email and phone they booked with, as typed on their bookings, latest first. */
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  notes: z.string(),
  do_not_rent_reason: z.string(),
  do_not_rent_at: z.string().nullable(),
  erased_at: z.string().nullable(),
  first_booking_at: z.string().nullable(),
  /** The day their first booking was made on its landing's calendar (yyyy-mm-dd). */
  first_booking_on: z.string().nullable(),
  licence: customerLicenceSchema.nullable(),
  history: z.array(customerBookingSchema),
  version: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerAnswerSchema = z.object({ message: z.string(), customer: customerSchema });
export type CustomerAnswer = z.infer<typeof customerAnswerSchema>;

/** One driver recorded at a check-out, as the export gives them. */
const exportedDriverSchema = z.object({
  name: z.string(),
  licence_number: z.string(),
  licence_country: z.string(),
  licence_expiry: z.string(),
  birth_date: z.string(),
});

/**
 * GET /api/customers/:id/export: everything the owner keeps about one person, for a request to see
 * it (a file the owner hands over): the record, every booking with the details they gave, and the
 * drivers recorded at each check-out.
 */
export const customerExportSchema = z.object({
  exported_at: z.string(),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    notes: z.string(),
    do_not_rent: z.boolean(),
    do_not_rent_reason: z.string(),
    erased_at: z.string().nullable(),
    created_at: z.string(),
  }),
  reservations: z.array(
    z.object({
      reference: z.string(),
      landing: z.string(),
      status: z.enum(RESERVATION_STATUSES),
      source: z.string(),
      vehicle: z.string(),
      place_of_departure: z.string(),
      arrival_place: z.string(),
      date_of_departure: z.string(),
      time_of_departure: z.string(),
      date_of_arrival: z.string(),
      time_of_arrival: z.string(),
      number_person: z.number().int(),
      name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      description: z.string(),
      driver_birth_date: z.string().nullable(),
      language: z.string(),
      total_cents: z.number().int(),
      currency: z.string(),
      created_at: z.string(),
      handovers: z.array(
        z.object({
          kind: z.enum(["out", "in"]),
          at: z.string(),
          drivers: z.array(exportedDriverSchema),
        }),
      ),
    }),
  ),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;

/** A customer's name as the owner reads it: the name and last name of their latest booking. */
export const fullName = (name: string, lastName: string) => `${name.trim()} ${lastName.trim()}`.trim();
