import { type CounterRules, counterRulesInputSchema } from "@domain/counter";
import type { Language } from "@domain/languages";
import { zodResolver } from "@hookform/resolvers/zod";
import { amountInputText, plainAmount } from "@web/lib/format";
import type { Resolver } from "react-hook-form";

/**
 * What the "Entrega y devolución" form holds (issue 28): each rule as the text the owner typed,
 * and the landing's `version` the values were read at.
 */
export type CounterRulesValues = {
  km_included_per_day: string;
  extra_km_fee: string;
  fuel_eighth_fee: string;
  late_grace_minutes: string;
  late_hour_fee: string;
  cleaning_fee: string;
  additional_driver_fee: string;
  version: number;
};

export const COUNTER_RULES_FIELDS = [
  "km_included_per_day",
  "extra_km_fee",
  "fuel_eighth_fee",
  "late_grace_minutes",
  "late_hour_fee",
  "cleaning_fee",
  "additional_driver_fee",
] as const;

/** The server's own schema checks the form, raw: "valid" means the same in the browser and on the server. */
export const counterRulesResolver = zodResolver(counterRulesInputSchema, undefined, {
  raw: true,
}) as unknown as Resolver<CounterRulesValues>;

const amount = (cents: number, language: Language) => (cents ? amountInputText(cents, language) : "");

export const counterRulesFormValues = (
  rules: CounterRules,
  version: number,
  language: Language,
): CounterRulesValues => ({
  km_included_per_day: rules.km_included_per_day === null ? "" : String(rules.km_included_per_day),
  extra_km_fee: amount(rules.extra_km_cents, language),
  fuel_eighth_fee: amount(rules.fuel_eighth_cents, language),
  late_grace_minutes: String(rules.late_grace_minutes),
  late_hour_fee: amount(rules.late_hour_cents, language),
  cleaning_fee: amount(rules.cleaning_fee_cents, language),
  additional_driver_fee: amount(rules.additional_driver_day_cents, language),
  version,
});

/** The values as the API takes them: amounts plain. */
export const counterRulesPayload = (values: CounterRulesValues) => ({
  ...values,
  extra_km_fee: plainAmount(values.extra_km_fee),
  fuel_eighth_fee: plainAmount(values.fuel_eighth_fee),
  late_hour_fee: plainAmount(values.late_hour_fee),
  cleaning_fee: plainAmount(values.cleaning_fee),
  additional_driver_fee: plainAmount(values.additional_driver_fee),
});
