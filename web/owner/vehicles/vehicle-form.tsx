import { textLength } from "@domain/text-length";
import type { Vehicle } from "@domain/vehicles";
import { Alert } from "@web/ui/alert";
import { Button } from "@web/ui/button";
import { StaleDataAlert } from "@web/ui/stale-data-alert";
import { useId } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FeaturesEditor } from "./features-editor";
import { FormSection } from "./form-section";
import { PhotoUploader } from "./photo-uploader";
import { SpecialFeaturesPicker } from "./special-features-picker";
import { useVehicleForm } from "./use-vehicle-form";
import { VehicleDraftNote } from "./vehicle-draft-note";
import { VehicleFormFields } from "./vehicle-form-fields";

type VehicleFormProps = {
  landingId: number;
  /** The vehicle to edit, as loaded; without it the form adds a new one. */
  vehicle?: Vehicle;
  /** After a successful save (the toast is already shown). */
  onSaved: (vehicle: Vehicle) => void;
  onCancel: () => void;
  /**
   * A new vehicle was created but a later step failed (its special features): the form now edits
   * that vehicle, so saving again completes it instead of creating a second one.
   */
  onCreated?: (vehicle: Vehicle) => void;
};

/**
 * The add and edit vehicle form (SPEC §2), used by the designer and by the landing's Vehículos tab.
 *
 * What was typed survives a reload (a draft per vehicle, with the version it was typed against);
 * photos cannot be kept in a draft, so the note names those to choose again. Leaving with unsaved
 * changes asks first; a successful save forgets the draft.
 */
export function VehicleForm({ landingId, vehicle: loaded, onSaved, onCancel, onCreated }: VehicleFormProps) {
  const { t } = useTranslation("fleet");
  const vehicleForm = useVehicleForm({ landingId, loaded, onSaved, onCreated });
  const { form, busy, phase, photos } = vehicleForm;
  const { control, register, setValue, trigger, formState } = form;
  const specialLabelId = useId();
  const description = useWatch({ control, name: "description" }) ?? "";

  return (
    <form onSubmit={vehicleForm.onSubmit} noValidate className="flex flex-col gap-5" aria-busy={busy || undefined}>
      {vehicleForm.restored && vehicleForm.changed && (
        <VehicleDraftNote lostPhotos={vehicleForm.lostPhotos} onDiscard={vehicleForm.discardDraft} />
      )}
      <FormSection title={t("form.sections.photos")} description={t("form.sections.photosHint")}>
        <div ref={vehicleForm.photoSectionRef}>
          <PhotoUploader photos={photos} busy={busy} serverError={vehicleForm.photoError} />
        </div>
      </FormSection>

      <VehicleFormFields
        register={register}
        setValue={setValue}
        trigger={trigger}
        errors={formState.errors}
        disabled={busy}
        currency={vehicleForm.currency}
        descriptionLength={textLength(description)}
        otherLanguage={vehicleForm.other}
        {...vehicleForm.options}
        control={control}
      />

      <FormSection title={t("form.sections.features")} description={t("form.sections.featuresHint")}>
        <FeaturesEditor control={control} register={register} errors={formState.errors} disabled={busy} />
      </FormSection>

      <FormSection
        title={t("form.sections.special")}
        titleId={specialLabelId}
        description={t("form.sections.specialHint")}
      >
        <Controller
          control={control}
          name="special_feature_ids"
          render={({ field }) => (
            <SpecialFeaturesPicker
              value={field.value}
              onChange={field.onChange}
              disabled={busy}
              labelId={specialLabelId}
            />
          )}
        />
      </FormSection>

      {vehicleForm.stale && (
        <StaleDataAlert onReload={() => void vehicleForm.reload()} reloading={vehicleForm.reloading} />
      )}
      {vehicleForm.specialFailed !== null && (
        <Alert>{t("form.specialError", { name: vehicleForm.specialFailed })}</Alert>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" loading={phase.step !== "idle"} disabled={vehicleForm.reloading} className="sm:min-w-44">
          {phase.step === "uploading"
            ? t("form.uploading", { percent: phase.percent })
            : phase.step === "saving"
              ? t("form.saving")
              : vehicleForm.editing
                ? t("form.submitEdit")
                : t("form.submitAdd")}
        </Button>
      </div>
    </form>
  );
}
