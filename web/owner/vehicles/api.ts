import type { Translations } from "@domain/translations";
import type { ListedVehicle, Vehicle } from "@domain/vehicles";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { uploadWithProgress } from "@web/lib/upload";

/** The vehicle fields as the API takes them: prices in units ("45.50"), booleans as "1"/"0". */
export type VehiclePayload = {
  name: string;
  description: string;
  price: string;
  luggage: string;
  people: string;
  type_of_car: string;
  transmision: string;
  brand: string;
  commissions: string;
  units: string;
  bluetooth: boolean;
  siriusxm: boolean;
  gps: boolean;
  automatic: boolean;
  apple_car: boolean;
  features: { name: string; value: string }[];
  /** Each unit's plate or name, unit 1 first ("" for none). */
  unit_labels: string[];
  /** The description in the landing's other language: { en: { description } }. */
  translations: Translations<"description">;
};

type VehicleAnswer = { message: string; vehicle: Vehicle };

export const vehiclesKey = (landingId: number) => ["vehicles", landingId] as const;

export const vehiclesQuery = (landingId: number) =>
  queryOptions({
    queryKey: vehiclesKey(landingId),
    queryFn: () => apiRequest<ListedVehicle[]>(`/api/vehicles/${landingId}`),
  });

export const vehicleQuery = (landingId: number, vehicleId: number) =>
  queryOptions({
    queryKey: [...vehiclesKey(landingId), vehicleId],
    queryFn: () => apiRequest<Vehicle>(`/api/vehicles/${landingId}/${vehicleId}`),
  });

const flag = (value: boolean) => (value ? "1" : "0");

function formFields(payload: VehiclePayload): Record<string, string> {
  return {
    name: payload.name,
    description: payload.description,
    price: payload.price,
    luggage: payload.luggage,
    people: payload.people,
    type_of_car: payload.type_of_car,
    transmision: payload.transmision,
    brand: payload.brand,
    commissions: payload.commissions || "0",
    units: payload.units,
    bluetooth: flag(payload.bluetooth),
    siriusxm: flag(payload.siriusxm),
    gps: flag(payload.gps),
    automatic: flag(payload.automatic),
    apple_car: flag(payload.apple_car),
    features: JSON.stringify(payload.features),
    unit_labels: JSON.stringify(payload.unit_labels),
    translations: JSON.stringify(payload.translations),
  };
}

export function createVehicle(
  landingId: number,
  payload: VehiclePayload,
  images: File[],
  onProgress?: (fractions: number[]) => void,
) {
  return uploadWithProgress<VehicleAnswer>("/api/vehicle", {
    fields: { id_landing: String(landingId), ...formFields(payload) },
    files: { name: "images", list: images },
    onProgress,
  });
}

/**
 * Saves the fields of a vehicle read at `version`; if it was saved elsewhere since, the server
 * answers 409 and nothing is overwritten.
 */
export function updateVehicle(landingId: number, vehicleId: number, payload: VehiclePayload, version: number) {
  return apiRequest<VehicleAnswer>(`/api/vehicles/${landingId}/${vehicleId}`, {
    method: "PUT",
    body: { ...formFields(payload), features: payload.features, translations: payload.translations, version },
  });
}

export function addVehicleImages(
  landingId: number,
  vehicleId: number,
  images: File[],
  onProgress?: (fractions: number[]) => void,
) {
  return uploadWithProgress<VehicleAnswer>(`/api/vehicles/${landingId}/${vehicleId}/images`, {
    files: { name: "images", list: images },
    onProgress,
  });
}

export const deleteVehicleImage = (landingId: number, vehicleId: number, imageId: number) =>
  apiRequest<VehicleAnswer>(`/api/vehicles/${landingId}/${vehicleId}/images/${imageId}`, { method: "DELETE" });

export const reorderVehicleImages = (landingId: number, vehicleId: number, imageIds: number[]) =>
  apiRequest<VehicleAnswer>(`/api/vehicles/${landingId}/${vehicleId}/images/order`, {
    method: "PUT",
    body: { image_ids: imageIds },
  });

export const assignSpecialFeature = (vehicleId: number, featureId: number) =>
  apiRequest<Vehicle>(`/api/vehicles/${vehicleId}/special-features`, {
    method: "POST",
    body: { special_feature_id: featureId },
  });

export const unassignSpecialFeature = (vehicleId: number, featureId: number) =>
  apiRequest<Vehicle>(`/api/vehicles/${vehicleId}/special-features/${featureId}`, { method: "DELETE" });

export const deleteVehicle = (landingId: number, vehicleId: number) =>
  apiRequest<{ message: string }>(`/api/vehicle/${landingId}/${vehicleId}`, { method: "DELETE" });

/** After any change to a landing's fleet: its list, and the landing counters (["landings", ...]). */
export function useInvalidateFleet(landingId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vehiclesKey(landingId) }),
      queryClient.invalidateQueries({ queryKey: ["landings"] }),
    ]);
}

/** Deletes a vehicle; the callbacks run even if the view that asked has gone (e.g. the list emptied). */
export function useDeleteVehicle(
  landingId: number,
  callbacks: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const invalidate = useInvalidateFleet(landingId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleId: number) => deleteVehicle(landingId, vehicleId),
    onSuccess: (_answer, vehicleId) => {
      queryClient.setQueryData<ListedVehicle[]>(vehiclesKey(landingId), (list) =>
        list?.filter((v) => v.id !== vehicleId),
      );
      queryClient.removeQueries({ queryKey: [...vehiclesKey(landingId), vehicleId] });
      void invalidate();
      callbacks.onSuccess();
    },
    onError: (error) => {
      // Refused for bookings made since the list was read: the list reads them now.
      void queryClient.invalidateQueries({ queryKey: vehiclesKey(landingId) });
      callbacks.onError(error);
    },
  });
}
