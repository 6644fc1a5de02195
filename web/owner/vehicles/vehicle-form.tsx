import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { CAPACITY_MAX, CAPACITY_MIN, CAR_TYPES, TRANSMISSIONS, type Vehicle } from "../../../domain/vehicles";
import { currentLanguage } from "../../i18n/setup";
import { ApiError } from "../../lib/api";
import { applyFieldErrors } from "../../lib/form-errors";
import { Button } from "../../ui/button";
import { useInvalidateFleet, vehicleQuery } from "./api";
import { FeaturesEditor } from "./features-editor";
import { FormSection } from "./form-section";
import { useLandingCurrency } from "./format";
import { usePhotoList } from "./photo-list";
import { PhotoUploader } from "./photo-uploader";
import { SaveStepError, saveExistingVehicle, saveNewVehicle } from "./save-vehicle";
import { SpecialFeaturesPicker } from "./special-features-picker";
import { VehicleFormFields } from "./vehicle-form-fields";
import {
  emptyVehicleForm,
  VEHICLE_FORM_FIELDS,
  type VehicleFormValues,
  vehicleFormResolver,
  vehicleFormValues,
  vehiclePayload,
} from "./vehicle-form-schema";

type VehicleFormProps = {
  landingId: number;
  /** The vehicle to edit; without it the form adds a new one. */
  vehicle?: Vehicle;
  /** After a successful save (the toast is already shown). */
  onSaved: (vehicle: Vehicle) => void;
  onCancel: () => void;
};

type Phase = { step: "idle" } | { step: "uploading"; percent: number } | { step: "saving" };

/** The add and edit vehicle form (SPEC §2), used by the designer and by the landing's Vehículos tab. */
export function VehicleForm({ landingId, vehicle, onSaved, onCancel }: VehicleFormProps) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const currency = useLandingCurrency(landingId);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFleet(landingId);
  const photos = usePhotoList(vehicle?.images);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const photoSectionRef = useRef<HTMLDivElement>(null);
  const specialLabelId = useId();
  const editing = vehicle !== undefined;

  const form = useForm<VehicleFormValues>({
    resolver: vehicleFormResolver,
    defaultValues: vehicle ? vehicleFormValues(vehicle) : emptyVehicleForm(),
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const busy = phase.step !== "idle";

  const carTypeOptions = Object.entries(CAR_TYPES).map(([value, labels]) => ({ value, label: labels[language] }));
  const transmissionOptions = Object.entries(TRANSMISSIONS).map(([value, labels]) => ({
    value,
    label: labels[language],
  }));
  const capacityOptions = Array.from({ length: CAPACITY_MAX - CAPACITY_MIN + 1 }, (_, index) => {
    const value = String(CAPACITY_MIN + index);
    return { value, label: value };
  });

  const photosMissing = () => {
    if (photos.items.length > 0) return false;
    photos.setProblems([{ key: "imagesRequired" }]);
    return true;
  };

  const focusPhotos = () => photoSectionRef.current?.querySelector<HTMLInputElement>("input[type=file]")?.focus();

  const showServerErrors = (error: unknown, values: VehicleFormValues) => {
    const featurePaths = values.features.flatMap(
      (_row, index) => [`features.${index}.name`, `features.${index}.value`] as Path<VehicleFormValues>[],
    );
    const applied = applyFieldErrors(error, setError, [...VEHICLE_FORM_FIELDS, ...featurePaths]);
    if (!(error instanceof ApiError) || !error.errors) return;
    const messages = Object.entries(error.errors).flatMap(([field, list]) => {
      const match = field.match(/^images(?:\.(\d+))?$|^image_ids$|^file$/);
      if (!match || !list[0]) return [];
      return [match[1] ? t("photos.fileError", { position: Number(match[1]) + 1, message: list[0] }) : list[0]];
    });
    if (messages.length > 0) {
      setPhotoError(messages.join(" "));
      if (!applied) focusPhotos();
    }
  };

  const onProgress = (fractions: number[]) => {
    const newItems = photos.newFiles;
    const next: Record<string, number> = {};
    let sent = 0;
    let total = 0;
    newItems.forEach((item, index) => {
      const fraction = fractions[index] ?? 0;
      next[item.key] = fraction;
      sent += fraction * item.file.size;
      total += item.file.size;
    });
    photos.setProgress(next);
    setPhase({ step: "uploading", percent: total > 0 ? Math.round((sent / total) * 100) : 100 });
  };

  const onSubmit = handleSubmit(
    async (values) => {
      if (photosMissing()) {
        focusPhotos();
        return;
      }
      setPhotoError(undefined);
      photos.setProblems([]);
      const payload = vehiclePayload(values);
      setPhase(photos.newFiles.length > 0 ? { step: "uploading", percent: 0 } : { step: "saving" });
      try {
        const saved = vehicle
          ? await saveExistingVehicle(
              landingId,
              vehicle,
              payload,
              photos.items,
              photos.removedIds,
              values.special_feature_ids,
              onProgress,
            )
          : await saveNewVehicle(landingId, payload, photos.items, values.special_feature_ids, onProgress);
        setPhase({ step: "saving" });
        await invalidate();
        toast.success(editing ? t("form.updated") : t("form.created"));
        onSaved(saved);
      } catch (error) {
        // The fields are enabled again before the errors are placed, so the first one can take the focus.
        flushSync(() => setPhase({ step: "idle" }));
        const step = error instanceof SaveStepError ? error.step : "fields";
        const cause = error instanceof SaveStepError ? error.reason : error;
        photos.setProgress({});
        if (step === "fields") {
          showServerErrors(cause, values);
          toast.error(t("form.error"));
        } else {
          // The fields were saved; what is on the server now is what the form shows next.
          await invalidate();
          if (step === "photos" && vehicle) {
            showServerErrors(cause, values);
            const fresh = await queryClient
              .fetchQuery({ ...vehicleQuery(landingId, vehicle.id), staleTime: 0 })
              .catch(() => undefined);
            if (fresh) photos.resetTo(fresh.images);
          }
          toast.error(step === "photos" ? t("form.photosError") : t("form.specialError"));
        }
      } finally {
        setPhase({ step: "idle" });
      }
    },
    () => {
      photosMissing();
    },
  );

  const description = useWatch({ control, name: "description" }) ?? "";

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={busy || undefined}>
      <FormSection title={t("form.sections.photos")} description={t("form.sections.photosHint")}>
        <div ref={photoSectionRef}>
          <PhotoUploader photos={photos} busy={busy} serverError={photoError} />
        </div>
      </FormSection>

      <VehicleFormFields
        register={register}
        errors={formState.errors}
        disabled={busy}
        currency={currency}
        descriptionLength={description.length}
        carTypeOptions={carTypeOptions}
        transmissionOptions={transmissionOptions}
        capacityOptions={capacityOptions}
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

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" loading={busy} className="sm:min-w-44">
          {phase.step === "uploading"
            ? t("form.uploading", { percent: phase.percent })
            : phase.step === "saving"
              ? t("form.saving")
              : editing
                ? t("form.submitEdit")
                : t("form.submitAdd")}
        </Button>
      </div>
    </form>
  );
}
