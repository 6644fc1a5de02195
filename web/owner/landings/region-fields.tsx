import { TAX_LABEL_MAX } from "@domain/landings";
import { cn } from "@web/lib/cn";
import { Field } from "@web/ui/field";
import { Input } from "@web/ui/input";
import { Select } from "@web/ui/select";
import { TextField } from "@web/ui/text-field";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { RegionField } from "./region-form";
import { currencyOptions, timeZoneOptions } from "./region-options";

type RegionFieldsProps = {
  /** Each field's registration in the owner's form. */
  fields: Record<RegionField, UseFormRegisterReturn>;
  /** Each field's error, in the owner's words already. */
  errors: Partial<Record<RegionField, string>>;
  /** The chosen zone and currency: kept in their lists even when the browser does not know them. */
  timeZone: string;
  currency: string;
  /** Two by two from a tablet up, where the form is wide enough (not the wizard's column). */
  paired?: boolean;
};

/** The four fields. */
export function RegionFields({ fields, errors, timeZone, currency, paired = true }: RegionFieldsProps) {
  const { t, i18n } = useTranslation("landings");
  return (
    <div className={cn("grid gap-5", paired && "sm:grid-cols-2")}>
      <Field label={t("fields.timeZone")} error={errors.time_zone}>
        {(controlProps) => (
          <Select {...controlProps} {...fields.time_zone}>
            {timeZoneOptions(timeZone).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t("fields.currency")} error={errors.currency}>
        {(controlProps) => (
          <Select {...controlProps} {...fields.currency}>
            {currencyOptions(i18n.language, currency).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <TextField
        label={t("fields.taxLabel")}
        hint={t("config.taxLabelHint")}
        maxLength={TAX_LABEL_MAX}
        error={errors.tax_label}
        {...fields.tax_label}
      />
      <Field label={t("fields.taxRate")} hint={t("config.taxRateHint")} error={errors.tax_rate}>
        {(controlProps) => (
          <div className="relative">
            <Input
              {...controlProps}
              inputMode="decimal"
              autoComplete="off"
              className="pr-10 tabular-nums"
              {...fields.tax_rate}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm font-semibold text-gray-500"
            >
              %
            </span>
          </div>
        )}
      </Field>
    </div>
  );
}
