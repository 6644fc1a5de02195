import { findPair, type PlacePair, pairProblem, samePlace } from "./place-pairs";
import { type AddonChoice, type FeeLine, type PriceBreakdown, priceRental } from "./pricing";
import {
  type DayHours,
  DEFAULT_HORIZON_MONTHS,
  type LandingRules,
  type PlaceRules,
  RENTAL_DAYS_MAX,
  rangesOverlap,
  type VehicleRules,
} from "./rental-rules";
import { isBirthDate, rememberingLast, rentalDays, toInstant, toLocal } from "./rental-time";
import type { RuleMessageKey } from "./rule-messages";

/**
 * The rules of issue 10 applied to one rental: what stops it (each problem names its rule, the
 * field it belongs to and the message to show) and the fees it carries. The server enforces it on
 * every quote and booking; the public pages run the same function to explain a refusal before the
 * visitor gets to the last step, and to show the same price.
 */

/** Everything the checks and the price of a rental depend on, besides the request itself. */
export type RentalContext = {
  timeZone: string;
  rules: LandingRules;
  vehicle: { price_cents: number } & VehicleRules;
  places: PlaceRules[];
  /** The landing's locations: the only trips offered, each with its one-way fee (`place-pairs.ts`). */
  pairs: PlacePair[];
  taxRateBasisPoints: number;
  taxLabel: string;
  currency: string;
};

export type RentalStop = { date: string; time: string; place: string };
export type RentalRequest = {
  pickup: RentalStop;
  dropoff: RentalStop;
  addons: AddonChoice[];
  /** yyyy-mm-dd, or null when the visitor has not given it. */
  driverBirthDate: string | null;
};

export type RuleCode =
  | "minDays"
  | "maxDays"
  | "leadTime"
  | "bookingHorizon"
  | "closedDate"
  | "closedDay"
  | "openingHours"
  | "driverAge"
  | "placePair";

/**
 * The rules an owner may skip for a customer they book by hand (issue 25.13): their own rental
 * rules. The trips they offer (`placePair`) and availability are never skipped.
 */
export const OVERRIDABLE_RULES: readonly RuleCode[] = [
  "minDays",
  "maxDays",
  "leadTime",
  "bookingHorizon",
  "closedDate",
  "closedDay",
  "openingHours",
  "driverAge",
];

export type RuleField =
  | "date_of_departure"
  | "date_of_arrival"
  | "time_of_departure"
  | "time_of_arrival"
  | "driver_birth_date"
  | "place_of_departure"
  | "arrival_place";

export type RuleProblem = {
  rule: RuleCode;
  field: RuleField;
  key: RuleMessageKey;
  params: Record<string, string | number>;
};

/** A rule an owner's manual booking skipped, kept with the booking as it was worded. */
export type SkippedRule = Pick<RuleProblem, "rule" | "key" | "params">;

/** The problems that still stop a rental when the owner skips their own rules. */
export const unskippable = (problems: readonly RuleProblem[]) =>
  problems.filter((problem) => !OVERRIDABLE_RULES.includes(problem.rule));

const HOUR_MS = 60 * 60 * 1000;

/** 0 = Sunday ... 6 = Saturday, of a yyyy-mm-dd date. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Whole years from `birthDate` to `onDate` (both yyyy-mm-dd). */
export function ageOn(birthDate: string, onDate: string): number {
  const years = Number(onDate.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return onDate.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** `date` plus whole months, the day kept or moved to the month's last ("2027-01-31" + 1 = "2027-02-28"). */
export function addMonths(date: string, months: number): string {
  const [year = 2000, month = 1, day = 1] = date.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The minimum and maximum days and the minimum age for this vehicle: its own, else the landing's.
 * The maximum is never above the platform's (an older stored rule cannot raise it).
 */
export function effectiveLimits(rules: LandingRules, vehicle: VehicleRules) {
  return {
    minDays: vehicle.min_days ?? rules.min_days,
    maxDays: Math.min(vehicle.max_days ?? rules.max_days ?? RENTAL_DAYS_MAX, RENTAL_DAYS_MAX),
    minDriverAge: vehicle.min_driver_age ?? rules.min_driver_age,
  };
}

/** How many months ahead pickups are taken: the owner's horizon, else the platform's default. */
export const horizonMonths = (rules: LandingRules) => rules.booking_horizon_months ?? DEFAULT_HORIZON_MONTHS;

/** Whether the rental asks for the driver's date of birth: an age limit or a young-driver fee. */
export function needsDriverAge(rules: LandingRules, vehicle: VehicleRules): boolean {
  const { minDriverAge } = effectiveLimits(rules, vehicle);
  return minDriverAge !== null || (rules.young_driver_age !== null && rules.young_driver_fee_cents > 0);
}

/** A pickup or return against its place's hours: a problem, an after-hours fee, or nothing. */
function checkHours(
  context: TripContext,
  stop: RentalStop,
  which: "pickup" | "return",
): { problem?: RuleProblem; fee?: FeeLine } {
  const dateField = which === "pickup" ? "date_of_departure" : "date_of_arrival";
  const timeField = which === "pickup" ? "time_of_departure" : "time_of_arrival";
  const place = context.places.find((candidate) => samePlace(candidate.place, stop.place));
  if (!place) return {};
  const weekday = weekdayOf(stop.date);
  const hours: DayHours = place.hours[weekday] ?? null;
  if (hours === null) {
    const key = `closedOnDay${weekday}` as RuleMessageKey;
    return { problem: { rule: "closedDay", field: dateField, key, params: { place: stop.place } } };
  }
  if (stop.time >= hours.open && stop.time <= hours.close) return {};
  if (place.after_hours_fee_cents !== null) {
    const kind = which === "pickup" ? "afterHoursPickup" : "afterHoursReturn";
    return { fee: { kind, totalCents: place.after_hours_fee_cents, perDayCents: null } };
  }
  return {
    problem: {
      rule: "openingHours",
      field: timeField,
      key: "outsideHours",
      params: { place: stop.place, open: hours.open, close: hours.close },
    },
  };
}

/** The landing's closures (holidays) that fall on the pickup's or the return's date. */
function checkClosures(rules: LandingRules, request: RentalRequest): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const [stop, field] of [
    [request.pickup, "date_of_departure"],
    [request.dropoff, "date_of_arrival"],
  ] as const) {
    const day = { from: stop.date, to: stop.date };
    const closure = rules.closures.find((candidate) => rangesOverlap(candidate, day));
    if (!closure) continue;
    problems.push(
      closure.note
        ? { rule: "closedDate", field, key: "closedOnDateNote", params: { note: closure.note } }
        : { rule: "closedDate", field, key: "closedOnDate", params: {} },
    );
  }
  return problems;
}

function checkDriver(context: RentalContext, request: RentalRequest, days: number) {
  const { rules, vehicle } = context;
  const field = "driver_birth_date" as const;
  const birth = request.driverBirthDate;
  const invalid = { problems: [{ rule: "driverAge", field, key: "dateInvalid", params: {} } as RuleProblem], fees: [] };
  // A date given where no rule asks for one is still kept with the booking: never one after pickup
  // (an attacker's walk stored 2100-01-01).
  if (!needsDriverAge(rules, vehicle)) {
    return birth && (!isBirthDate(birth) || birth >= request.pickup.date) ? invalid : { problems: [], fees: [] };
  }
  if (!birth)
    return {
      problems: [{ rule: "driverAge", field, key: "driverBirthDateRequired", params: {} } as RuleProblem],
      fees: [],
    };
  if (!isBirthDate(birth) || birth >= request.pickup.date) return invalid;
  const age = ageOn(birth, request.pickup.date);
  const minDriverAge = effectiveLimits(rules, vehicle).minDriverAge ?? 0;
  if (age < minDriverAge) {
    return {
      problems: [{ rule: "driverAge", field, key: "driverTooYoung", params: { age: minDriverAge } } as RuleProblem],
      fees: [],
    };
  }
  const young = age < (rules.young_driver_age ?? 0) && rules.young_driver_fee_cents > 0;
  const fees: FeeLine[] = young
    ? [
        {
          kind: "youngDriver",
          totalCents: rules.young_driver_fee_cents * days,
          perDayCents: rules.young_driver_fee_cents,
        },
      ]
    : [];
  return { problems: [], fees };
}

/** The fee of the pickup/return pair when its places differ (a round trip has none, whatever is stored). */
function oneWayFee(context: TripContext, request: RentalRequest): FeeLine[] {
  if (samePlace(request.pickup.place, request.dropoff.place)) return [];
  const pair = findPair(context.pairs, request.pickup.place, request.dropoff.place);
  return pair && pair.one_way_fee_cents > 0
    ? [{ kind: "oneWay", totalCents: pair.one_way_fee_cents, perDayCents: null }]
    : [];
}

/** A trip the owner does not offer: a pickup no pair starts at, or a pair never created. */
function checkPair(context: TripContext, request: RentalRequest): RuleProblem[] {
  const problem = pairProblem(context.pairs, request.pickup.place, request.dropoff.place);
  return problem ? [{ rule: "placePair", ...problem }] : [];
}

export type RentalCheck = { days: number; problems: RuleProblem[]; fees: FeeLine[] };

/** What the rules depend on besides the vehicle: the same for every vehicle of a landing. */
export type TripContext = Omit<RentalContext, "vehicle">;

/**
 * The rules' verdict on the trip alone, whatever the vehicle: the trip offered, lead time, horizon,
 * closures and opening hours, with their fees. A list prices its whole fleet for one period, so it
 * checks the trip once rather than once per vehicle (issue 29).
 */
export type TripCheck = {
  days: number;
  /** The trip not offered: first of a rental's problems. */
  pairProblems: RuleProblem[];
  /** The rest of the trip's problems, after the vehicle's own length limits. */
  problems: RuleProblem[];
  fees: FeeLine[];
};

/** The trip's rules at `now` (`TripCheck`). */
export function checkTrip(context: TripContext, request: RentalRequest, now: Date): TripCheck {
  const { rules, timeZone } = context;
  const problems: RuleProblem[] = [];
  const pickupAt = toInstant(request.pickup, timeZone);
  if (rules.lead_time_hours > 0 && pickupAt && pickupAt.getTime() < now.getTime() + rules.lead_time_hours * HOUR_MS) {
    problems.push({
      rule: "leadTime",
      field: "date_of_departure",
      key: "ruleLeadTime",
      params: { hours: rules.lead_time_hours },
    });
  }
  if (request.pickup.date > latestPickupDate(rules, timeZone, now)) {
    problems.push({
      rule: "bookingHorizon",
      field: "date_of_departure",
      key: "ruleHorizon",
      params: { months: horizonMonths(rules) },
    });
  }
  problems.push(...checkClosures(rules, request));
  const fees: FeeLine[] = [...oneWayFee(context, request)];
  for (const [stop, which] of [
    [request.pickup, "pickup"],
    [request.dropoff, "return"],
  ] as const) {
    const hours = checkHours(context, stop, which);
    if (hours.problem) problems.push(hours.problem);
    if (hours.fee) fees.push(hours.fee);
  }
  return {
    days: rentalDays(request.pickup, request.dropoff) ?? 1,
    pairProblems: checkPair(context, request),
    problems,
    fees,
  };
}

/**
 * The rules of the rental at `now`: the trip offered, length, lead time, horizon, closures, opening
 * hours and driver age, with the fees they add. Dates that are not real, in the past or reversed are the caller's
 * to refuse first (`bookingPeriod` on the server, the search form in the browser). `trip` is the
 * trip's own verdict when the caller already has it (`checkTrip`, the same for every vehicle).
 */
export function checkRental(
  context: RentalContext,
  request: RentalRequest,
  now: Date,
  trip: TripCheck = checkTrip(context, request, now),
): RentalCheck {
  const { rules, vehicle } = context;
  const { days } = trip;
  const problems: RuleProblem[] = [...trip.pairProblems];
  const { minDays, maxDays } = effectiveLimits(rules, vehicle);
  if (days < minDays)
    problems.push({ rule: "minDays", field: "date_of_arrival", key: "ruleMinDays", params: { min: minDays } });
  if (days > maxDays) {
    problems.push({ rule: "maxDays", field: "date_of_arrival", key: "ruleMaxDays", params: { max: maxDays } });
  }
  problems.push(...trip.problems);
  const driver = checkDriver(context, request, days);
  problems.push(...driver.problems);
  return { days, problems, fees: [...trip.fees, ...driver.fees] };
}

export type RentalQuote = RentalCheck & { price: PriceBreakdown; depositCents: number };

/**
 * The rules' verdict and the price of the rental, every line of it (issue 10). A period over the
 * platform's maximum is refused by its `maxDays` problem and priced no further than that maximum,
 * so no request can make the day-by-day pricing run for centuries (issue 23). `trip`: as `checkRental`.
 */
export function quoteRental(context: RentalContext, request: RentalRequest, now: Date, trip?: TripCheck): RentalQuote {
  const check = checkRental(context, request, now, trip);
  const price = priceRental({
    pricePerDayCents: context.vehicle.price_cents,
    days: Math.min(check.days, RENTAL_DAYS_MAX),
    pickupDate: request.pickup.date,
    seasons: context.vehicle.seasons,
    weekDiscountBasisPoints: context.rules.week_discount_bp,
    monthDiscountBasisPoints: context.rules.month_discount_bp,
    fees: check.fees,
    addons: request.addons,
    taxRateBasisPoints: context.taxRateBasisPoints,
    taxLabel: context.taxLabel,
    currency: context.currency,
  });
  // Written out: in Node 20 a property added after a spread costs a microsecond, 30 a list (issue 29).
  const { days, problems, fees } = check;
  return { days, problems, fees, price, depositCents: context.vehicle.deposit_cents };
}

/** The first day a pickup could be booked under the lead time (for a form's `min`), yyyy-mm-dd. */
export function earliestPickupDate(rules: LandingRules, timeZone: string, now: Date): string {
  return toLocal(new Date(now.getTime() + rules.lead_time_hours * HOUR_MS), timeZone).date;
}

/** The last day a pickup may be booked (for a form's `max`), yyyy-mm-dd. */
export function latestPickupDate(rules: LandingRules, timeZone: string, now: Date): string {
  return latestPickupDateAt(horizonMonths(rules), timeZone, now.getTime());
}

const latestPickupDateAt = rememberingLast((months: number, timeZone: string, now: number) =>
  addMonths(toLocal(new Date(now), timeZone).date, months),
);
