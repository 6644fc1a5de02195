import type { Language } from "@domain/languages";
import { textLength } from "@domain/text-length";
import type { Translations } from "@domain/translations";
import {
  FEATURE_NAME_MAX,
  type SpecialFeature,
  specialFeatureInputSchema,
  VEHICLE_DESCRIPTION_MAX,
} from "@domain/vehicles";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { displayMessage } from "@web/i18n/messages";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { Button } from "@web/ui/button";
import { CharCounter } from "@web/ui/char-counter";
import { Dialog } from "@web/ui/dialog";
import { StaleDataAlert } from "@web/ui/stale-data-alert";
import { TextField } from "@web/ui/text-field";
import { TextareaField } from "@web/ui/textarea-field";
import { useEffect, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { specialFeaturesKey, specialFeaturesQuery, useCreateSpecialFeature, useUpdateSpecialFeature } from "./api";

/** What the form holds: the words as written, and in the other languages (each optional). */
type FeatureValues = { name: string; description: string; translations: Translations<"name" | "description"> };

const EMPTY: FeatureValues = { name: "", description: "", translations: {} };

// The API's own schema checks the form (its translations typed loosely as any language's texts).
const featureResolver = zodResolver(specialFeatureInputSchema) as unknown as Resolver<FeatureValues>;

const valuesOf = (feature: SpecialFeature): FeatureValues => ({
  name: feature.name,
  description: feature.description,
  translations: feature.translations,
});

type FeatureDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The feature to edit; none for "Nueva característica". */
  feature?: SpecialFeature | null;
  /** A new feature saved: a vehicle's form that opened the dialog assigns it at once. */
  onCreated?: (feature: SpecialFeature) => void;
};

/**
 * "Nueva característica" and "Editar característica": name and description, both required (SPEC
 * §2, §8). An edit sends the words the dialog opened with, so a save from a screen another tab has
 * changed since is refused (409) with the typed text kept and a way to load what is saved.
 */
export function FeatureDialog({ open, onOpenChange, feature = null, onCreated }: FeatureDialogProps) {
  const { t } = useTranslation("fleet");
  const queryClient = useQueryClient();
  const create = useCreateSpecialFeature();
  const update = useUpdateSpecialFeature();
  const saving = create.isPending || update.isPending;
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  // What the form was filled with: the words an edit is checked against.
  const [loaded, setLoaded] = useState<FeatureValues>(EMPTY);
  // The words in the dashboard's other language: what a visitor reading in it sees (PRODUCT §8).
  // A translation into the dashboard's own language, written before a switch, is kept as it is.
  const other: Language = currentLanguage() === "es" ? "en" : "es";
  const otherName = t(`form.languages.${other}`);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<FeatureValues>({ resolver: featureResolver, defaultValues: EMPTY });
  const description = useWatch({ control, name: "description" }) ?? "";
  const name = useWatch({ control, name: "name" }) ?? "";
  const translatedName = useWatch({ control, name: `translations.${other}.name` }) ?? "";
  const translatedDescription = useWatch({ control, name: `translations.${other}.description` }) ?? "";
  const action = feature ? `feature-update:${feature.id}` : "feature-create";

  // Each opening starts from the feature as listed (or empty for a new one).
  useEffect(() => {
    if (!open) return;
    const values = feature ? valuesOf(feature) : EMPTY;
    setLoaded(values);
    setStale(false);
    reset(values);
  }, [open, feature, reset]);

  const close = (next: boolean) => {
    if (saving) return;
    if (!next) {
      create.reset();
      update.reset();
    }
    onOpenChange(next);
  };

  const reload = async () => {
    if (!feature) return;
    setReloading(true);
    try {
      // Fetched again (staleTime 0), never the list this tab already holds.
      const list = await queryClient.fetchQuery({ ...specialFeaturesQuery(), staleTime: 0 });
      const saved = list.find((item) => item.id === feature.id);
      if (!saved) {
        notify.error(action, t("specialPage.gone"));
        onOpenChange(false);
        return;
      }
      const values = valuesOf(saved);
      setLoaded(values);
      reset(values);
      setStale(false);
    } finally {
      setReloading(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (feature) {
        await update.mutateAsync({
          id: feature.id,
          ...values,
          previous: { name: loaded.name, description: loaded.description },
        });
        notify.success(action, t("specialPage.updated"));
      } else {
        const created = await create.mutateAsync(values);
        notify.success(action, t("specialPage.created"));
        onCreated?.(created.feature);
      }
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setStale(true);
        return;
      }
      if (error instanceof ApiError && error.status === 404) {
        notify.error(action, t("specialPage.gone"));
        void queryClient.invalidateQueries({ queryKey: specialFeaturesKey });
        onOpenChange(false);
        return;
      }
      // A field error (e.g. a name already used) is shown under its field, not also as a toast.
      if (!applyFieldErrors(error, setError, ["name", "description"])) {
        notify.error(action, t(feature ? "specialPage.updateError" : "specialPage.createError"));
      }
    }
  });

  const formId = "feature-form";
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={feature ? t("specialPage.editTitle", { name: feature.name }) : t("specialPage.addTitle")}
      description={feature ? t("specialPage.editDescription") : t("specialPage.addDescription")}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={saving}>
            {t("translation:common.cancel")}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={stale}>
            {saving ? t("form.saving") : t(feature ? "specialPage.editSubmit" : "specialPage.addSubmit")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {stale && <StaleDataAlert onReload={() => void reload()} reloading={reloading} />}
        <TextField
          label={t("specialPage.name")}
          hint={t("specialPage.nameHint")}
          maxLength={FEATURE_NAME_MAX}
          autoComplete="off"
          // The field stops at its limit, silently cutting what is pasted: the count says so.
          labelAside={<CharCounter count={textLength(name)} max={FEATURE_NAME_MAX} />}
          error={displayMessage(t, errors.name?.message)}
          {...register("name")}
        />
        <TextareaField
          label={t("specialPage.descriptionLabel")}
          hint={t("specialPage.descriptionHint")}
          rows={3}
          labelAside={<CharCounter count={textLength(description)} max={VEHICLE_DESCRIPTION_MAX} />}
          error={displayMessage(t, errors.description?.message)}
          {...register("description")}
        />
        <TextField
          label={t("specialPage.nameIn", { language: otherName })}
          hint={t("specialPage.inHint", { language: otherName })}
          lang={other}
          maxLength={FEATURE_NAME_MAX}
          autoComplete="off"
          labelAside={<CharCounter count={textLength(translatedName)} max={FEATURE_NAME_MAX} />}
          error={displayMessage(t, errors.translations?.[other]?.name?.message)}
          {...register(`translations.${other}.name`)}
        />
        <TextareaField
          label={t("specialPage.descriptionIn", { language: otherName })}
          lang={other}
          rows={3}
          labelAside={<CharCounter count={textLength(translatedDescription)} max={VEHICLE_DESCRIPTION_MAX} />}
          error={displayMessage(t, errors.translations?.[other]?.description?.message)}
          {...register(`translations.${other}.description`)}
        />
      </form>
    </Dialog>
  );
}
