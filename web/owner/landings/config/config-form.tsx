import { zodResolver } from "@hookform/resolvers/zod";
import { Eye } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { type Landing, LOGO_MAX_BYTES, RECOMMENDED_SIZES, TAX_LABEL_MAX } from "../../../../domain/landings";
import { displayMessage } from "../../../i18n/messages";
import { ApiError } from "../../../lib/api";
import { applyFieldErrors } from "../../../lib/form-errors";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { ButtonLink } from "../../../ui/button-link";
import { ColorField } from "../../../ui/color-field";
import { Field } from "../../../ui/field";
import { FormActions, FormSection } from "../../../ui/form-section";
import { ImageField } from "../../../ui/image-field";
import { Input } from "../../../ui/input";
import { Select } from "../../../ui/select";
import { TextField } from "../../../ui/text-field";
import { useSession } from "../../auth/session-store";
import { recommendedSize } from "../../designer/recommended-size";
import { HEX_COLOR } from "../../designer/wizard-schema";
import { useUpdateLanding } from "../api";
import { LanguageChoice } from "../language-choice";
import { NameField } from "../name-field";
import { useNameCheck } from "../use-name-check";
import { AddonsEditor } from "./addons-editor";
import { type ConfigInput, type ConfigOutput, configFormSchema } from "./config-schema";
import { currencyOptions, timeZoneOptions } from "./region-options";

const FIELDS = [
  "name",
  "color_primary",
  "color_secondary",
  "default_language",
  "time_zone",
  "currency",
  "tax_label",
  "tax_rate",
  "addons",
] as const;

const formValues = (landing: Landing): ConfigInput => ({
  name: landing.name,
  color_primary: landing.color_primary,
  color_secondary: landing.color_secondary,
  default_language: landing.default_language === "en" ? "en" : "es",
  time_zone: landing.time_zone,
  currency: landing.currency,
  tax_label: landing.tax_label,
  tax_rate: String(landing.tax_rate),
  addons: landing.addons.map((addon) => ({ name: addon.name, price: addon.price.toFixed(2) })),
});

/** The Configuración tab: name, logo, colours, language, region, tax and extras (SPEC §5: Guardar needs name and colours). */
export function ConfigForm({ landing }: { landing: Landing }) {
  const { t, i18n } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const update = useUpdateLanding(userId, landing.id);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<ConfigInput, unknown, ConfigOutput>({
    resolver: zodResolver(configFormSchema),
    defaultValues: formValues(landing),
  });

  const name = watch("name") ?? "";
  const currency = watch("currency") ?? landing.currency;
  const timeZone = watch("time_zone") ?? landing.time_zone;
  const check = useNameCheck(name, { landingId: landing.id, savedName: landing.name });
  const canSave =
    name.trim() !== "" &&
    HEX_COLOR.test(watch("color_primary") ?? "") &&
    HEX_COLOR.test(watch("color_secondary") ?? "");

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setLogoError(undefined);
    try {
      const saved = await update.mutateAsync({ ...values, logo });
      reset(formValues(saved));
      setLogo(null);
      toast.success(t("config.saved"));
    } catch (error) {
      const placed = applyFieldErrors(error, setError, FIELDS);
      const logoMessage = error instanceof ApiError ? error.fieldMessage("logo") : undefined;
      if (logoMessage) setLogoError(logoMessage);
      // SPEC §8's sentence, with the server's reason when no field explains it.
      const reason =
        !placed && !logoMessage && error instanceof ApiError && error.status !== 500 ? error.message : null;
      setFailure(reason);
      toast.error(t("config.failed"));
    }
  });

  const changed = isDirty || logo !== null;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label={t("detail.tabs.settings")}>
      {update.isError && (
        <Alert>
          <p className="font-semibold">{t("config.failed")}</p>
          {failure && <p className="mt-0.5">{failure}</p>}
        </Alert>
      )}
      <FormSection title={t("config.identityTitle")} description={t("config.identityBody")}>
        <NameField
          label={t("fields.name")}
          value={name}
          check={check}
          error={displayMessage(t, errors.name?.message)}
          {...register("name")}
        />
        <ImageField
          label={t("fields.logo")}
          hint={recommendedSize(t, RECOMMENDED_SIZES.logoEdit, LOGO_MAX_BYTES)}
          currentUrl={landing.logo}
          file={logo}
          onFileChange={(file) => {
            setLogo(file);
            setLogoError(undefined);
          }}
          maxBytes={LOGO_MAX_BYTES}
          error={logoError}
          pendingNote={t("ui.pendingSave")}
          background={HEX_COLOR.test(watch("color_primary") ?? "") ? watch("color_primary") : landing.color_primary}
        />
      </FormSection>

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

      <FormSection title={t("config.addonsTitle")} description={t("config.addonsBody")}>
        <AddonsEditor control={control} register={register} errors={errors} currency={currency} />
      </FormSection>

      <FormActions note={changed ? t("config.unsaved") : undefined}>
        <ButtonLink to={`/review-component/${landing.name}`} variant="secondary">
          <Eye aria-hidden="true" className="size-4" />
          {t("detail.preview")}
        </ButtonLink>
        <Button type="submit" loading={update.isPending} disabled={!canSave}>
          {update.isPending ? t("config.saving") : t("config.save")}
        </Button>
      </FormActions>
    </form>
  );
}
