import type { Language } from "@domain/languages";
import type { ApiMessageKey } from "@domain/messages";
import { parseMoney } from "@domain/money";
import type { LandingRules } from "@domain/rental-rules";
import { landingRulesInputSchema, rulesCrossFieldProblems } from "@domain/rental-rules-schemas";
import type { Translations } from "@domain/translations";
import { zodResolver } from "@hookform/resolvers/zod";
import { amountInputText, plainAmount } from "@web/lib/format";
import type { Resolver } from "react-hook-form";

/**
 * What the "Reglas y tarifas" form holds: every rule as the text the owner typed (numbers, amounts
 * and percentages), the closed dates as rows, and the landing's `version` the values were read at
 * (so a draft typed before someone else saved is refused with 409, never saved over them).
 */
export type RulesValues = {
  min_days: string;
  max_days: string;
  lead_time_hours: string;
  booking_horizon_months: string;
  week_discount: string;
  month_discount: string;
  min_driver_age: string;
  young_driver_age: string;
  young_driver_fee: string;
  cancellation_late_fee: string;
  cancellation_early_fee: string;
  cancellation_window_hours: string;
  contact_phone: string;
  whatsapp: string;
  /** `other_note`: the reason in the landing's other language ("" for none). */
  closures: { from: string; to: string; note: string; other_note: string }[];
  /** The rental conditions in the landing's language, and in its other language ("" for none). */
  terms: string;
  other_terms: string;
  /** The owner's questions; `other_*` in the landing's other language. */
  faq: FaqRow[];
  version: number;
};

export type FaqRow = { question: string; answer: string; other_question: string; other_answer: string };

/** The text written in the landing's other language: whichever it is, only that one is stored. */
const otherText = <F extends string>(translations: Translations<F> | undefined, field: F) =>
  Object.values(translations ?? {}).find((texts) => texts?.[field])?.[field] ?? "";

/**
 * The server's own schema (domain/rental-rules.ts) checks the form, raw: "valid" means the same
 * in the browser and on the server, and the form keeps what was typed.
 */
const schemaResolver = zodResolver(landingRulesInputSchema, undefined, {
  raw: true,
}) as unknown as Resolver<RulesValues>;

/** A typed percentage ("12,5"), or null while it is not one. */
function typedPercent(text: string | undefined): number | null {
  if (!text || text.trim() === "") return 0;
  const number = Number(text.trim().replace(",", ".").replace(/%$/, ""));
  return Number.isFinite(number) ? number : null;
}

/**
 * The schema's rules between fields (a maximum under the minimum...), checked on what was typed.
 * Zod runs them only once every field is valid; here they show in the same pass as the rest.
 */
export function crossFieldProblems(values: RulesValues): Partial<Record<keyof RulesValues, ApiMessageKey>> {
  // Empty: the schema's default (1 day, no age, no fee, no discount); not a number: not judged.
  const typed = (text: string, parse: (text: string) => number | null, empty: number | null) =>
    text.trim() === "" ? empty : (parse(text) ?? undefined);
  return rulesCrossFieldProblems({
    min_days: typed(values.min_days, typedWhole, 1),
    max_days: typed(values.max_days, typedWhole, null),
    min_driver_age: typed(values.min_driver_age, typedWhole, null),
    young_driver_age: typed(values.young_driver_age, typedWhole, null),
    young_driver_fee: typed(values.young_driver_fee, typedCents, 0),
    week_discount: typed(values.week_discount, typedPercent, 0),
    month_discount: typed(values.month_discount, typedPercent, 0),
    cancellation_early_fee: typed(values.cancellation_early_fee, typedCents, 0),
    cancellation_late_fee: typed(values.cancellation_late_fee, typedCents, 0),
  });
}

export const rulesResolver: Resolver<RulesValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors: Record<string, unknown> = { ...result.errors };
  for (const [field, message] of Object.entries(crossFieldProblems(values))) {
    errors[field] ??= { type: "custom", message };
  }
  return { values: {}, errors: errors as typeof result.errors };
};

/** Fields a 422 may name that the form shows under a field (closures' rows are added per row). */
export const RULES_FIELDS = [
  "min_days",
  "max_days",
  "lead_time_hours",
  "booking_horizon_months",
  "week_discount",
  "month_discount",
  "min_driver_age",
  "young_driver_age",
  "young_driver_fee",
  "cancellation_late_fee",
  "cancellation_early_fee",
  "cancellation_window_hours",
  "contact_phone",
  "whatsapp",
  "closures",
  "terms",
  "faq",
] as const;

const whole = (value: number | null) => (value === null ? "" : String(value));

/** Basis points as the percent people type: 1000 -> "10", 1250 -> "12,5" in Spanish. */
export function percentText(basisPoints: number, language: Language): string {
  if (basisPoints === 0) return "";
  const text = String(basisPoints / 100);
  return language === "es" ? text.replace(".", ",") : text;
}

export const rulesFormValues = (rules: LandingRules, version: number, language: Language): RulesValues => ({
  min_days: String(rules.min_days),
  max_days: whole(rules.max_days),
  lead_time_hours: String(rules.lead_time_hours),
  booking_horizon_months: whole(rules.booking_horizon_months),
  week_discount: percentText(rules.week_discount_bp, language),
  month_discount: percentText(rules.month_discount_bp, language),
  min_driver_age: whole(rules.min_driver_age),
  young_driver_age: whole(rules.young_driver_age),
  young_driver_fee: rules.young_driver_fee_cents ? amountInputText(rules.young_driver_fee_cents, language) : "",
  cancellation_late_fee: amountInputText(rules.cancellation_late_fee_cents, language),
  cancellation_early_fee: amountInputText(rules.cancellation_early_fee_cents, language),
  cancellation_window_hours: String(rules.cancellation_window_hours),
  contact_phone: rules.contact_phone,
  whatsapp: rules.whatsapp,
  closures: rules.closures.map((closure) => ({
    from: closure.from,
    to: closure.to,
    note: closure.note,
    other_note: otherText(closure.translations, "note"),
  })),
  terms: rules.terms,
  other_terms: otherText(rules.terms_translations, "terms"),
  faq: rules.faq.map((entry) => ({
    question: entry.question,
    answer: entry.answer,
    other_question: otherText(entry.translations, "question"),
    other_answer: otherText(entry.translations, "answer"),
  })),
  version,
});

/** The values as the API takes them: amounts plain, each text of the other language under `otherLanguage`. */
export const rulesPayload = ({ other_terms: otherTerms, ...values }: RulesValues, otherLanguage: Language) => ({
  ...values,
  young_driver_fee: plainAmount(values.young_driver_fee),
  cancellation_late_fee: plainAmount(values.cancellation_late_fee),
  cancellation_early_fee: plainAmount(values.cancellation_early_fee),
  closures: values.closures.map(({ other_note: otherNote, ...closure }) => ({
    ...closure,
    note: closure.note.trim(),
    translations: { [otherLanguage]: { note: otherNote.trim() } },
  })),
  terms: values.terms.trim(),
  terms_translations: { [otherLanguage]: { terms: otherTerms.trim() } },
  faq: values.faq.map((entry) => ({
    question: entry.question.trim(),
    answer: entry.answer.trim(),
    translations: { [otherLanguage]: { question: entry.other_question.trim(), answer: entry.other_answer.trim() } },
  })),
});

/** Cents of a typed amount, or null while it is not one. */
export function typedCents(text: string | undefined): number | null {
  if (!text || text.trim() === "") return null;
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.cents : null;
}

/** A typed whole number, or null while it is not one. */
export function typedWhole(text: string | undefined): number | null {
  if (!text || !/^\s*\d+\s*$/.test(text)) return null;
  return Number(text.trim());
}
