import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";

export type Location = { id: number; id_landing: number; place_of_departure: string; arrival_place: string };
export type LocationInput = { place_of_departure: string; arrival_place: string };

export const locationsKey = (landingId: number) => ["locations", landingId] as const;

export const locationsQuery = (landingId: number) =>
  queryOptions({
    queryKey: locationsKey(landingId),
    queryFn: () => apiRequest<Location[]>(`/api/landings/${landingId}/locations`),
  });

export function useAddLocation(landingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationInput) =>
      apiRequest<{ message: string; location: Location }>(`/api/landings/${landingId}/addLocation`, {
        method: "POST",
        body: input,
      }),
    onSuccess: ({ location }) => {
      queryClient.setQueryData<Location[]>(locationsKey(landingId), (list) => (list ? [...list, location] : list));
      void queryClient.invalidateQueries({ queryKey: locationsKey(landingId) });
    },
  });
}

export function useDeleteLocation(landingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: number) =>
      apiRequest<{ message: string }>(`/api/landing/${landingId}/locations`, {
        method: "DELETE",
        body: { location_id: locationId },
      }),
    onSuccess: (_answer, locationId) => {
      queryClient.setQueryData<Location[]>(locationsKey(landingId), (list) =>
        list?.filter((location) => location.id !== locationId),
      );
      void queryClient.invalidateQueries({ queryKey: locationsKey(landingId) });
    },
  });
}
