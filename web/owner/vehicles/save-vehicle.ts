import type { Vehicle } from "@domain/vehicles";
import {
  addVehicleImages,
  assignSpecialFeature,
  createVehicle,
  deleteVehicleImage,
  reorderVehicleImages,
  unassignSpecialFeature,
  updateVehicle,
  type VehiclePayload,
} from "./api";
import type { PhotoItem } from "./photo-list";

/**
 * Where a failed save stopped: the fields (nothing changed) or a later step (the fields were
 * saved). After a later step, `saved` is the vehicle as the server has it: a new vehicle exists
 * from then on, and the form must go on as an edit of it, never create it again. `unsent` are the
 * new photos that never reached it: the form keeps them, for the next save to send.
 */
export class SaveStepError extends Error {
  constructor(
    public readonly step: "fields" | "photos" | "specialFeatures",
    public readonly reason: unknown,
    public readonly saved?: Vehicle,
    public readonly unsent: PhotoItem[] = [],
  ) {
    super(step);
  }
}

type Progress = (fractions: number[]) => void;

async function syncSpecialFeatures(vehicle: Vehicle, before: number[], after: number[]) {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  try {
    for (const id of added) await assignSpecialFeature(vehicle.id, id);
    for (const id of removed) await unassignSpecialFeature(vehicle.id, id);
  } catch (error) {
    throw new SaveStepError("specialFeatures", error, vehicle);
  }
}

/** A new vehicle: fields and photos in one upload, then its special features. */
export async function saveNewVehicle(
  landingId: number,
  payload: VehiclePayload,
  photos: PhotoItem[],
  specialFeatureIds: number[],
  onProgress: Progress,
): Promise<Vehicle> {
  const files = photos.flatMap((item) => (item.kind === "new" ? [item.file] : []));
  let vehicle: Vehicle;
  try {
    vehicle = (await createVehicle(landingId, payload, files, onProgress)).vehicle;
  } catch (error) {
    throw new SaveStepError("fields", error);
  }
  await syncSpecialFeatures(vehicle, [], specialFeatureIds);
  return vehicle;
}

/**
 * An existing vehicle, as it was when the form loaded it (its `version` guards the fields against
 * a lost update): its fields, then the photo changes through the photo calls (remove, add,
 * order), then its special features. The server keeps at least one photo, so when every saved photo
 * goes, the last one is removed only after the new ones are in.
 */
export async function saveExistingVehicle(
  landingId: number,
  vehicle: Vehicle,
  payload: VehiclePayload,
  photos: PhotoItem[],
  removedIds: number[],
  specialFeatureIds: number[],
  onProgress: Progress,
): Promise<Vehicle> {
  let saved: Vehicle;
  try {
    saved = (await updateVehicle(landingId, vehicle.id, payload, vehicle.version)).vehicle;
  } catch (error) {
    throw new SaveStepError("fields", error);
  }

  const newItems = photos.flatMap((item) => (item.kind === "new" ? [item] : []));
  let uploaded = false;
  try {
    const keepsSaved = photos.some((item) => item.kind === "saved");
    const removeFirst = keepsSaved ? removedIds : removedIds.slice(0, -1);
    const removeLast = keepsSaved ? [] : removedIds.slice(-1);
    for (const id of removeFirst) saved = (await deleteVehicleImage(landingId, vehicle.id, id)).vehicle;

    const idsByKey = new Map<string, number>();
    for (const item of photos) if (item.kind === "saved") idsByKey.set(item.key, item.image.id);
    if (newItems.length > 0) {
      const known = new Set(saved.images.map((image) => image.id));
      saved = (
        await addVehicleImages(
          landingId,
          vehicle.id,
          newItems.map((item) => item.file),
          onProgress,
        )
      ).vehicle;
      uploaded = true;
      // The new photos come back after the existing ones, in the order they were sent.
      const added = saved.images.filter((image) => !known.has(image.id)).sort((a, b) => a.position - b.position);
      newItems.forEach((item, index) => {
        const image = added[index];
        if (image) idsByKey.set(item.key, image.id);
      });
    }
    for (const id of removeLast) saved = (await deleteVehicleImage(landingId, vehicle.id, id)).vehicle;

    const wanted = photos.flatMap((item) => {
      const id = idsByKey.get(item.key);
      return id === undefined ? [] : [id];
    });
    const current = [...saved.images].sort((a, b) => a.position - b.position).map((image) => image.id);
    if (wanted.length === current.length && wanted.some((id, index) => id !== current[index])) {
      saved = (await reorderVehicleImages(landingId, vehicle.id, wanted)).vehicle;
    }
  } catch (error) {
    throw new SaveStepError("photos", error, saved, uploaded ? [] : newItems);
  }

  await syncSpecialFeatures(
    saved,
    vehicle.special_features.map((feature) => feature.id),
    specialFeatureIds,
  );
  return saved;
}
