import { DEFAULT_CANCELLATION_POLICY } from "./cancellation";
import type { Translations } from "./translations";

/**
 * The rules an owner sets for renting (issue 10): one shape, snake_case, used on the wire, in the
 * database's JSON columns and by the checks and pricing of `rental-checks.ts`. No zod here: the
 * public pages import this file, and the schemas live in `rental-rules-schemas.ts`. The defaults:
 * one day minimum, the platform's maximum (365 days), no lead time, pickups up to 24 months ahead,
 * no discounts, no age rules, SPEC §9's cancellation fees, no contact buttons, no closures, no
 * conditions or questions of the owner's own.
 */

/**
 * The platform's longest rental (PRODUCT §5, issue 23): no booking, quote or page prices or checks
 * a longer one, and an owner's maximum can only lower it.
 */
export const RENTAL_DAYS_MAX = 365;
export const RULE_DAYS_MAX = RENTAL_DAYS_MAX;
export const LEAD_TIME_HOURS_MAX = 24 * 30;
export const HORIZON_MONTHS_MAX = 36;
/** How far ahead pickups are taken when the owner sets no horizon: never "for ever" (issue 23). */
export const DEFAULT_HORIZON_MONTHS = 24;
export const DRIVER_AGE_MIN = 16;
export const DRIVER_AGE_MAX = 99;
export const DISCOUNT_PERCENT_MAX = 90;
export const FEE_MAX_CENTS = 100_000_00;
export const WINDOW_HOURS_MAX = 24 * 60;
export const CLOSURES_MAX = 50;
export const SEASONS_MAX = 24;
export const RULE_NOTE_MAX = 80;
export const CONTACT_PHONE_MAX = 30;
/** The rental conditions the owner writes, shown before a visitor accepts them (issue 24.3). */
export const TERMS_MAX = 5000;
/** The owner's own questions on the FAQ page. */
export const FAQ_MAX = 20;
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 1500;
/** Long-rental discounts start at these lengths (issue 10). */
export const WEEK_DAYS = 7;
export const MONTH_DAYS = 28;

/** A date range, both ends included: "2026-12-15".."2027-01-10". */
export type DateRange = { from: string; to: string };
/** Days the landing takes no pickups or returns (holidays). */
/** A day or days closed; the note may be written in the other language too (domain/translations.ts). */
export type Closure = DateRange & { note: string; translations?: Translations<"note"> };
/** One of the owner's questions on the FAQ page; both texts may be written in the other language too. */
export type FaqEntry = { question: string; answer: string; translations?: Translations<"question" | "answer"> };
/** A vehicle's price per day between two dates (both included); the name may be written in the other language too. */
export type Season = DateRange & { name: string; price_cents: number; translations?: Translations<"name"> };
/** Open from `open` to `close` (both HH:mm, close included), or null: closed all day. */
export type DayHours = { open: string; close: string } | null;
/** A week of hours, Sunday first (index = `Date.getUTCDay()` of the date). */
export type WeekHours = DayHours[];

export type LandingRules = {
  min_days: number;
  /** Null: the platform's maximum, RENTAL_DAYS_MAX. */
  max_days: number | null;
  lead_time_hours: number;
  /** Null: DEFAULT_HORIZON_MONTHS. */
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
  /** The rental conditions a visitor accepts when booking ("" for none), in the landing's language. */
  terms: string;
  /** The conditions in the other language (domain/translations.ts). */
  terms_translations?: Translations<"terms">;
  faq: FaqEntry[];
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
  terms: "",
  faq: [],
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

/** Whether two inclusive date ranges share a day. */
export const rangesOverlap = (a: DateRange, b: DateRange) => a.from <= b.to && b.from <= a.to;

/** Stored JSON read back with today's defaults, so an older row or a missing key changes nothing. */
export function landingRulesOf(stored: unknown): LandingRules {
  const value = stored && typeof stored === "object" ? (stored as Partial<LandingRules>) : {};
  return { ...DEFAULT_LANDING_RULES, ...value, closures: value.closures ?? [], faq: value.faq ?? [] };
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

/** Stored vehicle JSON read back with today's defaults. */
export function vehicleRulesOf(stored: unknown): VehicleRules {
  const value = stored && typeof stored === "object" ? (stored as Partial<VehicleRules>) : {};
  return { ...DEFAULT_VEHICLE_RULES, ...value, seasons: value.seasons ?? [] };
}
