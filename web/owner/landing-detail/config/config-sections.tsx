import { displayMessage } from "@web/i18n/messages";
import { LanguageChoice, RegionFields } from "@web/owner/landings";
import { ColorField } from "@web/ui/color-field";
import { FormSection } from "@web/ui/form-section";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ConfigInput, ConfigOutput } from "./config-schema";

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
  const { t } = useTranslation("landings");
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  return (
    <FormSection title={t("config.regionTitle")} description={t("config.regionBody")}>
      <RegionFields
        fields={{
          time_zone: register("time_zone"),
          currency: register("currency"),
          tax_label: register("tax_label"),
          tax_rate: register("tax_rate"),
        }}
        errors={{
          time_zone: displayMessage(t, errors.time_zone?.message),
          currency: displayMessage(t, errors.currency?.message),
          tax_label: displayMessage(t, errors.tax_label?.message),
          tax_rate: displayMessage(t, errors.tax_rate?.message),
        }}
        timeZone={watch("time_zone") ?? fallback.timeZone}
        currency={watch("currency") ?? fallback.currency}
      />
      {(watch("currency") ?? fallback.currency).toUpperCase() !== fallback.currency.toUpperCase() && (
        <p className="-mt-2 text-sm text-amber-800" data-testid="currency-change-note">
          {t("config.currencyChangeNote", { from: fallback.currency })}
        </p>
      )}
      {(watch("time_zone") ?? fallback.timeZone) !== fallback.timeZone && (
        <p className="-mt-2 text-sm text-amber-800" data-testid="time-zone-change-note">
          {t("config.timeZoneChangeNote")}
        </p>
      )}
    </FormSection>
  );
}
