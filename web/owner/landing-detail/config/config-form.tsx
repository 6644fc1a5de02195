import { type Landing, LOGO_MAX_BYTES } from "@domain/landings";
import { slugify } from "@domain/slug";
import { otherLanguage } from "@domain/translations";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { displayMessage } from "@web/i18n/messages";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { centsText } from "@web/lib/format";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useSession } from "@web/owner/auth";
import {
  DisplayNameField,
  DraftRestoredNote,
  HEX_COLOR,
  landingQuery,
  logoAdvice,
  SlugField,
  usePublicBase,
  useSlugCheck,
  useUpdateLanding,
} from "@web/owner/landings";
import { Button } from "@web/ui/button";
import { ButtonLink } from "@web/ui/button-link";
import { ConfirmDialog } from "@web/ui/confirm-dialog";
import { FormActions, FormSection } from "@web/ui/form-section";
import { ImageField } from "@web/ui/image-field";
import { SaveFailure } from "@web/ui/save-failure";
import { Eye } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AddonsEditor } from "./addons-editor";
import { type ConfigInput, type ConfigOutput, configFormSchema } from "./config-schema";
import { BrandSection, RegionSection } from "./config-sections";

const FIELDS = [
  "display_name",
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

const ACTION = "landing-config";

const formValues = (landing: Landing): ConfigInput => ({
  display_name: landing.display_name,
  name: landing.name,
  color_primary: landing.color_primary,
  color_secondary: landing.color_secondary,
  default_language: landing.default_language === "en" ? "en" : "es",
  time_zone: landing.time_zone,
  currency: landing.currency,
  tax_label: landing.tax_label,
  tax_rate: String(landing.tax_rate),
  addons: landing.addons.map((addon) => ({
    addon_id: addon.id,
    name: addon.name,
    other_name: addon.translations?.[otherLanguage(landing.default_language)]?.name ?? "",
    price: centsText(addon.price_cents),
    kind: addon.kind,
    max_quantity: String(addon.max_quantity),
  })),
  version: landing.version,
  logo_file: "",
});

/**
 * The Configuración tab: business name and address, logo, colours, language, region, tax and
 * extras (SPEC §5: Guardar needs name and colours). Saves carry the version the form was loaded
 * at; if someone saved in between (409), what was typed stays and the owner can reload.
 *
 * What was typed and not saved survives a reload (a draft in this tab, with the version it was
 * typed against: a draft restored after someone else saved is refused, never saved over them);
 * leaving with unsaved changes asks first.
 */
export function ConfigForm({ landing }: { landing: Landing }) {
  const { t } = useTranslation("landings");
  const userId = useSession()?.userId ?? 0;
  const queryClient = useQueryClient();
  const update = useUpdateLanding(userId, landing.id);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  // `version` among the values: the one they were read at, what a save is checked against.
  // Each field says what is wrong with it as soon as the owner leaves it, and Guardar always
  // answers: a click with a field still wrong shows why there and goes to it (issue 25.14).
  const form = useForm<ConfigInput, unknown, ConfigOutput>({
    resolver: zodResolver(configFormSchema),
    defaultValues: formValues(landing),
    mode: "onTouched",
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors, isDirty },
  } = form;
  const draft = useFormDraft(`landing-config:${landing.id}`, form);

  const displayName = watch("display_name") ?? "";
  const slugText = watch("name") ?? "";
  const currency = watch("currency") ?? landing.currency;
  const saved = { slug: landing.name, url: landing.public_url };
  const check = useSlugCheck(slugText, { landingId: landing.id, saved });
  const base = usePublicBase(saved);

  const chooseLogo = (file: File | null) => {
    setLogo(file);
    setLogoError(undefined);
    // Only the name can go into the draft: after a reload the owner is asked to choose it again.
    setValue("logo_file", file?.name ?? "", { shouldDirty: true });
  };

  const showSaved = (fresh: Landing) => {
    reset(formValues(fresh));
    draft.clear();
    setLogo(null);
    setLogoError(undefined);
    setStale(false);
    setFailure(null);
  };

  // A new currency re-labels every price as it stands (nothing is converted): asked first.
  const [currencyChange, setCurrencyChange] = useState<ConfigOutput | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    if (values.currency.toUpperCase() !== landing.currency.toUpperCase()) {
      setCurrencyChange(values);
      return;
    }
    await save(values);
  });

  const save = async (values: ConfigOutput) => {
    setFailure(null);
    setStale(false);
    setLogoError(undefined);
    try {
      const fresh = await update.mutateAsync({
        ...values,
        name: slugify(values.name),
        addons: values.addons.map((addon) => ({
          id: addon.addon_id,
          name: addon.name,
          translations: { [otherLanguage(landing.default_language)]: { name: addon.other_name } },
          price_cents: addon.price,
          kind: addon.kind,
          max_quantity: addon.max_quantity,
        })),
        logo,
        // The version the values were read at, a restored draft's included: stale answers 409.
        version: values.version,
      });
      showSaved(fresh);
      notify.success(ACTION, t("config.saved"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone saved first: keep what was typed, say so beside Guardar, offer to reload.
        setStale(true);
        return;
      }
      const placed = applyFieldErrors(error, setError, FIELDS);
      const logoMessage = error instanceof ApiError ? error.fieldMessage("logo") : undefined;
      if (logoMessage) setLogoError(logoMessage);
      // SPEC §8's sentence beside Guardar, with the server's reason when no field explains it.
      const reason =
        !placed && !logoMessage && error instanceof ApiError && error.status !== 500 ? error.message : null;
      setFailure({ reason });
    }
  };

  const confirmCurrency = async () => {
    if (!currencyChange) return;
    await save(currencyChange);
    setCurrencyChange(null);
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...landingQuery(userId, landing.id), staleTime: 0 });
      showSaved(fresh);
    } catch (error) {
      notify.error(`${ACTION}-reload`, error instanceof ApiError ? error.message : t("errors.generic"));
    } finally {
      setReloading(false);
    }
  };

  const discard = () => {
    reset();
    draft.clear();
    setLogo(null);
    setLogoError(undefined);
    setStale(false);
    setFailure(null);
  };

  const changed = isDirty || logo !== null;
  useLeaveGuard(changed, { onLeave: draft.clear });
  const invalid = Object.keys(errors).length > 0;
  const noteId = `${ACTION}-note`;
  const actionsNote =
    invalid || changed ? (
      <span id={noteId} className={invalid ? "font-medium text-red-700" : undefined}>
        {invalid ? t("config.fixErrors") : t("config.unsaved")}
      </span>
    ) : undefined;
  const logoFile = watch("logo_file");
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label={t("detail.tabs.settings")}>
      {draft.restored && changed && (
        <DraftRestoredNote files={logoFile && !logo ? [{ field: "logo", name: logoFile }] : []} onDiscard={discard} />
      )}
      <FormSection title={t("config.identityTitle")} description={t("config.identityBody")}>
        <DisplayNameField
          label={t("fields.displayName")}
          hint={t("config.displayNameHint")}
          value={displayName}
          error={displayMessage(t, errors.display_name?.message)}
          {...register("display_name")}
        />
        <SlugField
          label={t("fields.slug")}
          value={slugText}
          check={check}
          base={base}
          error={displayMessage(t, errors.name?.message)}
          {...register("name", {
            onBlur: (event: { target: { value: string } }) => {
              const normalized = slugify(event.target.value);
              if (normalized && normalized !== event.target.value) setValue("name", normalized, { shouldDirty: true });
            },
          })}
        />
        {check.kind !== "unchanged" && check.kind !== "empty" && (
          <p className="-mt-2 text-sm text-amber-800" data-testid="slug-change-note">
            {t("config.slugChangeNote")}
          </p>
        )}
        <ImageField
          label={t("fields.logo")}
          hint={logoAdvice(t)}
          currentUrl={landing.logo}
          file={logo}
          onFileChange={chooseLogo}
          maxBytes={LOGO_MAX_BYTES}
          error={logoError}
          pendingNote={t("ui.pendingSave")}
          background={HEX_COLOR.test(watch("color_primary") ?? "") ? watch("color_primary") : landing.color_primary}
        />
      </FormSection>

      <BrandSection form={form} />
      <RegionSection form={form} fallback={{ timeZone: landing.time_zone, currency: landing.currency }} />

      <FormSection id="extras" title={t("config.addonsTitle")} description={t("config.addonsBody")}>
        <AddonsEditor
          control={control}
          register={register}
          errors={errors}
          currency={currency}
          otherLanguage={otherLanguage(landing.default_language)}
        />
      </FormSection>

      <SaveFailure
        stale={stale}
        reloading={reloading}
        onReload={() => void reload()}
        failure={failure}
        failedText={t("config.failed")}
      />
      <FormActions note={actionsNote}>
        <ButtonLink to={`/review-component/${landing.name}`} variant="secondary">
          <Eye aria-hidden="true" className="size-4" />
          {t("detail.preview")}
        </ButtonLink>
        <Button type="submit" loading={update.isPending} aria-describedby={invalid ? noteId : undefined}>
          {update.isPending ? t("config.saving") : t("config.save")}
        </Button>
      </FormActions>
      <ConfirmDialog
        open={currencyChange !== null}
        onOpenChange={(open) => {
          if (!open && !update.isPending) setCurrencyChange(null);
        }}
        title={t("config.currencyConfirmTitle", { currency: currencyChange?.currency.toUpperCase() ?? "" })}
        description={t("config.currencyConfirmBody", {
          from: landing.currency,
          to: currencyChange?.currency.toUpperCase() ?? "",
        })}
        confirmLabel={t("config.currencyConfirm", { to: currencyChange?.currency.toUpperCase() ?? "" })}
        onConfirm={() => void confirmCurrency()}
        pending={update.isPending}
      />
    </form>
  );
}
