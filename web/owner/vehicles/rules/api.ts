import type { Language } from "@domain/languages";
import type { VehicleBlock, VehicleBlockInput } from "@domain/rental-rules-schemas";
import type { ListedVehicle, Vehicle } from "@domain/vehicles";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@web/lib/api";
import { useInvalidateFleet, vehicleQuery, vehiclesKey } from "../api";

/** What the vehicle's "Tarifas y disponibilidad" form sends: amounts plain, whole numbers as typed. */
export type VehicleRulesBody = {
  version: number;
  min_days: string;
  max_days: string;
  min_driver_age: string;
  deposit: string;
  /** `translations`: the season's name in the landing's other language, under it ("" for none). */
  seasons: {
    name: string;
    from: string;
    to: string;
    price: string;
    translations: Partial<Record<Language, { name: string }>>;
  }[];
};

/** PUT /vehicles/{landingId}/{id}/rules with the version the values were read at (409 when stale). */
export function useSaveVehicleRules(landingId: number, vehicleId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateFleet(landingId);
  return useMutation({
    mutationFn: (body: VehicleRulesBody) =>
      apiRequest<{ message: string; vehicle: Vehicle }>(`/api/vehicles/${landingId}/${vehicleId}/rules`, {
        method: "PUT",
        body,
      }),
    onSuccess: ({ vehicle }) => {
      // The vehicle's other tab (its details) opens with this version next, not a stale one.
      queryClient.setQueryData(vehicleQuery(landingId, vehicleId).queryKey, vehicle);
      queryClient.setQueryData<ListedVehicle[]>(vehiclesKey(landingId), (list) =>
        list?.map((candidate) => (candidate.id === vehicle.id ? { ...candidate, ...vehicle } : candidate)),
      );
      void invalidate();
    },
  });
}

export const blocksKey = (landingId: number, vehicleId: number) => ["vehicle-blocks", landingId, vehicleId] as const;

export const blocksQuery = (landingId: number, vehicleId: number) =>
  queryOptions({
    queryKey: blocksKey(landingId, vehicleId),
    queryFn: () => apiRequest<VehicleBlock[]>(`/api/vehicles/${landingId}/${vehicleId}/blocks`),
  });

export function useAddBlock(landingId: number, vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleBlockInput) =>
      apiRequest<{ message: string; block: VehicleBlock }>(`/api/vehicles/${landingId}/${vehicleId}/blocks`, {
        method: "POST",
        body,
      }),
    onSuccess: ({ block }) => {
      queryClient.setQueryData<VehicleBlock[]>(blocksKey(landingId, vehicleId), (list) =>
        list ? [...list, block].sort((a, b) => a.from.localeCompare(b.from)) : list,
      );
      void queryClient.invalidateQueries({ queryKey: blocksKey(landingId, vehicleId) });
    },
  });
}

export function useDeleteBlock(landingId: number, vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: number) =>
      apiRequest<{ message: string }>(`/api/vehicles/${landingId}/${vehicleId}/blocks/${blockId}`, {
        method: "DELETE",
      }),
    onSuccess: (_answer, blockId) => {
      queryClient.setQueryData<VehicleBlock[]>(blocksKey(landingId, vehicleId), (list) =>
        list?.filter((block) => block.id !== blockId),
      );
      void queryClient.invalidateQueries({ queryKey: blocksKey(landingId, vehicleId) });
    },
  });
}
