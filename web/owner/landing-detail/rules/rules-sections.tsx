import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Language } from "../../../../domain/languages";
import { currencySymbol } from "../../../lib/format";
import { FormSection } from "../../../ui/form-section";
import { RuleInput } from "../../rules/rule-input";
import { ClosuresEditor } from "./closures-editor";
import { FaqEditor } from "./faq-editor";
import { PolicyPreview } from "./policy-preview";
import type { RulesValues } from "./rules-values";
import { TermsFields } from "./terms-fields";

type SectionsProps = {
  form: UseFormReturn<RulesValues>;
  currency: string;
  language: Language;
  /** The landing's other language: closure reasons may be written in it too. */
  otherLanguage: Language;
  disabled: boolean;
};

/**
 * The groups of "Reglas y tarifas": rental length and timing, long-rental discounts, driver age,
 * cancellation (with the policy as visitors will read it), contact buttons, closed dates, and the
 * conditions and questions visitors read.
 * Every rule has a sentence under it saying what it does and what leaving it empty means.
 */
export function RulesSections({ form, currency, language, otherLanguage, disabled }: SectionsProps) {
  const { t } = useTranslation("landings");
  const symbol = currencySymbol(currency, language);
  const common = { form, language, disabled };
  const days = t("rules.units.days");
  const hours = t("rules.units.hours");
  const years = t("rules.units.years");
  return (
    <>
      <FormSection title={t("rules.lengthTitle")} description={t("rules.lengthBody")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <RuleInput
            {...common}
            name="min_days"
            kind="whole"
            suffix={days}
            label={t("rules.minDays")}
            hint={t("rules.minDaysHint")}
          />
          <RuleInput
            {...common}
            name="max_days"
            kind="whole"
            suffix={days}
            label={t("rules.maxDays")}
            hint={t("rules.maxDaysHint")}
          />
          <RuleInput
            {...common}
            name="lead_time_hours"
            kind="whole"
            suffix={hours}
            label={t("rules.leadTime")}
            hint={t("rules.leadTimeHint")}
          />
          <RuleInput
            {...common}
            name="booking_horizon_months"
            kind="whole"
            suffix={t("rules.units.months")}
            label={t("rules.horizon")}
            hint={t("rules.horizonHint")}
          />
        </div>
      </FormSection>

      <FormSection title={t("rules.discountsTitle")} description={t("rules.discountsBody")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <RuleInput
            {...common}
            name="week_discount"
            kind="percent"
            suffix="%"
            placeholder="0"
            label={t("rules.weekDiscount")}
            hint={t("rules.weekDiscountHint")}
          />
          <RuleInput
            {...common}
            name="month_discount"
            kind="percent"
            suffix="%"
            placeholder="0"
            label={t("rules.monthDiscount")}
            hint={t("rules.monthDiscountHint")}
          />
        </div>
      </FormSection>

      <FormSection title={t("rules.driverTitle")} description={t("rules.driverBody")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <RuleInput
            {...common}
            name="min_driver_age"
            kind="whole"
            suffix={years}
            label={t("rules.minDriverAge")}
            hint={t("rules.minDriverAgeHint")}
          />
          <div className="hidden sm:block" />
          <RuleInput
            {...common}
            name="young_driver_age"
            kind="whole"
            suffix={years}
            label={t("rules.youngDriverAge")}
            hint={t("rules.youngDriverAgeHint")}
          />
          <RuleInput
            {...common}
            name="young_driver_fee"
            kind="money"
            prefix={symbol}
            placeholder="0.00"
            label={t("rules.youngDriverFee")}
            hint={t("rules.youngDriverFeeHint", { currency })}
          />
        </div>
      </FormSection>

      <FormSection title={t("rules.cancellationTitle")} description={t("rules.cancellationBody")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <RuleInput
            {...common}
            name="cancellation_early_fee"
            kind="money"
            prefix={symbol}
            placeholder="0.00"
            label={t("rules.earlyFee")}
            hint={t("rules.earlyFeeHint")}
          />
          <RuleInput
            {...common}
            name="cancellation_late_fee"
            kind="money"
            prefix={symbol}
            placeholder="0.00"
            label={t("rules.lateFee")}
            hint={t("rules.lateFeeHint")}
          />
          <RuleInput
            {...common}
            name="cancellation_window_hours"
            kind="whole"
            suffix={hours}
            label={t("rules.window")}
            hint={t("rules.windowHint")}
          />
        </div>
        <PolicyPreview control={form.control} currency={currency} language={language} />
      </FormSection>

      <FormSection title={t("rules.contactTitle")} description={t("rules.contactBody")}>
        <div className="grid gap-5 sm:grid-cols-2">
          <RuleInput
            {...common}
            name="contact_phone"
            kind="phone"
            placeholder="+1 809 555 0101"
            label={t("rules.phone")}
            hint={t("rules.phoneHint")}
          />
          <RuleInput
            {...common}
            name="whatsapp"
            kind="phone"
            placeholder="+1 809 555 0101"
            label={t("rules.whatsapp")}
            hint={t("rules.whatsappHint")}
          />
        </div>
      </FormSection>

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
