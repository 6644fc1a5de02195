import type { Language } from "@domain/languages";
import type { VehicleRules } from "@domain/rental-rules";
import { vehicleRulesInputSchema } from "@domain/rental-rules-schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { amountInputText, plainAmount } from "@web/lib/format";
import type { Resolver } from "react-hook-form";
import type { VehicleRulesBody } from "./api";

/**
 * The vehicle's "Tarifas y disponibilidad" form: its overrides of the landing's rules (empty =
 * the landing's), its deposit and its seasons, as typed; plus the vehicle's `version` the values
 * were read at (a draft typed before someone else saved is refused with 409).
 */
export type VehicleRulesValues = VehicleRulesBody;

/** The server's own schema checks the form, raw: the form keeps what was typed. */
export const vehicleRulesResolver = zodResolver(vehicleRulesInputSchema, undefined, {
  raw: true,
}) as unknown as Resolver<VehicleRulesValues>;

export const VEHICLE_RULES_FIELDS = ["min_days", "max_days", "min_driver_age", "deposit", "seasons"] as const;

const whole = (value: number | null) => (value === null ? "" : String(value));

export const vehicleRulesValues = (
  rules: VehicleRules,
  version: number,
  language: Language,
  otherLanguage: Language,
): VehicleRulesValues => ({
  version,
  min_days: whole(rules.min_days),
  max_days: whole(rules.max_days),
  min_driver_age: whole(rules.min_driver_age),
  deposit: rules.deposit_cents ? amountInputText(rules.deposit_cents, language) : "",
  seasons: rules.seasons.map((season) => ({
    name: season.name,
    from: season.from,
    to: season.to,
    price: amountInputText(season.price_cents, language),
    translations: { [otherLanguage]: { name: season.translations?.[otherLanguage]?.name ?? "" } },
  })),
});

/** The values as the API takes them: amounts as plain "1250.50", names trimmed. */
export const vehicleRulesPayload = (values: VehicleRulesValues): VehicleRulesBody => ({
  ...values,
  deposit: plainAmount(values.deposit),
  // A name in the other language is trimmed, and dropped when empty, by the server's schema.
  seasons: values.seasons.map((season) => ({ ...season, name: season.name.trim(), price: plainAmount(season.price) })),
});
