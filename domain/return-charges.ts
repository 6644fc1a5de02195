/**
 * What a return costs beyond the booking (issue 28.4): kilometres past those included, fuel
 * missing, hours late, cleaning and damage. Pure arithmetic in cents on the owner's rules, so the
 * counter, the customer's acceptance and the invoice all show the same lines.
 */

/** The owner's rules for a return, snake_case as stored and sent. */
export type ReturnRules = {
  /** Kilometres included per rental day; null: unlimited. */
  km_included_per_day: number | null;
  /** Each kilometre driven past those included. */
  extra_km_cents: number;
  /** Each eighth of a tank missing at return. */
  fuel_eighth_cents: number;
  /** Minutes after the planned return that cost nothing. */
  late_grace_minutes: number;
  /** Each started hour late once past the grace period, counted from the planned return. */
  late_hour_cents: number;
  /** Charged when the owner marks the vehicle returned dirty. */
  cleaning_fee_cents: number;
};

export const DEFAULT_RETURN_RULES: ReturnRules = {
  km_included_per_day: null,
  extra_km_cents: 0,
  fuel_eighth_cents: 0,
  late_grace_minutes: 59,
  late_hour_cents: 0,
  cleaning_fee_cents: 0,
};

/** A fuel gauge in eighths: 0 empty, 8 full. */
export const FUEL_EIGHTHS = 8;
export const ODOMETER_KM_MAX = 9_999_999;
export const DAMAGE_REASON_MAX = 200;

/** The vehicle's state as a reading at check-out or check-in. */
export type Reading = { odometerKm: number; fuelEighths: number };

/** Damage the owner prices at return, with the reason the customer reads. */
export type DamageCharge = { reason: string; amountCents: number };

export type ReturnInput = {
  rules: ReturnRules;
  /** The rental's length in days, as it was priced. */
  days: number;
  /** The rental's price per day (`dayPriceCents`): the late charge's cap per day. */
  dayPriceCents: number;
  plannedReturnAt: Date;
  returnedAt: Date;
  out: Reading;
  back: Reading;
  cleaning: boolean;
  damages: DamageCharge[];
  /** Drivers beyond the first, recorded at check-out, and their fee per rental day. */
  additionalDrivers?: { count: number; dayCents: number };
};

/** Every kind of line a return can charge, in the order they are listed. */
export const RETURN_CHARGE_KINDS = ["extraKm", "fuel", "late", "cleaning", "drivers", "damage"] as const;

export type ReturnChargeLine =
  | { kind: "extraKm"; quantity: number; unitCents: number; totalCents: number }
  | { kind: "fuel"; quantity: number; unitCents: number; totalCents: number }
  | { kind: "late"; quantity: number; unitCents: number; totalCents: number }
  | { kind: "cleaning"; totalCents: number }
  | { kind: "damage"; reason: string; totalCents: number }
  | { kind: "drivers"; quantity: number; unitCents: number; totalCents: number };

export type ReturnCharges = { lines: ReturnChargeLine[]; totalCents: number; drivenKm: number; lateHours: number };

const MINUTE_MS = 60_000;
const HOURS_PER_DAY = 24;

/** Hours late, each started hour whole, or 0 within the grace period. */
export function lateHours(plannedReturnAt: Date, returnedAt: Date, graceMinutes: number): number {
  const minutesLate = (returnedAt.getTime() - plannedReturnAt.getTime()) / MINUTE_MS;
  if (minutesLate <= graceMinutes) return 0;
  return Math.ceil(minutesLate / 60);
}

/**
 * The late charge: each started hour at the hourly rate, but never more than a day's price for
 * any 24 hours (a car kept a day longer costs a day, not 24 hourly charges).
 */
export function lateCharge(hours: number, hourCents: number, dayPriceCents: number): number {
  const days = Math.floor(hours / HOURS_PER_DAY);
  const rest = hours % HOURS_PER_DAY;
  return days * Math.min(HOURS_PER_DAY * hourCents, dayPriceCents) + Math.min(rest * hourCents, dayPriceCents);
}

/** The rental's price per day (its rental total over its days), the late charge's cap per day. */
export const dayPriceCents = (rentalCents: number, days: number) => Math.round(rentalCents / Math.max(1, days));

/** A rate the owner's rules will price a rental's return with, as its agreement states it. */
export type ReturnRate =
  | { kind: "extraKm"; unitCents: number; kmIncludedPerDay: number; kmIncluded: number }
  | { kind: "fuel"; unitCents: number }
  /** `dayCapCents`: what any 24 hours late cost at most, null when the hourly rate never reaches it. */
  | { kind: "late"; unitCents: number; graceMinutes: number; dayCapCents: number | null }
  | { kind: "cleaning"; totalCents: number }
  | { kind: "drivers"; quantity: number; unitCents: number; totalCents: number };

/**
 * What a return may cost, known before the car leaves (the agreement the customer signs lists it):
 * each of `returnCharges`' lines the rules can make cost something, in the same order, with the
 * rate it is priced at. Damage has none: the owner prices it at the return.
 */
export function returnRates(input: Pick<ReturnInput, "rules" | "days" | "dayPriceCents" | "additionalDrivers">) {
  const { rules, days } = input;
  const rates: ReturnRate[] = [];
  if (rules.km_included_per_day !== null && rules.extra_km_cents > 0) {
    rates.push({
      kind: "extraKm",
      unitCents: rules.extra_km_cents,
      kmIncludedPerDay: rules.km_included_per_day,
      kmIncluded: rules.km_included_per_day * days,
    });
  }
  if (rules.fuel_eighth_cents > 0) rates.push({ kind: "fuel", unitCents: rules.fuel_eighth_cents });
  if (rules.late_hour_cents > 0 && input.dayPriceCents > 0) {
    const dayCapCents = input.dayPriceCents < HOURS_PER_DAY * rules.late_hour_cents ? input.dayPriceCents : null;
    rates.push({
      kind: "late",
      unitCents: rules.late_hour_cents,
      graceMinutes: rules.late_grace_minutes,
      dayCapCents,
    });
  }
  if (rules.cleaning_fee_cents > 0) rates.push({ kind: "cleaning", totalCents: rules.cleaning_fee_cents });
  rates.push(...additionalDrivers(input));
  return rates;
}

/** The drivers beyond the first, each at its fee per rental day: known at check-out, charged at the return. */
function additionalDrivers({ additionalDrivers: extra, days }: Pick<ReturnInput, "days" | "additionalDrivers">) {
  if (!extra || extra.count <= 0 || extra.dayCents <= 0) return [];
  const totalCents = extra.count * days * extra.dayCents;
  return [{ kind: "drivers", quantity: extra.count, unitCents: extra.dayCents, totalCents } as const];
}

/** Every extra charge of a return, only the lines that cost something, in a fixed order. */
export function returnCharges(input: ReturnInput): ReturnCharges {
  const { rules } = input;
  const lines: ReturnChargeLine[] = [];
  const drivenKm = Math.max(0, input.back.odometerKm - input.out.odometerKm);
  if (rules.km_included_per_day !== null) {
    const overKm = Math.max(0, drivenKm - rules.km_included_per_day * input.days);
    const totalCents = overKm * rules.extra_km_cents;
    if (totalCents > 0) lines.push({ kind: "extraKm", quantity: overKm, unitCents: rules.extra_km_cents, totalCents });
  }
  const missingEighths = Math.max(0, input.out.fuelEighths - input.back.fuelEighths);
  const fuelCents = missingEighths * rules.fuel_eighth_cents;
  if (fuelCents > 0)
    lines.push({ kind: "fuel", quantity: missingEighths, unitCents: rules.fuel_eighth_cents, totalCents: fuelCents });
  const hours = lateHours(input.plannedReturnAt, input.returnedAt, rules.late_grace_minutes);
  const lateCents = lateCharge(hours, rules.late_hour_cents, input.dayPriceCents);
  if (lateCents > 0)
    lines.push({ kind: "late", quantity: hours, unitCents: rules.late_hour_cents, totalCents: lateCents });
  if (input.cleaning && rules.cleaning_fee_cents > 0)
    lines.push({ kind: "cleaning", totalCents: rules.cleaning_fee_cents });
  lines.push(...additionalDrivers(input));
  for (const damage of input.damages) {
    if (damage.amountCents > 0) lines.push({ kind: "damage", reason: damage.reason, totalCents: damage.amountCents });
  }
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  return { lines, totalCents, drivenKm, lateHours: hours };
}
