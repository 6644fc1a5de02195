import type { Landing } from "@domain/landings";
import type { Language } from "@domain/languages";
import { RuleInput } from "@web/owner/rules";
import { FormSection } from "@web/ui/form-section";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ClosuresEditor } from "./closures-editor";
import { FaqEditor } from "./faq-editor";
import { PolicyPreview } from "./policy-preview";
import type { RulesValues } from "./rules-values";
import { TermsFields } from "./terms-fields";

type SectionsProps = {
  form: UseFormReturn<RulesValues>;
  /** Its currency for the amounts; its payments and name for the policy's preview. */
  landing: Pick<Landing, "id" | "currency" | "display_name">;
  language: Language;
  /** The landing's other language: closure reasons may be written in it too. */
  otherLanguage: Language;
  disabled: boolean;
};

type Rule = Omit<Parameters<typeof RuleInput<RulesValues>>[0], "form" | "label" | "hint" | "language"> & {
  /** Its label's key under `rules.`; the sentence under it is `<label>Hint`. */
  label: string;
  /** An empty cell after it, so the next rule starts a row (wide screens). */
  rowEnd?: boolean;
};

/** The groups of numbers and phones, by their title's key under `rules.`, in the order shown. */
const RULE_GROUPS: { key: string; rules: Rule[] }[] = [
  {
    key: "length",
    rules: [
      { name: "min_days", kind: "whole", unit: "days", label: "minDays" },
      { name: "max_days", kind: "whole", unit: "days", label: "maxDays" },
      { name: "lead_time_hours", kind: "whole", unit: "hours", label: "leadTime" },
      { name: "booking_horizon_months", kind: "whole", unit: "months", label: "horizon" },
    ],
  },
  {
    key: "discounts",
    rules: [
      { name: "week_discount", kind: "percent", label: "weekDiscount" },
      { name: "month_discount", kind: "percent", label: "monthDiscount" },
    ],
  },
  {
    key: "driver",
    rules: [
      { name: "min_driver_age", kind: "whole", unit: "years", label: "minDriverAge", rowEnd: true },
      { name: "young_driver_age", kind: "whole", unit: "years", label: "youngDriverAge" },
      { name: "young_driver_fee", kind: "money", label: "youngDriverFee" },
    ],
  },
  {
    key: "cancellation",
    rules: [
      { name: "cancellation_early_fee", kind: "money", label: "earlyFee" },
      { name: "cancellation_late_fee", kind: "money", label: "lateFee" },
      { name: "cancellation_window_hours", kind: "whole", unit: "hours", label: "window" },
    ],
  },
  {
    key: "contact",
    rules: [
      { name: "contact_phone", kind: "phone", label: "phone" },
      { name: "whatsapp", kind: "phone", label: "whatsapp" },
    ],
  },
];

/**
 * The groups of "Reglas y tarifas": rental length and timing, long-rental discounts, driver age,
 * cancellation (with the policy as visitors will read it), contact buttons, closed dates, and the
 * conditions and questions visitors read.
 * Every rule has a sentence under it saying what it does and what leaving it empty means.
 */
export function RulesSections({ form, landing, language, otherLanguage, disabled }: SectionsProps) {
  const { currency } = landing;
  const { t } = useTranslation("landings");
  return (
    <>
      {RULE_GROUPS.map((group) => (
        <FormSection
          key={group.key}
          id={`rules-${group.key}`}
          title={t(`rules.${group.key}Title`)}
          description={t(`rules.${group.key}Body`)}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            {group.rules.map(({ label, rowEnd, ...rule }) => [
              <RuleInput
                key={rule.name}
                {...rule}
                form={form}
                language={language}
                disabled={disabled}
                currency={currency}
                label={t(`rules.${label}`)}
                hint={t(`rules.${label}Hint`, { currency })}
              />,
              rowEnd && <div key={`${rule.name}-row-end`} className="hidden sm:block" />,
            ])}
          </div>
          {group.key === "cancellation" && (
            <PolicyPreview control={form.control} landing={landing} language={language} />
          )}
        </FormSection>
      ))}

      <FormSection title={t("rules.closuresTitle")} description={t("rules.closuresBody")}>
        <ClosuresEditor form={form} otherLanguage={otherLanguage} disabled={disabled} />
      </FormSection>

      <FormSection title={t("rules.termsTitle")} description={t("rules.termsBody")}>
        <div className="flex flex-col gap-6">
          <TermsFields form={form} otherLanguage={otherLanguage} disabled={disabled} />
          <FaqEditor form={form} otherLanguage={otherLanguage} disabled={disabled} />
        </div>
      </FormSection>
    </>
  );
}
