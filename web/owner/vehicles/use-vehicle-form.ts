import { otherLanguage } from "@domain/translations";
import { CAPACITY_MAX, CAPACITY_MIN, CAR_TYPES, TRANSMISSIONS, type Vehicle } from "@domain/vehicles";
import { useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { applyFieldErrors } from "@web/lib/form-errors";
import { notify } from "@web/lib/notify";
import { useFormDraft } from "@web/lib/use-form-draft";
import { useLeaveGuard } from "@web/lib/use-leave-guard";
import { useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useInvalidateFleet, vehicleQuery } from "./api";
import { usePhotoList } from "./photo-list";
import { SaveStepError, saveExistingVehicle, saveNewVehicle } from "./save-vehicle";
import { useFleetLanding, useLandingCurrency } from "./use-fleet-landing";
import {
  emptyVehicleForm,
  VEHICLE_FORM_FIELDS,
  type VehicleFormValues,
  vehicleFormResolver,
  vehicleFormValues,
  vehiclePayload,
} from "./vehicle-form-schema";

type Phase = { step: "idle" } | { step: "uploading"; percent: number } | { step: "saving" };

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));
const savedOrder = (vehicle: Vehicle | undefined) =>
  [...(vehicle?.images ?? [])].sort((a, b) => a.position - b.position).map((image) => `saved-${image.id}`);

/**
 * The add and edit vehicle form's state and save (SPEC §2): the form and its draft (per vehicle,
 * with the version it was typed against; photos cannot be kept in a draft, so their names are, to
 * say which to choose again), the photo list, and the save in its steps (fields, photos with their
 * progress, special features), each failure placed where the owner can fix it: under a field, on
 * the photos, as a stale-data alert (409), or as a toast. Leaving with unsaved changes asks first.
 */
export function useVehicleForm({
  landingId,
  loaded,
  onSaved,
  onCreated,
}: {
  landingId: number;
  loaded: Vehicle | undefined;
  onSaved: (vehicle: Vehicle) => void;
  onCreated?: (vehicle: Vehicle) => void;
}) {
  const { t } = useTranslation("fleet");
  const language = currentLanguage();
  const currency = useLandingCurrency(landingId);
  // The description may be written in the landing's other language too.
  const other = otherLanguage(useFleetLanding(landingId).data?.default_language ?? "es");
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFleet(landingId);
  // The vehicle as this form read it: its version goes with the save, whatever the cache learns
  // meanwhile (a refetch on focus must not make a stale form look fresh). Reloading replaces it.
  const [vehicle, setVehicle] = useState(loaded);
  const photos = usePhotoList(vehicle?.images);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  // The vehicle was saved but its special features were not: said above the actions until the next save.
  const [specialFailed, setSpecialFailed] = useState<string | null>(null);
  const photoSectionRef = useRef<HTMLDivElement>(null);
  const editing = vehicle !== undefined;
  const saveKey = `vehicle-save:${vehicle?.id ?? `new-${landingId}`}`;

  const form = useForm<VehicleFormValues>({
    resolver: vehicleFormResolver,
    defaultValues: vehicle ? vehicleFormValues(vehicle, language) : emptyVehicleForm(),
    // The first problem in the form's order takes the focus (`onSubmit`): the photos, above every
    // field, when there are none; react-hook-form's own would skip them for the first field.
    shouldFocusError: false,
  });
  const { handleSubmit, setError, setValue, getValues, reset, formState } = form;
  // Read while rendering, so the form keeps it up to date (react-hook-form subscribes on read).
  const { isDirty } = formState;
  const busy = phase.step !== "idle" || reloading;

  // One draft per vehicle (and one for a new vehicle of this landing).
  const draft = useFormDraft(`vehicle:${landingId}:${vehicle?.id ?? "new"}`, form);
  const initialOrder = useMemo(() => savedOrder(vehicle), [vehicle]);
  const photosChanged =
    photos.removedIds.length > 0 ||
    photos.items.length !== initialOrder.length ||
    photos.items.some((item, index) => item.key !== initialOrder[index]);
  const changed = isDirty || photosChanged;
  const leave = useLeaveGuard(changed, { onLeave: draft.clear });

  // The names of the photos chosen and not uploaded go into the draft (the files cannot); the first
  // run is skipped, so a draft's names are read before the empty list of a fresh page replaces them.
  const photosSeen = useRef(photos.items);
  useEffect(() => {
    if (photosSeen.current === photos.items) return;
    photosSeen.current = photos.items;
    const names = photos.items.flatMap((item) => (item.kind === "new" ? [item.file.name] : []));
    setValue("photo_files", names);
  }, [photos.items, setValue]);
  const [lostPhotos, setLostPhotos] = useState<string[]>([]);
  useEffect(() => {
    if (draft.restored) setLostPhotos(getValues("photo_files"));
  }, [draft.restored, getValues]);
  const chosenAgain = photos.items.some((item) => item.kind === "new");

  const discardDraft = () => {
    reset();
    draft.clear();
    photos.resetTo(vehicle?.images ?? []);
    setLostPhotos([]);
    setPhotoError(undefined);
  };

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
    if (photos.snapshot().items.length > 0) return false;
    photos.setProblems([{ key: "imagesRequired" }]);
    return true;
  };

  const focusPhotos = () => photoSectionRef.current?.querySelector<HTMLInputElement>("input[type=file]")?.focus();

  /** Places a 422's messages under the fields and the photos; false when none of them could show it. */
  const showServerErrors = (error: unknown, values: VehicleFormValues, photosLead?: string): boolean => {
    const featurePaths = values.features.flatMap(
      (_row, index) => [`features.${index}.name`, `features.${index}.value`] as Path<VehicleFormValues>[],
    );
    const labelPaths = (values.unit_labels ?? []).map(
      (_label, index) => `unit_labels.${index}` as Path<VehicleFormValues>,
    );
    // The other description is `translations.{language}.description` to the server.
    const named =
      error instanceof ApiError ? error.under(`translations.${other}.description`, "other_description") : error;
    const applied = applyFieldErrors(named, setError, [
      ...VEHICLE_FORM_FIELDS,
      "other_description",
      ...featurePaths,
      ...labelPaths,
    ]);
    if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return applied;
    const messages = Object.entries(error.errors).flatMap(([field, list]) => {
      const match = field.match(/^images(?:\.(\d+))?$|^image_ids$|^file$/);
      if (!match || !list[0]) return [];
      return [match[1] ? t("photos.fileError", { position: Number(match[1]) + 1, message: list[0] }) : list[0]];
    });
    if (messages.length > 0) {
      setPhotoError([photosLead, ...messages].filter(Boolean).join(" "));
      if (!applied) focusPhotos();
    }
    return applied || messages.length > 0;
  };

  /** After a 409: the vehicle as it is saved now, in the form, instead of what was typed. */
  const reload = async () => {
    if (!vehicle) return;
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...vehicleQuery(landingId, vehicle.id), staleTime: 0 });
      setVehicle(fresh);
      reset(vehicleFormValues(fresh, language));
      draft.clear();
      photos.resetTo(fresh.images);
      setPhotoError(undefined);
      setStale(false);
      notify.dismiss(saveKey);
    } catch {
      notify.error(saveKey, t("tab.loadError"));
    } finally {
      setReloading(false);
    }
  };

  /**
   * Whether the vehicle is still at `version`. A save that lowers the units answers 409 both when
   * someone saved first and when bookings hold more units than that; only the first moves the version.
   */
  const unchangedSince = async (version: number) => {
    if (!vehicle) return false;
    try {
      const fresh = await queryClient.fetchQuery({ ...vehicleQuery(landingId, vehicle.id), staleTime: 0 });
      return fresh.version === version;
    } catch {
      // Not known: the stale alert's reload is the safe way on.
      return false;
    }
  };

  /** Upload progress of these new photos, in the order they are sent. */
  const progressOf = (newItems: ReturnType<typeof photos.snapshot>["newFiles"]) => (fractions: number[]) => {
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
      // Photos still being checked join the list (or are refused) before anything is sent.
      await photos.settled();
      if (photosMissing()) {
        focusPhotos();
        return;
      }
      setPhotoError(undefined);
      setStale(false);
      setSpecialFailed(null);
      // A new attempt: whatever the last one said is no longer the news.
      notify.dismiss(saveKey);
      photos.setProblems([]);
      const payload = vehiclePayload(values, other);
      const { items, removedIds, newFiles } = photos.snapshot();
      const onProgress = progressOf(newFiles);
      const addingPhotos = newFiles.length > 0;
      const fieldsChanged = isDirty || removedIds.length > 0;
      setPhase(addingPhotos ? { step: "uploading", percent: 0 } : { step: "saving" });
      try {
        const saved = vehicle
          ? await saveExistingVehicle(
              landingId,
              // The version the values were read at (a restored draft's included): stale answers 409.
              { ...vehicle, version: values.version },
              payload,
              items,
              removedIds,
              values.special_feature_ids,
              onProgress,
            )
          : await saveNewVehicle(landingId, payload, items, values.special_feature_ids, onProgress);
        setPhase({ step: "saving" });
        await invalidate();
        if (!editing) notify.success(saveKey, t("form.created"));
        else if (!addingPhotos || fieldsChanged) notify.success(saveKey, t("form.updated"));
        // SPEC §8: photos added to a vehicle that already existed have their own message.
        if (editing && addingPhotos) notify.success(`vehicle-images:${vehicle.id}`, t("api:imagesAdded"));
        // Saved: nothing is left to keep or to ask about when the form goes.
        leave.release();
        draft.clear();
        onSaved(saved);
      } catch (error) {
        // The fields are enabled again before the errors are placed, so the first one can take the focus.
        flushSync(() => setPhase({ step: "idle" }));
        const step = error instanceof SaveStepError ? error.step : "fields";
        const cause = error instanceof SaveStepError ? error.reason : error;
        photos.setProgress({});
        if (step === "fields") {
          if (cause instanceof ApiError && cause.status === 409) {
            if (Number(values.units) < (vehicle?.units ?? 0) && (await unchangedSince(values.version))) {
              // Fewer units than bookings hold at once: the server's words (how many, which day)
              // under the field, and what was typed stays to be corrected.
              setError("units", { type: "server", message: cause.message }, { shouldFocus: true });
            } else {
              // Saved elsewhere since this form loaded: say so, keep what was typed, offer a reload.
              setStale(true);
            }
          } else if (cause instanceof ApiError && cause.status === 0) {
            // No connection: nothing was saved, and it says so until the owner saves again (a
            // generic failure gone in 3 s read as if the change might have gone through).
            notify.error(saveKey, t("form.offline"), { duration: Number.POSITIVE_INFINITY });
          } else if (!showServerErrors(cause, values)) {
            // Field errors speak for themselves; a toast only for what no field can show.
            notify.error(saveKey, t("form.error"));
          }
        } else {
          // The fields were saved (a new vehicle exists from now on): what is on the server now is
          // what the form shows next, and its new version is the one the next save goes with.
          await invalidate();
          const shown = step === "photos" && showServerErrors(cause, values, t("form.photosError"));
          const saved = error instanceof SaveStepError ? error.saved : undefined;
          const id = vehicle?.id ?? saved?.id;
          const fresh =
            id === undefined
              ? undefined
              : await queryClient.fetchQuery({ ...vehicleQuery(landingId, id), staleTime: 0 }).catch(() => saved);
          if (fresh) {
            if (!vehicle) {
              // Created: this form edits it from now on (saving again must not create a second
              // one). The draft of a new vehicle is forgotten; this vehicle's own draft takes over.
              const forgetNewDraft = draft.clear;
              flushSync(() => setVehicle(fresh));
              forgetNewDraft();
              onCreated?.(fresh);
            } else {
              setVehicle(fresh);
            }
            reset(vehicleFormValues(fresh, language));
            // The special features the owner picked and the server does not have yet stay picked.
            const assigned = fresh.special_features.map((feature) => feature.id);
            if (!sameIds(assigned, values.special_feature_ids)) {
              setValue("special_feature_ids", values.special_feature_ids, { shouldDirty: true });
            }
            // Its photos are the server's now (a new vehicle's went up with it): none is sent twice.
            // Those the failed upload did not take stay, marked new, for the next save to send.
            photos.resetTo(fresh.images, error instanceof SaveStepError ? error.unsent : []);
          }
          if (step === "specialFeatures") {
            setSpecialFailed(fresh?.name ?? values.name);
          } else if (!shown) {
            notify.error(saveKey, t("form.photosError"));
          }
        }
      } finally {
        setPhase({ step: "idle" });
      }
    },
    (errors) => {
      if (photosMissing()) {
        focusPhotos();
        return;
      }
      // Once the fields refused are marked: the first of them in the page's order (the photo
      // picker may still be marked for files refused earlier, which this submit is not about).
      requestAnimationFrame(() => {
        const marked = photoSectionRef.current
          ?.closest("form")
          ?.querySelector<HTMLElement>('[name][aria-invalid="true"]:not([type="file"]):not(:disabled)');
        const first = Object.keys(errors)[0] as keyof VehicleFormValues | undefined;
        if (marked) marked.focus();
        else if (first) form.setFocus(first);
      });
    },
  );

  return {
    form,
    other,
    currency,
    editing,
    busy,
    phase,
    reloading,
    stale,
    reload,
    specialFailed,
    photos,
    photoError,
    photoSectionRef,
    changed,
    restored: draft.restored,
    lostPhotos: chosenAgain ? [] : lostPhotos,
    discardDraft,
    options: { carTypeOptions, transmissionOptions, capacityOptions },
    onSubmit,
  };
}
