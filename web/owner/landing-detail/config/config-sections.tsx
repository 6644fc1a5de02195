import { TAX_LABEL_MAX } from "@domain/landings";
import { displayMessage } from "@web/i18n/messages";
import { LanguageChoice } from "@web/owner/landings";
import { ColorField } from "@web/ui/color-field";
import { Field } from "@web/ui/field";
import { FormSection } from "@web/ui/form-section";
import { Input } from "@web/ui/input";
import { Select } from "@web/ui/select";
import { TextField } from "@web/ui/text-field";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ConfigInput, ConfigOutput } from "./config-schema";
import { currencyOptions, timeZoneOptions } from "./region-options";

type ConfigFormApi = UseFormReturn<ConfigInput, unknown, ConfigOutput>;

/** Configuración's colours and language: each colour field can take the focus when it is what stops a save. */
export function BrandSection({ form }: { form: ConfigFormApi }) {
  const { t } = useTranslation("landings");
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = form;
  return (
    <FormSection title={t("config.brandTitle")} description={t("config.brandBody")}>
      <div className="flex flex-col gap-5">
        {(["color_primary", "color_secondary"] as const).map((key) => (
          <Controller
            key={key}
            control={control}
            name={key}
            render={({ field, fieldState }) => (
              <ColorField
                label={t(key === "color_primary" ? "fields.colorPrimary" : "fields.colorSecondary")}
                hint={t(key === "color_primary" ? "wizard.colorPrimaryHint" : "wizard.colorSecondaryHint")}
                name={field.name}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={displayMessage(t, fieldState.error?.message)}
              />
            )}
          />
        ))}
      </div>
      <LanguageChoice
        legend={t("fields.language")}
        value={watch("default_language")}
        error={displayMessage(t, errors.default_language?.message)}
        {...register("default_language")}
      />
    </FormSection>
  );
}

/** Configuración's time zone, currency and tax. */
export function RegionSection({
  form,
  fallback,
}: {
  form: ConfigFormApi;
  fallback: { timeZone: string; currency: string };
}) {
  const { t, i18n } = useTranslation("landings");
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const timeZone = watch("time_zone") ?? fallback.timeZone;
  const currency = watch("currency") ?? fallback.currency;
  return (
    <FormSection title={t("config.regionTitle")} description={t("config.regionBody")}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("fields.timeZone")} error={displayMessage(t, errors.time_zone?.message)}>
          {(controlProps) => (
            <Select {...controlProps} {...register("time_zone")}>
              {timeZoneOptions(timeZone).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t("fields.currency")} error={displayMessage(t, errors.currency?.message)}>
          {(controlProps) => (
            <Select {...controlProps} {...register("currency")}>
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
          error={displayMessage(t, errors.tax_label?.message)}
          {...register("tax_label")}
        />
        <Field
          label={t("fields.taxRate")}
          hint={t("config.taxRateHint")}
          error={displayMessage(t, errors.tax_rate?.message)}
        >
          {(controlProps) => (
            <div className="relative">
              <Input
                {...controlProps}
                inputMode="decimal"
                autoComplete="off"
                className="pr-10 tabular-nums"
                {...register("tax_rate")}
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
    </FormSection>
  );
}
